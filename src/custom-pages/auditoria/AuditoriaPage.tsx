/**
 * /auditoria (DESIGN 7), administrators only: the audit log of engine commands, billing blocks and
 * unblocks, gateway payments and staff status changes (when, who, what, the result), newest first,
 * filtered by Ação, 20/50/100 a page. GET /v1/auditoria is not a react-admin resource: a plain
 * table, with react-admin's own pagination fed by the reply's meta so it reads like every list.
 */
import * as React from 'react';
import {
  Alert,
  Box,
  Card,
  Chip,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { LinkBase, ListPaginationContext, useTranslate, type ListPaginationContextValue } from 'ra-core';
import { Pagination, Title } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { formatDateTime, formatNumero } from '../../../domain/formatters';
import { EmptyRows } from '../../components/EmptyRows';
import { useApiGet } from '../../dataProvider/useApiGet';
import { serverMessage } from '../../form/useServerErrorNotify';
import { ACAO_COLORS, ACOES, type AuditoriaReply, type AuditoriaItem } from './types';

const nowrap = { whiteSpace: 'nowrap' } as const;

function AcaoFilter({ value, onChange }: { value: string; onChange: (acao: string) => void }) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('app.auditoria.acao')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: 220 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate('app.auditoria.todas')}</option>
      {ACOES.map((acao) => (
        <option key={acao} value={acao}>
          {translate(`app.auditoria.acoes.${acao}`)}
        </option>
      ))}
    </TextField>
  );
}

/** The client's modal and the charge's page the entry is about. */
function Relacionados({ item }: { item: AuditoriaItem }) {
  const translate = useTranslate();
  const links = [
    item.idcliente
      ? { to: `/clientes/${item.idcliente}`, text: translate('app.auditoria.cliente', { numero: formatNumero(item.idcliente) }) }
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

function AuditoriaTable({ items }: { items: AuditoriaItem[] }) {
  const translate = useTranslate();
  const columns = ['col_data', 'col_usuario', 'col_acao', 'col_descricao', 'col_resultado', 'col_registros'];
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column}>{translate(`app.auditoria.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} hover>
            <TableCell sx={nowrap}>{formatDateTime(item.createdAt)}</TableCell>
            <TableCell>{item.usuario}</TableCell>
            <TableCell>
              <AcaoChip acao={item.acao} />
            </TableCell>
            <TableCell>{item.descricao}</TableCell>
            <TableCell>{item.resultado}</TableCell>
            <TableCell>
              <Relacionados item={item} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default function AuditoriaPage() {
  const translate = useTranslate();
  const [acao, setAcao] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [perPage, setPerPage] = React.useState<number>(DEFAULT_PAGE_SIZE);
  const query = new URLSearchParams({ page: String(page), pageSize: String(perPage), ...(acao ? { acao } : {}) });
  const reply = useApiGet<AuditoriaReply>(`/v1/auditoria?${query}`);
  // The last page read stays on screen while the next one loads (no flash of an empty table).
  const [shown, setShown] = React.useState<AuditoriaReply>();
  if (reply.data && reply.data !== shown) setShown(reply.data);

  const total = shown?.meta.total ?? shown?.meta.totalItens ?? 0;
  const pagination: ListPaginationContextValue = {
    page,
    perPage,
    total,
    setPage,
    setPerPage: (size: number) => {
      setPerPage(size);
      setPage(1);
    },
    hasPreviousPage: page > 1,
    hasNextPage: page * perPage < total,
    isPending: !shown,
    isLoading: !shown,
    resource: 'auditoria',
  };
  const items = shown?.Items ?? [];

  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <Title title={translate('app.auditoria.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.auditoria.title')}
      </Typography>
      <Card variant="outlined">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
          <AcaoFilter
            value={acao}
            onChange={(next) => {
              setAcao(next);
              setPage(1);
            }}
          />
        </Box>
        <Box sx={{ height: 4 }}>{reply.isFetching ? <LinearProgress aria-label={translate('app.loading')} /> : null}</Box>
        {reply.error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {translate(serverMessage(reply.error), { _: serverMessage(reply.error) })}
          </Alert>
        ) : shown && !items.length ? (
          <EmptyRows message="app.auditoria.empty" />
        ) : (
          <Box sx={{ overflowX: 'auto', '& .MuiTableCell-root': { px: 1 } }}>
            <AuditoriaTable items={items} />
          </Box>
        )}
        <ListPaginationContext.Provider value={pagination}>
          <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />
        </ListPaginationContext.Provider>
      </Card>
    </Box>
  );
}
