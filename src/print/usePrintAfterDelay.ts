/**
 * Imprimir on the printable pages: the browser's print dialog opens after 1 s (SPEC 9), so the
 * page has painted its last data and the button's ripple is gone. `pending` is true meanwhile.
 */
import * as React from 'react';

export const PRINT_DELAY_MS = 1000;

export function usePrintAfterDelay(delay = PRINT_DELAY_MS) {
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [pending, setPending] = React.useState(false);
  React.useEffect(() => () => clearTimeout(timer.current), []);
  const print = React.useCallback(() => {
    clearTimeout(timer.current);
    setPending(true);
    timer.current = setTimeout(() => {
      setPending(false);
      window.print();
    }, delay);
  }, [delay]);
  return { print, pending };
}
