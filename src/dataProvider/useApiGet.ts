/**
 * GET of a /v1 call that is not a resource (the financial summary, a charge's messages, the audit
 * log): the reply, whether it is loading, and the error, read again when the URL changes or on
 * `reload()` (the last reply stays shown meanwhile); a call left behind is aborted.
 */
import * as React from 'react';
import { apiFetch } from './http';

export function useApiGet<T>(url: string | null) {
  const [version, setVersion] = React.useState(0);
  const [state, setState] = React.useState<{ url: string | null; version?: number; data?: T; error?: unknown }>({ url: null });
  React.useEffect(() => {
    if (!url) return undefined;
    const controller = new AbortController();
    apiFetch<T>(url, { signal: controller.signal })
      .then((data) => setState({ url, version, data }))
      .catch((error) => {
        if (!controller.signal.aborted) setState({ url, version, error });
      });
    return () => controller.abort();
  }, [url, version]);
  const reload = React.useCallback(() => setVersion((n) => n + 1), []);
  const current = state.url === url;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    /** Nothing read yet for this URL. */
    isPending: !!url && !current,
    /** A read under way, a reload included. */
    isFetching: !!url && !(current && state.version === version),
    reload,
  };
}
