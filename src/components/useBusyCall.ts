/**
 * A panel's call to the server from a button: `busy` while it runs (the buttons wait); on success
 * its notice and `then`; a refusal in the red snackbar (useServerErrorNotify); `settle` either way.
 */
import * as React from 'react';
import { useNotify } from 'ra-core';
import { useServerErrorNotify } from '../form/useServerErrorNotify';

export interface BusyCallSteps {
  /** The success notice's catalogue key. */
  done?: string;
  then?: () => void;
  settle?: () => void;
}

export function useBusyCall() {
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [busy, setBusy] = React.useState(false);
  const run = async (call: () => Promise<unknown>, { done, then, settle }: BusyCallSteps = {}) => {
    setBusy(true);
    try {
      await call();
      if (done) notify(done, { type: 'success' });
      then?.();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
      settle?.();
    }
  };
  return { busy, run };
}
