/**
 * A time of day typed and shown as HH:mm, 24 hours, whatever the browser's language (a native time
 * input follows it: 09:30 AM in an English browser). A masked text box (react-imask) puts the colon
 * in; the value kept is the same 'HH:MM' (null when empty). A whole time that does not exist
 * (25:00, 12:60), or a time left half typed, says 'Horário inválido'.
 */
import * as React from 'react';
import { MaskedValueInput, type MaskedValue, type MaskedValueInputProps } from './MaskedValueInput';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A stored time with seconds (HH:MM:SS) shows as HH:MM. */
const WITH_SECONDS = /^(\d{2}:\d{2}):\d{2}$/;

export const isTime = (value: unknown): value is string => typeof value === 'string' && TIME.test(value);

const HORARIO: MaskedValue = {
  mask: '00:00',
  placeholder: 'app.time.placeholder',
  invalid: 'app.time.invalid',
  format: (value) => {
    if (value === null || value === undefined) return '';
    const text = String(value);
    return WITH_SECONDS.exec(text)?.[1] ?? text;
  },
  toValue: (text) => (isTime(text) ? text : null),
  isValue: isTime,
};

/** A form's time of day (react-admin input): shows and keeps 'HH:MM' (null when empty). */
export function BrTimeInput(props: MaskedValueInputProps) {
  return <MaskedValueInput kind={HORARIO} {...props} />;
}
