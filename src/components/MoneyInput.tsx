/**
 * Money in R$, the one input of every amount (charges, plans, contracts, subscriptions, Receber,
 * chips' cost). Typed cents-style (issue 30 item 8): the digits enter from the right, so 12990 shows
 * R$ 129,90 as it is typed, and so does 129,90 (the comma is the mask's); what will be saved is what
 * the box shows. The form keeps that text (1.299,90), the schema validates it with parseMoney, and
 * the resource's transform sends a number. A stored number (49.9) shows as 49,90.
 */
import * as React from 'react';
import { InputAdornment } from '@mui/material';
import { TextInput, type TextInputProps } from 'react-admin';

const moneyText = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The largest amount the server takes (domain/schemas/money.ts): 99.999.999,99, ten digits. */
const MAX_DIGITS = 10;

/**
 * What the box shows for what was typed, cents-style: its digits (anything else dropped, leading
 * zeros too), the last two the cents, at most ten; '' when there is no digit.
 */
export function moneyMask(typed: string): string {
  const digits = typed
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_DIGITS);
  if (!digits) return '';
  const padded = digits.padStart(3, '0');
  const reais = padded.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${reais},${padded.slice(-2)}`;
}

/**
 * A stored amount (49.9, or "49.90" as numeric text) shows as 49,90; text typed in the box (it has
 * the mask's comma) stays as it is.
 */
export const formatMoneyInput = (value: unknown): string => {
  if (typeof value === 'number') return Number.isFinite(value) ? moneyText.format(value) : '';
  if (typeof value !== 'string') return '';
  if (!value.includes(',') && /^\s*\d+(\.\d{1,2})?\s*$/.test(value)) return moneyText.format(Number(value));
  return value;
};

/** What the form keeps of what was typed: the masked text ('' when empty, so a required amount is asked for). */
export const parseMoneyInput = (typed: string): string => moneyMask(typed);

/**
 * The cursor after the mask rewrote the text: as many digits from the end as it had before (the
 * cents always the last two), so an edit in the middle keeps its place.
 */
function keepCaret(input: HTMLInputElement) {
  const { value, selectionEnd } = input;
  if (selectionEnd === null) return;
  const digitsAfter = value.slice(selectionEnd).replace(/\D/g, '').length;
  requestAnimationFrame(() => {
    if (document.activeElement !== input) return;
    const shown = input.value;
    let position = shown.length;
    for (let seen = 0; position > 0 && seen < digitsAfter; position--) if (/\d/.test(shown[position - 1])) seen++;
    // Past the mask's punctuation, right after a digit.
    while (position > 0 && !/\d/.test(shown[position - 1]) && digitsAfter > 0) position--;
    input.setSelectionRange(position, position);
  });
}

export function MoneyInput({ isRequired = true, helperText = 'app.form.money_help', ...props }: Omit<TextInputProps, 'format' | 'parse'>) {
  return (
    <TextInput
      {...props}
      isRequired={isRequired}
      format={formatMoneyInput}
      parse={parseMoneyInput}
      helperText={helperText}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'off',
          onInput: (event: React.FormEvent<HTMLInputElement>) => keepCaret(event.currentTarget),
        },
      }}
    />
  );
}

/** A stored rate (2.5) shows as 2,50; what is being typed stays as typed. */
const formatRateInput = (value: unknown) => (typeof value === 'number' ? moneyText.format(value) : ((value as string) ?? ''));

/** A rate in percent (2 or 2,5), 0 to 100, with % after it. */
export function PercentInput(props: Omit<TextInputProps, 'format'>) {
  return (
    <TextInput
      {...props}
      format={formatRateInput}
      slotProps={{
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
    />
  );
}
