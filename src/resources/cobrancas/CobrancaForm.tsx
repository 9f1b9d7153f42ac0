/**
 * 'Nova Cobrança' / 'Cobrança' (SPEC 2.14): the client (search), then descrição, valor, vencimento,
 * informações and status. A due date in the past warns, before saving, what it will do to the
 * client (issue 22): the charge is Vencida at once, the client Vencido, or Bloqueado once it is
 * `bloqueio` days late (the company's Notificações setting).
 */
import * as React from 'react';
import { Alert, Box } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'ra-core';
import { SelectInput, SimpleForm, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { daysBetween, isCalendarDate } from '../../../domain/calendar';
import { COBRANCA_STATUS } from '../../../domain/financeiro';
import { cobrancaSchema } from '../../../domain/schemas/financeiro';
import { parseMoney } from '../../../domain/schemas/money';
import { BrDateInput } from '../../components/BrDateInput';
import { ClienteSearchTab } from '../../components/ClienteSearchTab';
import { FormGrid, fullRow } from '../../components/FormGrid';
import { FormToolbar } from '../../components/FormToolbar';
import { MoneyInput } from '../../components/MoneyInput';
import { today } from '../../components/DateRangeFilter';
import { useCompanyIntegrations } from '../../components/useCompanyIntegrations';
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

/** Only a charge left open turns overdue: a paid or cancelled one moves nobody. */
const OPEN_STATUSES: number[] = [COBRANCA_STATUS.EM_ABERTO, COBRANCA_STATUS.VENCIDA];

/** What a past due date does, shown under it while the charge is open. */
function DuedateWarning() {
  const translate = useTranslate();
  const record = useRecordContext();
  const [duedate, status] = useWatch({ name: ['duedate', 'status'] }) as [unknown, unknown];
  const { bloqueio } = useCompanyIntegrations();
  if (!isCalendarDate(duedate) || !OPEN_STATUSES.includes(Number(status))) return null;
  const dias = daysBetween(duedate, today());
  if (dias <= 0) return null;
  const key = record?.id ? 'app.cobrancas.vencimento_passado_edit' : 'app.cobrancas.vencimento_passado';
  const efeito = dias >= bloqueio ? 'app.cobrancas.vencimento_bloqueia' : 'app.cobrancas.vencimento_vence';
  return (
    <Alert severity="warning" sx={{ ...fullRow, mb: 2 }}>
      {translate(key, { smart_count: dias })} {translate(efeito, { smart_count: bloqueio })}
    </Alert>
  );
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
        <BrDateInput source="duedate" isRequired />
        <DuedateWarning />
        <SelectInput source="status" choices={statusChoices} />
        <TextInput source="informacoes" multiline minRows={3} sx={fullRow} />
      </FormGrid>
    </SimpleForm>
  );
}

export const CobrancaCreateForm = () => <CobrancaForm />;
export const CobrancaEditForm = () => <CobrancaForm />;
