/**
 * /auditoria (DESIGN 7), administrators only: the audit log of engine commands, billing blocks and
 * unblocks, gateway payments and staff status changes (when, who, what, the result), newest first,
 * filtered by Ação, 20/50/100 a page. GET /v1/auditoria is not a react-admin resource: a plain
 * table, with react-admin's own pagination fed by the reply's meta so it reads like every list.
 */
import * as React from 'react';
import { Box, Card, Chip, Link } from '@mui/material';
import { LinkBase, useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, formatNumero } from '../../../domain/formatters';
import { ellipsisOf } from '../../components/Ellipsis';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { usePagedApiList } from '../../dataProvider/usePagedApiList';
import { ACAO_COLORS, ACOES, type AuditoriaReply, type AuditoriaItem } from './types';
import { PagedListBody } from '../../components/PagedListBody';
import { SelectBox } from '../../components/SelectBox';
import { PageTitle } from '../../components/PageTitle';

const nowrap = { whiteSpace: 'nowrap' } as const;

function AcaoFilter({ value, onChange }: { value: string; onChange: (acao: string) => void }) {
  const translate = useTranslate();
  return (
    <SelectBox
      label={translate('app.auditoria.acao')}
      value={value}
      onChange={onChange}
      values={ACOES}
      optionLabel={(acao) => translate(`app.auditoria.acoes.${acao}`)}
      empty={translate('app.auditoria.todas')}
      width={220}
    />
  );
}

/** The client's modal and the charge's page the entry is about. */
function Relacionados({ item }: { item: AuditoriaItem }) {
  const translate = useTranslate();
  const links = [
    item.idcliente
      ? { to: `/clientes/${item.idcliente}/show`, text: translate('app.auditoria.cliente', { numero: formatNumero(item.idcliente) }) }
      : null,
    item.idcobranca
      ? { to: `/cobrancas/${item.idcobranca}`, text: translate('app.auditoria.cobranca', { numero: formatNumero(item.idcobranca) }) }
      : null,
  ].filter((link) => link !== null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      {links.map((link) => (
        <Link key={link.to} component={LinkBase} to={link.to} sx={nowrap}>
          {link.text}
        </Link>
      ))}
    </Box>
  );
}

function AcaoChip({ acao }: { acao: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ACAO_COLORS[acao as keyof typeof ACAO_COLORS] ?? 'default'}
      label={translate(`app.auditoria.acoes.${acao}`, { _: acao })}
    />
  );
}

/** On a phone: what happened, when beside it, and the action, who, the result and the records under them. */
const card: ListCard<AuditoriaItem> = {
  primary: (item) => item.descricao,
  tertiary: (item) => formatDateTime(item.createdAt),
  secondary: (item) => (
    <CardLine parts={[<AcaoChip key="acao" acao={item.acao} />, item.usuario, item.resultado, <Relacionados key="links" item={item} />]} />
  ),
};

/** The shared list table (headers and one line when empty; cards on a phone); no column sorts. */
function AuditoriaTable() {
  return (
    <ListTable<AuditoriaItem> card={card} resource="auditoria">
      <DataTable.Col label="app.auditoria.col_data" cellSx={() => nowrap} render={(item) => formatDateTime(item.createdAt)} />
      <DataTable.Col label="app.auditoria.col_usuario" source="usuario" render={ellipsisOf((item) => item.usuario, 140)} />
      <DataTable.Col label="app.auditoria.col_acao" render={(item) => <AcaoChip acao={item.acao} />} />
      <DataTable.Col label="app.auditoria.col_descricao" source="descricao" render={ellipsisOf((item) => item.descricao, 300)} />
      <DataTable.Col label="app.auditoria.col_resultado" source="resultado" render={ellipsisOf((item) => item.resultado, 200)} />
      <DataTable.Col label="app.auditoria.col_registros" render={(item) => <Relacionados item={item as AuditoriaItem} />} />
    </ListTable>
  );
}

export default function AuditoriaPage() {
  const translate = useTranslate();
  const [acao, setAcao] = React.useState('');
  // The client's page opens the log filtered by the client (/auditoria?idcliente=12).
  const [searchParams, setSearchParams] = useSearchParams();
  const idcliente = /^\d+$/.test(searchParams.get('idcliente') ?? '') ? String(searchParams.get('idcliente')) : '';
  const { list, reply, resetPage } = usePagedApiList<AuditoriaItem, AuditoriaReply>('/v1/auditoria', {
    filters: { acao, idcliente },
    sort: { field: 'createdAt', order: 'DESC' },
    resource: 'auditoria',
  });

  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <PageTitle title={translate('app.auditoria.title')} />
      <Card variant="outlined">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
          <AcaoFilter
            value={acao}
            onChange={(next) => {
              setAcao(next);
              resetPage();
            }}
          />
          {idcliente ? (
            <Chip
              label={translate('app.auditoria.cliente', { numero: formatNumero(idcliente) })}
              onDelete={() => {
                setSearchParams({});
                resetPage();
              }}
            />
          ) : null}
        </Box>
        <PagedListBody list={list} reply={reply}>
          <AuditoriaTable />
        </PagedListBody>
      </Card>
    </Box>
  );
}
