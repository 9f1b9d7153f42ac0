/**
 * A GET read again every `intervalMs` (the inbox's 5 s) and on `reload()`, without jank: the last
 * reply stays shown while the next is read, a read is skipped while the tab is hidden, and a call
 * left behind (the URL changed, the page closed) is aborted.
 */
import * as React from 'react';
import { apiFetch } from '../../dataProvider/http';

export function useLive<T>(url: string | null, intervalMs = 5000) {
  const [state, setState] = React.useState<{ url: string | null; data?: T; error?: unknown }>({ url: null });
  const [version, setVersion] = React.useState(0);
  React.useEffect(() => {
    if (!url) return undefined;
    let controller = new AbortController();
    const read = () => {
      controller.abort();
      controller = new AbortController();
      const signal = controller.signal;
      apiFetch<T>(url, { signal })
        .then((data) => {
          if (!signal.aborted) setState({ url, data });
        })
        .catch((error) => {
          if (!signal.aborted) setState((prev) => ({ url, data: prev.url === url ? prev.data : undefined, error }));
        });
    };
    read();
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') read();
    }, intervalMs);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [url, intervalMs, version]);
  const reload = React.useCallback(() => setVersion((n) => n + 1), []);
  const current = state.url === url;
  return { data: current ? state.data : undefined, error: current ? state.error : undefined, reload };
}
