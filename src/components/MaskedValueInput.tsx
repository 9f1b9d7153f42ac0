/**
 * A react-admin input typed through a mask whose kept value is not the text shown: a date typed
 * dd/mm/aaaa and kept 'YYYY-MM-DD' (BrDateInput), a time typed and kept HH:MM (BrTimeInput). What
 * is not a whole, real value stays in the form as typed, so the form's schema refuses to save it,
 * and the box says why (from the moment it loses focus, or once the mask is full).
 */
import * as React from 'react';
import type { TextFieldProps } from '@mui/material';
import { FieldTitle, useInput, useTranslate } from 'ra-core';
import { InputHelperText, ResettableTextField, sanitizeInputRestProps, type TextInputProps } from 'react-admin';
import { ImaskAdapter } from './MaskedTextInput';

export interface MaskedValue {
  mask: string;
  /** Catalogue keys: the empty box's hint, and what a box that holds no value says. */
  placeholder: string;
  invalid: string;
  /** The kept value → the text shown. */
  format: (value: unknown) => string;
  /** The text of a whole, real value → the value kept; null for anything else. */
  toValue: (text: string) => string | null;
  /** A kept value is a whole, real one. */
  isValue: (value: string) => boolean;
}

/** The masked box's props (MUI's slotProps): the mask, a numeric keyboard, the hint. */
export function useMaskSlotProps({ mask, placeholder }: Pick<MaskedValue, 'mask' | 'placeholder'>): TextFieldProps['slotProps'] {
  const translate = useTranslate();
  return {
    input: { inputComponent: ImaskAdapter as never },
    htmlInput: { mask, inputMode: 'numeric', autoComplete: 'off', placeholder: translate(placeholder) },
    inputLabel: { shrink: true },
  };
}

export type MaskedValueInputProps = Omit<TextInputProps, 'format' | 'parse' | 'type'>;

export function MaskedValueInput({ kind, ...props }: MaskedValueInputProps & { kind: MaskedValue }) {
  const { className, defaultValue, label, helperText, onBlur, onChange, resource, source, validate, ...rest } = props;
  const translate = useTranslate();
  const slotProps = useMaskSlotProps(kind);
  /** What the form holds while the box has no value: refused, in a form without a schema too. */
  const valid = (value: unknown) => (typeof value === 'string' && value !== '' && !kind.isValue(value) ? kind.invalid : undefined);
  const {
    field,
    fieldState: { error, invalid, isTouched },
    id,
    isRequired,
  } = useInput({
    defaultValue,
    format: kind.format,
    parse: (text: string) => (text === '' ? null : (kind.toValue(text) ?? text)),
    resource,
    source,
    validate: [valid, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])],
    onBlur,
    onChange,
    ...rest,
  });
  // field.value is what the box shows: a kept value formatted, or the text typed while it is not one.
  const notAValue = typeof field.value === 'string' && field.value !== '' && kind.toValue(field.value) === null;
  const showInvalid = notAValue && (isTouched || invalid || field.value.length === kind.mask.length);
  return (
    <ResettableTextField
      id={id}
      {...field}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      label={
        label !== '' && label !== false ? <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} /> : null
      }
      error={invalid || showInvalid}
      helperText={showInvalid ? translate(kind.invalid) : <InputHelperText error={error?.message} helperText={helperText} />}
      {...sanitizeInputRestProps(rest)}
      slotProps={slotProps}
    />
  );
}
