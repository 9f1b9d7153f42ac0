/**
 * Money typed the pt-BR way (49,90) with R$ before it: the form keeps the text as typed, the
 * schema validates it with parseMoney, and the resource's transform sends a number. A stored
 * number (49.9) shows as 49,90.
 */
import * as React from 'react';
import { InputAdornment } from '@mui/material';
import { TextInput, type TextInputProps } from 'react-admin';

const moneyText = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A stored number (49.9) shows as 49,90; what is being typed stays as typed. */
export const formatMoneyInput = (value: unknown) => (typeof value === 'number' ? moneyText.format(value) : ((value as string) ?? ''));

export function MoneyInput({ isRequired = true, helperText = 'app.form.money_help', ...props }: Omit<TextInputProps, 'format'>) {
  return (
    <TextInput
      {...props}
      isRequired={isRequired}
      format={formatMoneyInput}
      helperText={helperText}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
    />
  );
}

/** A rate in percent (2 or 2,5), 0 to 100, with % after it. */
export function PercentInput(props: Omit<TextInputProps, 'format'>) {
  return (
    <TextInput
      {...props}
      format={formatMoneyInput}
      slotProps={{
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
    />
  );
}
