/**
 * Replaces react-admin's generic 'invalid form' notice for forms whose required links are chosen
 * on other tabs (a vehicle's client, an order's client, vehicle and tracker): a missing one says
 * where to go. Put it inside the form; `messages` maps a field to its notice, in order.
 */
import * as React from 'react';
import { useNotify } from 'ra-core';
import { useFormState } from 'react-hook-form';

export function InvalidFormNotify({ messages }: { messages: Record<string, string> }) {
  const { submitCount, errors } = useFormState();
  const notify = useNotify();
  const seen = React.useRef(submitCount);
  React.useEffect(() => {
    if (submitCount === seen.current) return;
    seen.current = submitCount;
    const field = Object.keys(messages).find((name) => errors[name]);
    if (field) notify(messages[field], { type: 'error' });
    else if (Object.keys(errors).length > 0) notify('ra.message.invalid_form', { type: 'error' });
  }, [submitCount, errors, notify, messages]);
  return null;
}
