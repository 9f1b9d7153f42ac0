/**
 * The WhatsApp connection state, GET /v1/integrations/whats/status, asked again on refresh()
 * (after Conectar, Desconectar or Salvar). A refused call shows its message in the red snackbar
 * and leaves the state unknown (shown as offline).
 */
import * as React from 'react';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { whatsStatus, type WhatsStatus } from './api';

export interface WhatsState {
  /** The last answer; undefined before it or when the call failed. */
  status?: WhatsStatus;
  /** No answer yet since the page opened. */
  isLoading: boolean;
  /** online: the server says 'open' (SPEC 4, "Messaging connection"). */
  online: boolean;
  refresh: () => void;
}

export function useWhatsStatus(): WhatsState {
  const onError = useServerErrorNotify();
  const [asked, setAsked] = React.useState(0);
  const [answer, setAnswer] = React.useState<{ asked: number; status?: WhatsStatus } | null>(null);
  React.useEffect(() => {
    const controller = new AbortController();
    whatsStatus(controller.signal)
      .then((reply) => setAnswer({ asked, status: reply?.status }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        setAnswer({ asked });
        onError(error);
      });
    return () => controller.abort();
  }, [asked, onError]);
  const refresh = React.useCallback(() => setAsked((n) => n + 1), []);
  return { status: answer?.status, isLoading: answer === null, online: answer?.status === 'open', refresh };
}
