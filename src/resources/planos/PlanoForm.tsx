/**
 * 'Novo Plano' / 'Plano' (SPEC 2.11). Money is typed the pt-BR way (49,90): the form keeps the
 * text as typed, the schema validates it with parseMoney, and the body carries numbers.
 */
import * as React from 'react';
import { Box, InputAdornment } from '@mui/material';
import { useRecordContext, type RaRecord } from 'ra-core';
import { NumberInput, SimpleForm, TextInput } from 'react-admin';
import { planoSchema } from '../../../domain/schemas/planos';
import { parseMoney } from '../../../domain/schemas/money';
import { zodResolver } from '../../form/zodResolver';
import { FormToolbar } from '../../components/FormToolbar';

const resolver = zodResolver(planoSchema);
const grid = { display: 'grid', gap: '0 16px', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' } as const;
const full = { gridColumn: { sm: '1 / -1' } } as const;

const moneyText = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A stored number (49.9) shows as 49,90; what is being typed stays as typed. */
export const formatMoneyInput = (value: unknown) => (typeof value === 'number' ? moneyText.format(value) : ((value as string) ?? ''));

export function planoTransform(data: RaRecord): RaRecord {
  return { ...data, valor: parseMoney(data.valor), valoradd: parseMoney(data.valoradd) } as RaRecord;
}

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

export function PlanoForm() {
  return (
    <SimpleForm resolver={resolver} defaultValues={{ limtdispositivos: 1 }} toolbar={<FormToolbar />}>
      <Box sx={grid}>
        <TextInput source="name" sx={full} />
        <TextInput source="descricao" isRequired sx={full} />
        <NumberInput source="limtdispositivos" isRequired min={1} step={1} />
        <Box />
        <MoneyInput source="valor" />
        <MoneyInput source="valoradd" />
        <TextInput source="informacoes" multiline minRows={4} sx={full} />
      </Box>
    </SimpleForm>
  );
}

/** The edit form starts from the loaded plan, so its money shows as 49,90 from the first paint. */
export function PlanoEditForm() {
  const record = useRecordContext();
  if (!record) return null;
  return <PlanoForm />;
}
