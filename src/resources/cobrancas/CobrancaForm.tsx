/** 'Nova Cobrança' / 'Cobrança' (SPEC 2.14): the client (search), then descrição, valor, vencimento, informações and status. */
import * as React from 'react';
import { Box } from '@mui/material';
import type { RaRecord } from 'ra-core';
import { DateInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { COBRANCA_STATUS } from '../../../domain/financeiro';
import { cobrancaSchema } from '../../../domain/schemas/financeiro';
import { parseMoney } from '../../../domain/schemas/money';
import { ClienteSearchTab } from '../../components/ClienteSearchTab';
import { FormGrid, fullRow } from '../../components/FormGrid';
import { FormToolbar } from '../../components/FormToolbar';
import { MoneyInput } from '../../components/MoneyInput';
import { zodResolver } from '../../form/zodResolver';
import { statusChoices } from './choices';

const resolver = zodResolver(cobrancaSchema);
const defaults = { idcliente: null, descricao: '', valor: '', duedate: '', informacoes: '', status: COBRANCA_STATUS.EM_ABERTO };

/** The body the API takes: the charge's own fields (money as a number); embeds and computed values are read-only. */
export function cobrancaTransform(data: RaRecord): RaRecord {
  return {
    id: data.id,
    idcliente: data.idcliente,
    descricao: data.descricao ?? '',
    valor: parseMoney(data.valor),
    duedate: data.duedate || null,
    ...(data.datecreated ? { datecreated: data.datecreated } : {}),
    informacoes: data.informacoes ?? '',
    status: Number(data.status) || 0,
    invoiceUrl: data.invoiceUrl ?? '',
    bankSlipUrl: data.bankSlipUrl ?? '',
  } as RaRecord;
}

function CobrancaForm() {
  return (
    <SimpleForm resolver={resolver} defaultValues={defaults} toolbar={<FormToolbar />}>
      <Box sx={{ width: '100%', mb: 2 }}>
        <ClienteSearchTab chosenLabel="app.cobrancas.cliente_chosen" />
      </Box>
      <FormGrid>
        <TextInput source="descricao" isRequired sx={fullRow} />
        <MoneyInput source="valor" />
        <DateInput source="duedate" isRequired />
        <SelectInput source="status" choices={statusChoices} />
        <TextInput source="informacoes" multiline minRows={3} sx={fullRow} />
      </FormGrid>
    </SimpleForm>
  );
}

export const CobrancaCreateForm = () => <CobrancaForm />;
export const CobrancaEditForm = () => <CobrancaForm />;
