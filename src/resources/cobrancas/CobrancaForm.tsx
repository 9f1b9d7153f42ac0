/**
 * 'Nova Cobrança' / 'Cobrança' (SPEC 2.14): the client (search), then descrição, valor, vencimento,
 * informações and status. A due date in the past warns, before saving, what it will do to the
 * client (issues 22 and 30): the charge is Vencida at once, and the client Vencido, or Bloqueado
 * (losing its tracking access) once its oldest overdue charge is `bloqueio` days late (the
 * company's Notificações setting), as billing decides from the client's state (`efeitoNoCliente`).
 */
import * as React from 'react';
import { Alert, Box } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'ra-core';
import { SelectInput, SimpleForm, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { daysBetween, isCalendarDate } from '../../../domain/calendar';
import { cobrancaAberta } from '../../../domain/cobranca';
import { COBRANCA_STATUS, efeitoNoCliente, type ClienteCobranca } from '../../../domain/financeiro';
import { cobrancaSchema } from '../../../domain/schemas/financeiro';
import { BrDateInput } from '../../components/BrDateInput';
import { ClienteSearchTab } from '../clientes/ClienteSearchTab';
import { FormGrid, fullRow } from '../../components/FormGrid';
import { FormToolbar } from '../../components/FormToolbar';
import { MoneyInput } from '../../components/MoneyInput';
import { today } from '../../components/DateRangeFilter';
import { useCompanyIntegrations } from '../../components/useCompanyIntegrations';
import { useApiGet } from '../../dataProvider/useApiGet';
import { corpoFinanceiro } from '../../form/corpoFinanceiro';
import { zodResolver } from '../../form/zodResolver';
import { statusChoices } from './choices';

const resolver = zodResolver(cobrancaSchema);
const defaults = { idcliente: null, descricao: '', valor: '', duedate: '', informacoes: '', status: COBRANCA_STATUS.EM_ABERTO };

/** The body the API takes: the charge's own fields (money as a number); embeds and computed values are read-only. */
export function cobrancaTransform(data: RaRecord): RaRecord {
  return {
    ...corpoFinanceiro(data),
    descricao: data.descricao ?? '',
    duedate: data.duedate || null,
    status: Number(data.status) || COBRANCA_STATUS.EM_ABERTO,
    invoiceUrl: data.invoiceUrl ?? '',
    bankSlipUrl: data.bankSlipUrl ?? '',
  } as RaRecord;
}

/** The client's page's `situacao` (GET /v1/clientes/{id}/resumo): its status, who set it, its oldest overdue charge. */
interface Situacao {
  situacao: { status: number; motivo: 'staff' | 'billing' | null; cobranca: { duedate: string } | null };
}

/** What a past due date does, shown under it while the charge is open. */
function DuedateWarning() {
  const translate = useTranslate();
  const record = useRecordContext();
  const [duedate, status, idcliente] = useWatch({ name: ['duedate', 'status', 'idcliente'] }) as [unknown, unknown, unknown];
  const { bloqueio } = useCompanyIntegrations();
  const hoje = today();
  // Only a charge left open turns overdue: a paid or cancelled one moves nobody.
  const past = isCalendarDate(duedate) && cobrancaAberta({ status: Number(status) }) && duedate < hoje;
  // The chosen client's state, read once the warning matters.
  const { data } = useApiGet<Situacao>(past && Number(idcliente) > 0 ? `/v1/clientes/${Number(idcliente)}/resumo` : null);
  if (!past) return null;
  const dias = daysBetween(duedate, hoje);
  const situacao = data?.situacao;
  const cliente: ClienteCobranca | null = situacao
    ? {
        status: situacao.status,
        motivo: situacao.motivo,
        vencidaDesde: situacao.cobranca && isCalendarDate(situacao.cobranca.duedate) ? situacao.cobranca.duedate : null,
      }
    : null;
  const efeito = efeitoNoCliente(duedate, hoje, bloqueio, cliente);
  const key = record?.id ? 'app.cobrancas.vencimento_passado_edit' : 'app.cobrancas.vencimento_passado';
  return (
    <Alert severity="warning" sx={{ ...fullRow, mb: 2 }}>
      {translate(key, { smart_count: dias })}
      {efeito === 'nenhum' ? null : ` ${translate(`app.cobrancas.vencimento_${efeito}`, { smart_count: bloqueio })}`}
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
