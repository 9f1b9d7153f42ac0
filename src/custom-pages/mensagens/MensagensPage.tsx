/**
 * /mensagens (issue 24), every staff member: the WhatsApp messages the app stored (the charges'
 * alerts and the staff's Enviar), newest first, filtered by Situação, Tipo and the creation day,
 * and by the client, charge or contract in the URL (the client's page opens /mensagens?idcliente=N).
 * Each row links to its charge or contract and to its client's page, and shows its text on
 * demand. GET /v1/mensagens is not a react-admin resource: the shared list table fed by the reply's
 * meta, as the audit log (headers and "Nenhum registro encontrado" when empty, cards on a phone).
 */
import * as React from 'react';
import { Box, Button, Card, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, formatNumero, formatPhone } from '../../../domain/formatters';
import { ellipsisOf } from '../../components/Ellipsis';
import { BrDateField } from '../../components/BrDateInput';
import { ClienteLink } from '../../components/ClienteLink';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { usePagedApiList } from '../../dataProvider/usePagedApiList';
import { mensagemTitulo, nationalNumber } from '../../resources/cobrancas/CobrancaMensagens';
import { MENSAGEM_KINDS, MENSAGEM_STATUS, STATUS_COLORS, type MensagemItem, type MensagensListReply } from './types';
import { PagedListBody } from '../../components/PagedListBody';
import { SelectBox, type SelectBoxProps } from '../../components/SelectBox';
import { PageTitle } from '../../components/PageTitle';

const nowrap = { whiteSpace: 'nowrap' } as const;
const ID = /^[1-9]\d{0,9}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The records a list may be opened for, from the URL. */
const REFS = ['idcliente', 'idcobranca', 'idcontrato'] as const;

/** A filter of the list: 'Todas', then each value. */
/** The two choices over the list: its status and its kind (their texts under app.cobrancas.mensagens.<campo>). */
const SELECTS = [
  { campo: 'status', label: 'app.mensagens.situacao', values: MENSAGEM_STATUS },
  { campo: 'kind', label: 'app.mensagens.tipo', values: MENSAGEM_KINDS },
] as const;

function SelectFilter({ label, ...props }: { label: string } & Pick<SelectBoxProps, 'value' | 'values' | 'optionLabel' | 'onChange'>) {
  const translate = useTranslate();
  return <SelectBox label={translate(label)} empty={translate('app.mensagens.todas')} width={180} {...props} />;
}

/** A creation day, typed and shown as dd/mm/aaaa whatever the browser's language; applied once whole. */
function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const translate = useTranslate();
  return <BrDateField size="small" label={translate(label)} value={value} onChange={onChange} sx={{ width: 170 }} />;
}

/** The kind, with its repetition for an overdue alert's repeats (or which update it is). */
function useKindLabel() {
  const translate = useTranslate();
  return (item: MensagemItem) => mensagemTitulo(translate, item.kind, item.occurrence);
}

function StatusChip({ item }: { item: MensagemItem }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[item.status as keyof typeof STATUS_COLORS] ?? 'default'}
      label={translate(`app.cobrancas.mensagens.status.${item.status}`, { _: item.status })}
    />
  );
}

/** The client's page (its name, or its number when the client has none). */
function Cliente({ item }: { item: MensagemItem }) {
  if (!item.idcliente) return null;
  return <ClienteLink id={item.idcliente} nome={item.cliente || formatNumero(item.idcliente)} />;
}

/** The charge's or the contract's page the message is about. */
function Relacionado({ item }: { item: MensagemItem }) {
  const translate = useTranslate();
  const link = item.idcobranca
    ? { to: `/cobrancas/${item.idcobranca}`, text: translate('app.mensagens.cobranca', { numero: formatNumero(item.idcobranca) }) }
    : item.idcontrato
      ? { to: `/contratos/${item.idcontrato}`, text: translate('app.mensagens.contrato', { numero: formatNumero(item.idcontrato) }) }
      : null;
  if (!link) return null;
  return (
    <Link component={LinkBase} to={link.to} sx={nowrap}>
      {link.text}
    </Link>
  );
}

/** Ver texto: the message's text in a dialog. */
function TextoButton({ item }: { item: MensagemItem }) {
  const translate = useTranslate();
  const kindLabel = useKindLabel();
  const [open, setOpen] = React.useState(false);
  const titleId = React.useId();
  if (!item.texto) return null;
  return (
    <>
      <Button size="small" sx={{ px: 0.5, minWidth: 0, ...nowrap }} onClick={() => setOpen(true)}>
        {translate('app.cobrancas.mensagens.ver_texto')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>
          {translate('app.mensagens.texto_titulo', { kind: kindLabel(item), data: formatDateTime(item.enviadaEm ?? item.createdAt) })}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.texto}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const destino = (item: MensagemItem) => (item.destino ? formatPhone(nationalNumber(item.destino)) : '');
const quando = (item: MensagemItem) => formatDateTime(item.enviadaEm ?? item.createdAt);

function KindText({ item }: { item: MensagemItem }) {
  return <>{useKindLabel()(item)}</>;
}

/** On a phone: the kind and the status, when beside them, then the client, the number, the reason, the records and the text. */
const card: ListCard<MensagemItem> = {
  primary: (item) => (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <KindText item={item} />
      <StatusChip item={item} />
    </Box>
  ),
  tertiary: (item) => quando(item),
  secondary: (item) => (
    <CardLine
      parts={[
        <Cliente key="cliente" item={item} />,
        destino(item),
        item.motivo,
        <Relacionado key="relacionado" item={item} />,
        <TextoButton key="texto" item={item} />,
      ]}
    />
  ),
};

function MensagensTable() {
  return (
    <ListTable<MensagemItem> card={card} resource="mensagens">
      <DataTable.Col label="app.mensagens.col_data" cellSx={() => nowrap} render={(item) => quando(item as MensagemItem)} />
      <DataTable.Col label="app.mensagens.col_cliente" render={(item) => <Cliente item={item as MensagemItem} />} />
      <DataTable.Col label="app.mensagens.col_tipo" render={(item) => <KindText item={item as MensagemItem} />} />
      <DataTable.Col label="app.mensagens.col_para" cellSx={() => nowrap} render={(item) => destino(item as MensagemItem)} />
      <DataTable.Col label="app.mensagens.col_situacao" render={(item) => <StatusChip item={item as MensagemItem} />} />
      <DataTable.Col label="app.mensagens.col_motivo" source="motivo" render={ellipsisOf((item) => item.motivo, 170)} />
      <DataTable.Col label="app.mensagens.col_relacionado" render={(item) => <Relacionado item={item as MensagemItem} />} />
      <DataTable.Col label="app.mensagens.col_texto" render={(item) => <TextoButton item={item as MensagemItem} />} />
    </ListTable>
  );
}

export default function MensagensPage() {
  const translate = useTranslate();
  const [searchParams, setSearchParams] = useSearchParams();
  // The filters live in the URL: the client's page links to /mensagens?idcliente=12, and Back keeps them.
  const param = (key: string, pattern: RegExp) => {
    const value = searchParams.get(key) ?? '';
    return pattern.test(value) ? value : '';
  };
  const filters = {
    status: (MENSAGEM_STATUS as readonly string[]).includes(searchParams.get('status') ?? '') ? String(searchParams.get('status')) : '',
    kind: (MENSAGEM_KINDS as readonly string[]).includes(searchParams.get('kind') ?? '') ? String(searchParams.get('kind')) : '',
    dataInicio: param('dataInicio', DATE),
    dataFim: param('dataFim', DATE),
    ...Object.fromEntries(REFS.map((key) => [key, param(key, ID)])),
  } as Record<string, string>;
  const { list, items, reply, resetPage } = usePagedApiList<MensagemItem, MensagensListReply>('/v1/mensagens', {
    filters,
    sort: { field: 'id', order: 'DESC' },
    resource: 'mensagens',
  });
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearchParams(next, { replace: true });
    resetPage();
  };

  // The client's name, when the list is one client's (from its messages, or its number).
  const clienteNome = filters.idcliente ? items.find((item) => String(item.idcliente) === filters.idcliente)?.cliente : undefined;
  const refLabel = (key: (typeof REFS)[number]) =>
    key === 'idcliente'
      ? translate('app.mensagens.do_cliente', { nome: clienteNome || formatNumero(filters.idcliente) })
      : translate(key === 'idcobranca' ? 'app.mensagens.cobranca' : 'app.mensagens.contrato', { numero: formatNumero(filters[key]) });

  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <PageTitle title={translate('app.mensagens.title')} />
      <Card variant="outlined">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
          {SELECTS.map(({ campo, label, values }) => (
            <SelectFilter
              key={campo}
              label={label}
              value={filters[campo]}
              values={values}
              optionLabel={(value) => translate(`app.cobrancas.mensagens.${campo}.${value}`)}
              onChange={(value) => setFilter(campo, value)}
            />
          ))}
          <DateFilter label="app.mensagens.data_inicio" value={filters.dataInicio} onChange={(value) => setFilter('dataInicio', value)} />
          <DateFilter label="app.mensagens.data_fim" value={filters.dataFim} onChange={(value) => setFilter('dataFim', value)} />
          {REFS.filter((key) => filters[key]).map((key) => (
            <Chip key={key} label={refLabel(key)} onDelete={() => setFilter(key, '')} />
          ))}
        </Box>
        <PagedListBody list={list} reply={reply}>
          <MensagensTable />
        </PagedListBody>
      </Card>
    </Box>
  );
}
