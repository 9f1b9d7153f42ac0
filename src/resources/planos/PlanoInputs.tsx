/**
 * The plan inputs (SPEC 2.11). Money is typed the pt-BR way (49,90): the form keeps the text as
 * typed, the schema validates it with parseMoney, and planoTransform sends numbers.
 */
import * as React from 'react';
import { InputAdornment } from '@mui/material';
import { NumberInput, TextInput } from 'react-admin';
import { FormGrid, fullRow, RowBreak } from '../../components/FormGrid';

const moneyText = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A stored number (49.9) shows as 49,90; what is being typed stays as typed. */
const formatMoneyInput = (value: unknown) => (typeof value === 'number' ? moneyText.format(value) : ((value as string) ?? ''));

function MoneyInput({ source }: { source: string }) {
  return (
    <TextInput
      source={source}
      isRequired
      format={formatMoneyInput}
      helperText="app.planos.money_help"
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
    />
  );
}

export function PlanoInputs() {
  return (
    <FormGrid>
      <TextInput source="name" sx={fullRow} />
      <TextInput source="descricao" isRequired sx={fullRow} />
      <NumberInput source="limtdispositivos" isRequired min={1} step={1} />
      <RowBreak />
      <MoneyInput source="valor" />
      <MoneyInput source="valoradd" />
      <TextInput source="informacoes" multiline minRows={4} sx={fullRow} />
    </FormGrid>
  );
}
