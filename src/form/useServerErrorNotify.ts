/**
 * A refused call's message in the red snackbar (SPEC 8). The reply is `{ message, errors }`
 * (DESIGN section 4): `message` goes to the snackbar here, and the forms put `errors` under their
 * fields (react-admin's save returns HttpError.body.errors to the form; the public pages return
 * serverFieldErrors from their submit). A failure without a reply (network down) says so in pt-BR,
 * never the browser's English text.
 */
import * as React from 'react';
import { HttpError, useNotify } from 'ra-core';

/**
 * The server's pt-BR message of a refused call. Without a reply, fetch has thrown a TypeError
 * (network down, server stopped): that says to check the connection. Anything else gets
 * react-admin's generic key.
 */
export function serverMessage(error: unknown): string {
  if (error instanceof HttpError && error.message) return error.message;
  return error instanceof TypeError ? 'app.notify.network_error' : 'ra.notification.http_error';
}

/** The reply's field errors (`errors`), empty when the reply has none. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors = error instanceof HttpError ? (error.body as { errors?: unknown } | undefined)?.errors : undefined;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

export function useServerErrorNotify() {
  const notify = useNotify();
  return React.useCallback(
    (error: unknown) => {
      const message = serverMessage(error);
      // The server's text is shown as is: `_` makes it its own translation.
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    [notify],
  );
}
