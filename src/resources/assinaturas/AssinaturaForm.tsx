/**
 * 'Nova Assinatura' / 'Assinatura' (SPEC 2.13): a new one starts with the client search; once a
 * client is chosen, its data (a person's name, CPF, e-mail, phones; a company's razão social, CNPJ,
 * IM, IE) and the recurrence fields show. The client's data is the server's copy of the client:
 * shown, never sent as the subscription's own. Once saved, the notice says where its first charge
 * comes from (issue 23): the Asaas gateway, the charge the server generated with it, or billing later.
 */
import * as React from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'ra-core';
import { SimpleForm } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ASSINATURA_STATUS } from '../../../domain/financeiro';
import { assinaturaSchema } from '../../../domain/schemas/financeiro';
import { parseMoney } from '../../../domain/schemas/money';
import { formatNumero } from '../../../domain/formatters';
import { ClienteSearchTab } from '../clientes/ClienteSearchTab';
import { useCompanyIntegrations } from '../../components/useCompanyIntegrations';
import type { CreatedMessage } from '../../components/useCreatedNotify';
import { FormToolbar } from '../../components/FormToolbar';
import { corpoFinanceiro } from '../../form/corpoFinanceiro';
import { zodResolver } from '../../form/zodResolver';
import type { ClienteResumo } from '../clientes/types';
import { comDescontoDoForm, descontoDoForm } from '../planos/Desconto';
import { AssinaturaInputs, ClienteDados, CLIENTE_FIELDS } from './AssinaturaInputs';

// The discount as the form keeps it (a blank kind: the plan's) is checked as the API's.
const resolver = zodResolver(comDescontoDoForm(assinaturaSchema, { assinatura: true }));
const defaults = {
  idcliente: null,
  cadastro: 'FISICA',
  description: '',
  valor: '',
  nextduedate: '',
  cycle: 'MONTHLY',
  multa: '',
  jurosmensal: '',
  enddate: '',
  informacoes: '',
  status: ASSINATURA_STATUS.ATIVA,
  formaCobranca: 'boleto_pix',
};

/** The body the API takes: the subscription's own fields; the client's copy is the server's. */
export function assinaturaTransform(data: RaRecord): RaRecord {
  return {
    ...corpoFinanceiro(data),
    description: data.description ?? '',
    nextduedate: data.nextduedate || null,
    cycle: data.cycle,
    multa: parseMoney(data.multa) ?? 0,
    jurosmensal: parseMoney(data.jurosmensal) ?? 0,
    enddate: data.enddate || null,
    status: Number(data.status) || ASSINATURA_STATUS.ATIVA,
    ...(data.formaCobranca ? { formaCobranca: data.formaCobranca } : {}),
    // Its own early-payment discount, none at all ({ tipo: 'nenhum' }), or null: the plan's (DESIGN 11).
    desconto: descontoDoForm(data.desconto, { assinatura: true }),
  } as RaRecord;
}

/**
 * The new subscription's notice (ResourceDialog's createdMessage): when the reply's
 * `cobrancaPeloGateway` says the gateway bills it, Asaas
 * bills it; otherwise the create reply's `cobrancaGerada` ({ id } or null) says whether the server
 * generated its first charge now (due within `emaberto` days) or billing will, `emaberto` days
 * before the due date. A reply without the field (an older server) gets the plain notice.
 */
export function useAssinaturaCreatedMessage(): CreatedMessage {
  const { integrations } = useCompanyIntegrations();
  const emaberto = Number(integrations?.notificacoes?.emaberto) || 5;
  return React.useCallback(
    (saved: RaRecord) => {
      if (Number(saved.status) !== ASSINATURA_STATUS.ATIVA) return undefined;
      // The server says whether the gateway bills it (its own integrationActive rule).
      if ((saved as { cobrancaPeloGateway?: boolean }).cobrancaPeloGateway) return { message: 'app.assinaturas.created_gateway' };
      const gerada = (saved as { cobrancaGerada?: { id?: unknown } | null }).cobrancaGerada;
      if (gerada === undefined) return undefined;
      if (gerada && gerada.id != null) return { message: 'app.assinaturas.created_cobranca', args: { numero: formatNumero(gerada.id) } };
      return { message: 'app.assinaturas.created_later', args: { smart_count: emaberto } };
    },
    [emaberto],
  );
}

/** The chosen client's data goes into the form, to be shown (ClienteDados). */
function ClienteStep({ isNew }: { isNew: boolean }) {
  const { setValue } = useFormContext();
  const pick = (cliente: ClienteResumo) => {
    for (const field of CLIENTE_FIELDS)
      setValue(field, (cliente as unknown as Record<string, unknown>)[field] ?? '', { shouldDirty: true });
  };
  return <ClienteSearchTab chosenLabel="app.assinaturas.cliente_chosen" onPick={pick} readOnly={!isNew} />;
}

/** The recurrence appears once a client is chosen. */
function Recorrencia() {
  const translate = useTranslate();
  const idcliente = useWatch({ name: 'idcliente' });
  if (!idcliente) {
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate('app.assinaturas.cliente_first')}
      </Typography>
    );
  }
  return (
    <>
      <ClienteDados />
      <AssinaturaInputs />
    </>
  );
}

function AssinaturaForm({ isNew }: { isNew: boolean }) {
  return (
    <SimpleForm resolver={resolver} defaultValues={defaults} toolbar={<FormToolbar />}>
      <Box sx={{ width: '100%' }}>
        <ClienteStep isNew={isNew} />
        <Recorrencia />
      </Box>
    </SimpleForm>
  );
}

export const AssinaturaCreateForm = () => <AssinaturaForm isNew />;
export const AssinaturaEditForm = () => <AssinaturaForm isNew={false} />;
