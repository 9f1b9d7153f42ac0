/** The subscription's inputs: the client's data (read-only, a person's or a company's) and the recurrence. */
import * as React from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatCpfCnpj, formatPhone } from '../../../domain/formatters';
import { BrDateInput } from '../../components/BrDateInput';
import { FormGrid, fullRow } from '../../components/FormGrid';
import { MoneyInput, PercentInput } from '../../components/MoneyInput';
import { cycleChoices, statusChoices } from './choices';
import { FormaCobrancaInputs } from './FormaCobranca';
import { DescontoInputs } from '../planos/Desconto';

/** The client's fields a subscription shows (copied by the server from the client). */
export const CLIENTE_FIELDS = [
  'cadastro',
  'name',
  'cpf',
  'email',
  'phone',
  'mobilePhone',
  'razaosocial',
  'cnpj',
  'incmunicipal',
  'incestdudal',
] as const;

function Heading({ label }: { label: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mt: 2, mb: 1, gridColumn: '1 / -1' }}>
      {translate(label)}
    </Typography>
  );
}

export function ClienteDados() {
  const cadastro = useWatch({ name: 'cadastro' });
  const readOnly = { readOnly: true, helperText: false as const };
  return (
    <FormGrid>
      {cadastro === 'JURIDICA' ? (
        <>
          <Heading label="app.assinaturas.dados_empresa" />
          <TextInput source="razaosocial" {...readOnly} sx={fullRow} />
          <TextInput source="cnpj" {...readOnly} format={formatCpfCnpj} />
          <TextInput source="incmunicipal" {...readOnly} />
          <TextInput source="incestdudal" {...readOnly} />
        </>
      ) : (
        <>
          <Heading label="app.assinaturas.dados_pessoais" />
          <TextInput source="name" {...readOnly} sx={fullRow} />
          <TextInput source="cpf" {...readOnly} format={formatCpfCnpj} />
          <TextInput source="email" {...readOnly} />
          <TextInput source="phone" {...readOnly} format={formatPhone} />
          <TextInput source="mobilePhone" {...readOnly} format={formatPhone} />
        </>
      )}
    </FormGrid>
  );
}

export function AssinaturaInputs() {
  return (
    <FormGrid>
      <Heading label="app.assinaturas.recorrencia" />
      <TextInput source="description" isRequired sx={fullRow} />
      <MoneyInput source="valor" />
      <SelectInput source="cycle" choices={cycleChoices} isRequired />
      <BrDateInput source="nextduedate" isRequired />
      <BrDateInput source="enddate" helperText="app.assinaturas.enddate_help" />
      <PercentInput source="multa" helperText="app.assinaturas.multa_help" />
      <PercentInput source="jurosmensal" helperText="app.assinaturas.juros_help" />
      <SelectInput source="status" choices={statusChoices} />
      <TextInput source="informacoes" multiline minRows={3} sx={fullRow} />
      <DescontoInputs assinatura />
      <Heading label="app.assinaturas.forma.titulo" />
      <FormaCobrancaInputs />
    </FormGrid>
  );
}
