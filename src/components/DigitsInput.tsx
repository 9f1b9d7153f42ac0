/**
 * A code made of digits (IMEI, ICCID, Renavam): anything else is dropped as it is typed, and it
 * stops at `maxDigits`. Phones, CPF/CNPJ and CEP have punctuation: MaskedTextInput.
 */
import * as React from 'react';
import { TextInput, type TextInputProps } from 'react-admin';
import { onlyDigits } from '../../domain/text';

export function DigitsInput({ maxDigits, ...props }: Omit<TextInputProps, 'parse'> & { maxDigits: number }) {
  const parse = React.useCallback((value: string) => onlyDigits(value).slice(0, maxDigits), [maxDigits]);
  return (
    <TextInput {...props} parse={parse} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: maxDigits, autoComplete: 'off' } }} />
  );
}
