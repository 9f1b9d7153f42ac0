/**
 * A time of day typed and shown as HH:mm, 24 hours, whatever the browser's language (a native time
 * input follows it: 09:30 AM in an English browser). A masked text box (react-imask) puts the colon
 * in; the value kept is the same 'HH:MM' (null when empty). A whole time that does not exist
 * (25:00, 12:60), or a time left half typed, says 'Horário inválido'.
 */
import * as React from 'react';
import type { TextFieldProps } from '@mui/material';
import { FieldTitle, useInput, useTranslate } from 'ra-core';
import { InputHelperText, ResettableTextField, sanitizeInputRestProps, type TextInputProps } from 'react-admin';
import { ImaskAdapter } from './MaskedTextInput';

const TIME_MASK = '00:00';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A stored time with seconds (HH:MM:SS) shows as HH:MM. */
const WITH_SECONDS = /^(\d{2}:\d{2}):\d{2}$/;

export const isTime = (value: unknown): value is string => typeof value === 'string' && TIME.test(value);

const formatTime = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return WITH_SECONDS.exec(text)?.[1] ?? text;
};

/** What the form holds while the box has no time: refused, in a form without a schema too. */
const validTime = (value: unknown) => (typeof value === 'string' && value !== '' && !isTime(value) ? 'app.time.invalid' : undefined);

/**
 * A form's time of day (react-admin input): shows and keeps 'HH:MM' (null when empty). What is not
 * a time stays in the form as typed, so the form's schema refuses to save it, and the box says
 * 'Horário inválido' (from the moment it loses focus, or once all four digits are typed).
 */
export function BrTimeInput(props: Omit<TextInputProps, 'format' | 'parse' | 'type'>) {
  const { className, defaultValue, label, helperText, onBlur, onChange, resource, source, validate, ...rest } = props;
  const translate = useTranslate();
  const {
    field,
    fieldState: { error, invalid, isTouched },
    id,
    isRequired,
  } = useInput({
    defaultValue,
    format: formatTime,
    parse: (text: string) => (text === '' ? null : text),
    resource,
    source,
    validate: [validTime, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])],
    onBlur,
    onChange,
    ...rest,
  });
  const notATime = typeof field.value === 'string' && field.value !== '' && !isTime(field.value);
  const showInvalidTime = notATime && (isTouched || invalid || field.value.length === TIME_MASK.length);
  const slotProps: TextFieldProps['slotProps'] = {
    input: { inputComponent: ImaskAdapter as never },
    htmlInput: { mask: TIME_MASK, inputMode: 'numeric', autoComplete: 'off', placeholder: translate('app.time.placeholder') },
    inputLabel: { shrink: true },
  };
  return (
    <ResettableTextField
      id={id}
      {...field}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      label={
        label !== '' && label !== false ? <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} /> : null
      }
      error={invalid || showInvalidTime}
      helperText={showInvalidTime ? translate('app.time.invalid') : <InputHelperText error={error?.message} helperText={helperText} />}
      {...sanitizeInputRestProps(rest)}
      slotProps={slotProps}
    />
  );
}
