/**
 * Dates typed and shown as dd/mm/aaaa whatever the browser's language (a native date input
 * follows it: 11/01/2026 in an English browser). A masked text box (react-imask) puts the slashes
 * in; the value kept is 'YYYY-MM-DD' once the date is whole and real. A whole date that does not
 * exist (31/02/2026), or a date left half typed, says 'Data inválida'.
 * - BrDateInput: the react-admin form input (forms' date fields);
 * - BrDateField: a plain box bound to a 'YYYY-MM-DD' value (the lists' and pages' date filters).
 */
import * as React from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { FieldTitle, useInput, useTranslate } from 'ra-core';
import { InputHelperText, ResettableTextField, sanitizeInputRestProps, type TextInputProps } from 'react-admin';
import { ImaskAdapter } from './MaskedTextInput';
import { isCalendarDate } from '../../domain/calendar';

const DATE_MASK = '00/00/0000';
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'YYYY-MM-DD' (or an ISO moment, by its date) → 'DD/MM/YYYY'; empty → ''; anything else as is. */
export function isoToBr(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const match = ISO.exec(text.slice(0, 10));
  return match && (text.length === 10 || text[10] === 'T') ? `${match[3]}/${match[2]}/${match[1]}` : text;
}

/** 'DD/MM/YYYY' of a real calendar day → 'YYYY-MM-DD'; anything else → null. */
export function brToIso(text: string): string | null {
  const match = BR.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isCalendarDate(iso) ? iso : null;
}

function useDateSlotProps(): TextFieldProps['slotProps'] {
  const translate = useTranslate();
  return {
    input: { inputComponent: ImaskAdapter as never },
    htmlInput: { mask: DATE_MASK, inputMode: 'numeric', autoComplete: 'off', placeholder: translate('app.date.placeholder') },
    inputLabel: { shrink: true },
  };
}

/** What the form holds while the box has no date: refused, in a form without a schema too. */
const validDate = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isCalendarDate(value) ? 'app.date.invalid' : undefined;

/**
 * A form's date (react-admin input): shows dd/mm/aaaa, keeps 'YYYY-MM-DD' (null when empty). What
 * is not a date stays in the form as typed, so the form's schema refuses to save it, and the box
 * says 'Data inválida' (from the moment it loses focus).
 */
export function BrDateInput(props: Omit<TextInputProps, 'format' | 'parse' | 'type'>) {
  const { className, defaultValue, label, helperText, onBlur, onChange, resource, source, validate, ...rest } = props;
  const translate = useTranslate();
  const slotProps = useDateSlotProps();
  const {
    field,
    fieldState: { error, invalid, isTouched },
    id,
    isRequired,
  } = useInput({
    defaultValue,
    format: isoToBr,
    parse: (text: string) => (text === '' ? null : (brToIso(text) ?? text)),
    resource,
    source,
    validate: [validDate, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])],
    onBlur,
    onChange,
    ...rest,
  });
  // field.value is what the box shows: a kept date as dd/mm/aaaa, or the text typed while it is not a date.
  const notADate = typeof field.value === 'string' && field.value !== '' && brToIso(field.value) === null;
  const showInvalidDate = notADate && (isTouched || invalid || field.value.length === DATE_MASK.length);
  return (
    <ResettableTextField
      id={id}
      {...field}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      label={
        label !== '' && label !== false ? <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} /> : null
      }
      error={invalid || showInvalidDate}
      helperText={showInvalidDate ? translate('app.date.invalid') : <InputHelperText error={error?.message} helperText={helperText} />}
      {...sanitizeInputRestProps(rest)}
      slotProps={slotProps}
    />
  );
}

export interface BrDateFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type'> {
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** Called with 'YYYY-MM-DD' once a whole, real date is typed, and with '' when the box is cleared. */
  onChange: (date: string) => void;
}

/** A date box outside a form (a list's or a page's date filter), bound to 'YYYY-MM-DD'. */
export function BrDateField({ value, onChange, onBlur, ...props }: BrDateFieldProps) {
  const translate = useTranslate();
  const slotProps = useDateSlotProps();
  // What is typed, and the value it was typed over: a new value from outside (Todos) shows as is.
  const [typed, setTyped] = React.useState({ value, text: isoToBr(value) });
  if (typed.value !== value) setTyped({ value, text: isoToBr(value) });
  const [left, setLeft] = React.useState(false);
  const invalid = typed.text !== '' && brToIso(typed.text) === null && (left || typed.text.length === DATE_MASK.length);
  return (
    <TextField
      {...props}
      value={typed.text}
      onChange={(event) => {
        const text = event.target.value;
        const date = text === '' ? '' : brToIso(text);
        setLeft(false);
        setTyped({ value: date ?? value, text });
        // Half typed or not a date: the filter stays as it was until a whole date is there.
        if (date !== null && date !== value) onChange(date);
      }}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
      error={invalid || props.error}
      helperText={invalid ? translate('app.date.invalid') : props.helperText}
      slotProps={slotProps}
    />
  );
}
