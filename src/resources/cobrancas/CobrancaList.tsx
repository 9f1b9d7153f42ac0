/**
 * /cobrancas (SPEC 2.14): the six summary cards (the reply's `Informacoes`, for the same filters
 * minus status), the due-date range (the current month by default) and the status (Em Aberto by
 * default); #, Cliente, CPF/CNPJ, Contato, Descrição, Gerada, Vencimento, Valor, Status and the
 * row's Enviar, page, edit and remove; CSV export of the filtered list. /cobrancas/{id} is the
 * charge's page (without the shell), so the edit dialog lives at /cobrancas/{id}/edit.
 */
import * as React from 'react';
import { Box, Link, TextField, Typography } from '@mui/material';
import { NFSE_FILTROS, NFSE_STATUS_LABEL } from '../../../domain/nfse';
import { useListContext, useRecordContext, useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { clienteNome } from '../../../domain/clientes';
import { COBRANCA_STATUS, type Informacoes } from '../../../domain/financeiro';
import { formatDate, formatMoney, formatNumero, formatPhone } from '../../../domain/formatters';
import { currentMonthFilter, DateRangeFilter } from '../../components/DateRangeFilter';
import { ellipsisOf } from '../../components/Ellipsis';
import { EnviarButton } from '../../components/EnviarButton';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListPage } from '../../components/ListPage';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { ResourceDialog } from '../../components/ResourceDialog';
import { StatusFilter } from '../../components/SearchBar';
import { DocumentRowActions, ListOrDocument } from '../../print/DocumentRoutes';
import { DOCUMENT_EDIT_SUFFIX } from '../../print/printPaths';
import { filterChoices } from './choices';
import { CobrancaStatus } from './CobrancaStatus';
import { CobrancaCreateForm, CobrancaEditForm, cobrancaTransform } from './CobrancaForm';
import { useCsvColumns } from './csvColumns';
import { SummaryCards } from './SummaryCards';
import { CopiarLinkButton, ReceberButton } from './Pagamento';
import { EnviarSelecionadas } from './EnviarSelecionadas';
import type { Cobranca } from './types';
import { CLIENTE_LINK_CLASS, ClienteComDocumento, ClienteLink } from '../../components/ClienteLink';

/** The densest of the lists (issue 30): 4 px side padding in its cells, the client's name cut at 150 px. */
const DENSE = {
  '& .MuiTableCell-root': { px: 0.5 },
  [`& .MuiTableCell-body .${CLIENTE_LINK_CLASS}`]: { maxWidth: 150 },
} as const;

/** Money, documents, phones and dates read on one line. */
const NOWRAP = () => ({ whiteSpace: 'nowrap' }) as const;

const CobrancaPage = React.lazy(() => import('./CobrancaPage'));

/** The NFS-e filter (DESIGN 10): emitida, agendada, erro, nenhuma. */
function NfseFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <TextField
      select
      size="small"
      label={translate('app.cobrancas.nfse.filtro')}
      value={filterValues.nfse ?? ''}
      onChange={(event) => {
        const next = { ...filterValues };
        if (event.target.value === '') delete next.nfse;
        else next.nfse = event.target.value;
        setFilters(next, undefined, false);
      }}
      sx={{ width: 150 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate('app.status.all')}</option>
      {NFSE_FILTROS.map((id) => (
        <option key={id} value={id}>
          {translate(`app.cobrancas.nfse.filtro_${id}`)}
        </option>
      ))}
    </TextField>
  );
}

/** The NFS-e's status and number, a link to its PDF once issued. */
function NfseCell({ cobranca }: { cobranca: Cobranca }) {
  const nfse = cobranca.nfse;
  if (!nfse) return null;
  const label = `${NFSE_STATUS_LABEL[nfse.status] ?? nfse.status}${nfse.numero ? ` nº ${nfse.numero}` : ''}`;
  return nfse.pdfUrl ? (
    <Link href={nfse.pdfUrl} target="_blank" rel="noopener noreferrer" sx={{ whiteSpace: 'nowrap' }}>
      {label}
    </Link>
  ) : (
    <Box
      component="span"
      sx={{ whiteSpace: 'nowrap', color: nfse.status === 'ERROR' ? 'error.main' : undefined }}
      title={nfse.erro ?? undefined}
    >
      {label}
    </Box>
  );
}

function ListSummary() {
  const { meta } = useListContext();
  return <SummaryCards informacoes={(meta?.Informacoes as Informacoes | undefined) ?? null} />;
}

function RowEnviar() {
  const record = useRecordContext<Cobranca>();
  return record ? (
    <>
      <CopiarLinkButton cobranca={record} variant="icon" />
      <ReceberButton cobranca={record} variant="icon" />
      <EnviarButton resource="cobrancas" id={record.id} variant="icon" />
    </>
  ) : null;
}

/** The value, and under it the updated value of an overdue charge. */
function Valor({ cobranca }: { cobranca: Cobranca }) {
  const translate = useTranslate();
  return (
    <Box>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(cobranca.valor)}
      </Box>
      {cobranca.valorAtualizado != null && cobranca.status !== COBRANCA_STATUS.CANCELADA ? (
        <Typography variant="caption" color="error" component="div" title={translate('app.cobrancas.valor_atualizado')}>
          {translate('app.cobrancas.atualizado_curto')}{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatMoney(cobranca.valorAtualizado)}
          </Box>
        </Typography>
      ) : null}
    </Box>
  );
}

/** On a phone: the client (its page's link), the value beside it, and number, due date and status under them. */
const card: ListCard<Cobranca> = {
  primary: (record) => <ClienteLink id={record.idcliente} cliente={record.cliente} />,
  name: (record) => clienteNome(record.cliente),
  tertiary: (record) => <Valor cobranca={record} />,
  secondary: (record) => (
    <CardLine
      parts={[
        formatNumero(record.id),
        record.descricao,
        formatDate(record.duedate),
        <CobrancaStatus key="status" status={record.status} />,
      ]}
    />
  ),
};

function CobrancaTable() {
  const [defaults] = React.useState(() => ({ status: COBRANCA_STATUS.EM_ABERTO, ...currentMonthFilter() }));
  const csvColumns = useCsvColumns();
  return (
    <ListPage
      title="resources.cobrancas.name"
      filterDefaultValues={defaults}
      summary={<ListSummary />}
      filters={
        <>
          <DateRangeFilter />
          <StatusFilter choices={filterChoices} />
          <NfseFilter />
          <ExportCsvButton<Cobranca> columns={csvColumns} filename="cobrancas" />
        </>
      }
      dialog={
        <ResourceDialog
          create={<CobrancaCreateForm />}
          edit={<CobrancaEditForm />}
          transform={cobrancaTransform}
          editSuffix={DOCUMENT_EDIT_SUFFIX}
        />
      }
    >
      <ListTable<Cobranca>
        card={card}
        sx={DENSE}
        bulkActionButtons={<EnviarSelecionadas />}
        actions={() => <DocumentRowActions resource="cobrancas" label="app.cobrancas.open_page" extra={<RowEnviar />} />}
      >
        <DataTable.Col source="id" render={(record) => formatNumero(record.id)} />
        <DataTable.Col
          source="cliente"
          label="app.cobrancas.col_cliente"
          disableSort
          render={(record) => <ClienteComDocumento id={record.idcliente} cliente={record.cliente} />}
        />
        <DataTable.Col
          source="mobilePhone"
          cellSx={NOWRAP}
          label="app.cobrancas.col_contato"
          disableSort
          render={ellipsisOf((record) => formatPhone(record.cliente?.mobilePhone || record.cliente?.phone) || record.cliente?.email, 120)}
        />
        <DataTable.Col source="descricao" disableSort render={ellipsisOf((record) => record.descricao, 90)} />
        <DataTable.Col source="datecreated" cellSx={NOWRAP} render={(record) => formatDate(record.datecreated)} />
        <DataTable.Col source="duedate" cellSx={NOWRAP} render={(record) => formatDate(record.duedate)} />
        <DataTable.Col source="valor" align="right" render={(record) => <Valor cobranca={record as Cobranca} />} />
        <DataTable.Col source="status" render={(record) => <CobrancaStatus status={record.status} />} />
        <DataTable.Col source="nfse" disableSort render={(record) => <NfseCell cobranca={record as Cobranca} />} />
      </ListTable>
    </ListPage>
  );
}

export default function CobrancaList() {
  return <ListOrDocument resource="cobrancas" document={CobrancaPage} list={<CobrancaTable />} />;
}
