/**
 * /cobrancas/{id}, the charge's printable page (SPEC 2.14, DESIGN 7 and 9): the client's data and
 * contact; the charge (number, description, generated, due, value) and, when overdue, its updated
 * value with fine and interest; the additional information; the status (Em Aberto, Pago, Vencida,
 * Cancelada). Enviar, Imprimir (after 1 s), and Sair back to /cobrancas. Under the sheet, on screen
 * only, the charge's messages, read again after Enviar. The forma de cobrança and, for
 * administrators, the negativação panel (DESIGN 11, NegativacaoSection.tsx).
 */
import * as React from 'react';
import { Box, Chip, Link, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'ra-core';
import { clienteDocumento, clienteNome, isJuridica } from '../../../domain/clientes';
import { COBRANCA_STATUS } from '../../../domain/financeiro';
import { formatCpfCnpj, formatDate, formatMoney, formatNumero, formatPhone } from '../../../domain/formatters';
import { ClienteLink } from '../../components/ClienteLink';
import { CompanyBlock, DocumentHeader, InfoGrid, PrintSection, PrintTable, PrintText } from '../../print/PrintParts';
import { RecordDocumentPage } from '../../print/RecordDocumentPage';
import { useDadosempresa } from '../../print/useDadosempresa';
import { statusColor } from './choices';
import { CobrancaMensagens, useCobrancaMensagens } from './CobrancaMensagens';
import { NfseSection } from './NfseSection';
import { CobrancaItens } from './CobrancaItens';
import { FormaSection, NegativacaoSection } from './NegativacaoSection';
import { CopiarLinkButton, DesfazerRecebimentoButton, PagamentoSection, ReceberButton } from './Pagamento';
import type { Cobranca } from './types';

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

const chargeColumns = [
  { label: 'app.cobrancas.page.numero', render: (c: Cobranca) => formatNumero(c.id) },
  { label: 'app.cobrancas.page.descricao', render: (c: Cobranca) => c.descricao },
  { label: 'app.cobrancas.page.gerada', render: (c: Cobranca) => formatDate(c.datecreated) },
  { label: 'app.cobrancas.page.vencimento', render: (c: Cobranca) => formatDate(c.duedate) },
  { label: 'app.cobrancas.page.valor', render: (c: Cobranca) => formatMoney(c.valor), align: 'right' as const },
];

interface EncargoRow {
  label: string;
  detail: string;
  valor: number;
  total?: boolean;
}

function Encargos({ cobranca }: { cobranca: Cobranca }) {
  const translate = useTranslate();
  const encargos = cobranca.encargos;
  if (cobranca.valorAtualizado == null || !encargos) return null;
  const rows: EncargoRow[] = [
    { label: translate('app.cobrancas.page.valor_original'), detail: '', valor: cobranca.valor },
    { label: translate('app.cobrancas.page.multa'), detail: `${percent.format(encargos.taxaMulta)}%`, valor: encargos.multa },
    {
      label: translate('app.cobrancas.page.juros'),
      detail: translate('app.cobrancas.page.juros_detalhe', { taxa: percent.format(encargos.taxaJurosMensal), smart_count: encargos.dias }),
      valor: encargos.juros,
    },
    { label: translate('app.cobrancas.page.valor_atualizado'), detail: '', valor: cobranca.valorAtualizado, total: true },
  ];
  const bold = (row: EncargoRow, text: React.ReactNode) => (row.total ? <strong>{text}</strong> : text);
  return (
    <Box sx={{ mt: 1.5 }} component="section" aria-label={translate('app.cobrancas.page.atualizacao')}>
      <Typography variant="body2" sx={{ mb: 0.5, fontWeight: 600 }} color="error">
        {translate('app.cobrancas.page.atualizacao_aviso', { smart_count: encargos.dias })}
      </Typography>
      <PrintTable<EncargoRow>
        columns={[
          { label: 'app.cobrancas.page.item', render: (row) => bold(row, row.label) },
          { label: 'app.cobrancas.page.calculo', render: (row) => row.detail },
          { label: 'app.cobrancas.page.valor', render: (row) => bold(row, formatMoney(row.valor)), align: 'right' },
        ]}
        rows={rows}
        rowKey={(row) => row.label}
      />
    </Box>
  );
}

function CobrancaDocument({ cobranca }: { cobranca: Cobranca }) {
  const translate = useTranslate();
  const empresa = useDadosempresa();
  const cliente = cobranca.cliente ?? { id: cobranca.idcliente };
  const pj = isJuridica(cliente);
  const status = Number(cobranca.status);
  return (
    <>
      <DocumentHeader
        title={translate('app.cobrancas.page.title')}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            {translate('app.cobrancas.page.numero_titulo', { numero: formatNumero(cobranca.id) })}
            <Chip
              size="small"
              color={statusColor(status)}
              label={translate(`app.cobrancas.page_status.${status}`, { _: String(status) })}
              sx={{ '@media print': { border: 1, bgcolor: 'transparent', color: 'text.primary' } }}
            />
          </Box>
        }
        issuer={<CompanyBlock empresa={empresa} />}
      />
      <PrintSection title="app.cobrancas.page.cliente">
        <InfoGrid
          items={[
            {
              label: pj ? 'app.cobrancas.page.razaosocial' : 'app.cobrancas.page.nome',
              value: <ClienteLink id={cobranca.idcliente ?? cliente.id} nome={clienteNome(cliente)} />,
              wide: true,
            },
            { label: pj ? 'app.cobrancas.page.cnpj' : 'app.cobrancas.page.cpf', value: formatCpfCnpj(clienteDocumento(cliente)) },
            { label: 'app.cobrancas.page.email', value: cobranca.cliente?.email },
            { label: 'app.cobrancas.page.phone', value: formatPhone(cobranca.cliente?.phone) },
            { label: 'app.cobrancas.page.mobilePhone', value: formatPhone(cobranca.cliente?.mobilePhone) },
          ]}
        />
      </PrintSection>
      <PrintSection title="app.cobrancas.page.cobranca">
        <PrintTable columns={chargeColumns} rows={[cobranca]} rowKey={(c) => c.id} />
        <CobrancaItens itens={cobranca.itens} />
        {status === COBRANCA_STATUS.CANCELADA ? null : <Encargos cobranca={cobranca} />}
        {cobranca.invoiceUrl || cobranca.bankSlipUrl ? (
          <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {cobranca.invoiceUrl ? (
              <Typography variant="body2">
                {translate('app.cobrancas.page.fatura')}: <Link href={cobranca.invoiceUrl}>{cobranca.invoiceUrl}</Link>
              </Typography>
            ) : null}
            {cobranca.bankSlipUrl ? (
              <Typography variant="body2">
                {translate('app.cobrancas.page.boleto')}: <Link href={cobranca.bankSlipUrl}>{cobranca.bankSlipUrl}</Link>
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </PrintSection>
      <PagamentoSection cobranca={cobranca} />
      <FormaSection cobranca={cobranca} />
      <NegativacaoSection cobranca={cobranca} />
      <NfseSection cobranca={cobranca} />
      <PrintSection title="app.cobrancas.page.informacoes">
        <PrintText>{cobranca.informacoes || translate('app.cobrancas.page.sem_informacoes')}</PrintText>
      </PrintSection>
    </>
  );
}

export default function CobrancaPage({ id }: { id: number }) {
  const { data: cobranca, isPending, error } = useGetOne<Cobranca>('cobrancas', { id });
  const mensagens = useCobrancaMensagens(id);
  return (
    <RecordDocumentPage
      resource="cobrancas"
      record={cobranca}
      isPending={isPending}
      error={error}
      notFound="app.cobrancas.page.not_found"
      onSent={mensagens.reload}
      extraActions={(record) => (
        <>
          <CopiarLinkButton cobranca={record} />
          <ReceberButton cobranca={record} onDone={mensagens.reload} />
          <DesfazerRecebimentoButton cobranca={record} onDone={mensagens.reload} />
        </>
      )}
      after={() => <CobrancaMensagens mensagens={mensagens} />}
    >
      {(record) => <CobrancaDocument cobranca={record} />}
    </RecordDocumentPage>
  );
}
