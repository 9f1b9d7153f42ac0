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
import { useTranslate } from 'ra-core';
import { isCalendarDate } from '../../domain/calendar';
import { MaskedValueInput, useMaskSlotProps, type MaskedValue, type MaskedValueInputProps } from './MaskedValueInput';

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

const DATA: MaskedValue = {
  mask: '00/00/0000',
  placeholder: 'app.date.placeholder',
  invalid: 'app.date.invalid',
  format: isoToBr,
  toValue: brToIso,
  isValue: isCalendarDate,
};

/** A form's date (react-admin input): shows dd/mm/aaaa, keeps 'YYYY-MM-DD' (null when empty). */
export function BrDateInput(props: MaskedValueInputProps) {
  return <MaskedValueInput kind={DATA} {...props} />;
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
  const slotProps = useMaskSlotProps(DATA);
  // What is typed, and the value it was typed over: a new value from outside (Todos) shows as is.
  const [typed, setTyped] = React.useState({ value, text: isoToBr(value) });
  if (typed.value !== value) setTyped({ value, text: isoToBr(value) });
  const [left, setLeft] = React.useState(false);
  const invalid = typed.text !== '' && brToIso(typed.text) === null && (left || typed.text.length === DATA.mask.length);
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
