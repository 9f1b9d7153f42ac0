/**
 * GET of a /v1 call that is not a resource (the financial summary): the reply, whether it is
 * loading, and the error, read again when the URL changes; a call left behind is aborted.
 */
import * as React from 'react';
import { apiFetch } from './http';

export function useApiGet<T>(url: string | null) {
  const [state, setState] = React.useState<{ url: string | null; data?: T; error?: unknown }>({ url: null });
  React.useEffect(() => {
    if (!url) return undefined;
    const controller = new AbortController();
    apiFetch<T>(url, { signal: controller.signal })
      .then((data) => setState({ url, data }))
      .catch((error) => {
        if (!controller.signal.aborted) setState({ url, error });
      });
    return () => controller.abort();
  }, [url]);
  const current = state.url === url;
  return { data: current ? state.data : undefined, error: current ? state.error : undefined, isPending: !!url && !current };
}
