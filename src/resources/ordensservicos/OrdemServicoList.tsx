/**
 * /ordensservicos and /odensservicos (SPEC 2.15): 'Ordens de Serviço' with Data inicial / Data final
 * on agendamento (current month), status (default Concluído, SPEC 9), técnico and 'Minhas ordens';
 * columns #, Cliente, Veículo, Descrição, Agendamento, Situação, Ações (edit, remove, the order's
 * page). A Lista / Agenda switch shows the week's open orders instead.
 */
import * as React from 'react';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import ListIcon from '@mui/icons-material/ListAltOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { Chip, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useStore, useTranslate } from 'ra-core';
import { DataTable } from 'react-admin';
import { ORDEM_STATUS } from '../../../domain/ordensservicos';
import { ellipsisOf } from '../../components/Ellipsis';
import { currentMonthFilter, DateRangeFilter } from '../../components/DateRangeFilter';
import { ListPage } from '../../components/ListPage';
import { CardLine, ListTable, type ListCard } from '../../components/ListTable';
import { ResourceDialog } from '../../components/ResourceDialog';
import { RowActions } from '../../components/RowActions';
import { RowLinkButton } from '../../components/RowLinkButton';
import { StatusFilter } from '../../components/SearchBar';
import { agendamentoTexto, isConcluida, statusChoices, statusLabel, veiculoResumo } from './format';
import { OrdemServicoAgenda } from './OrdemServicoAgenda';
import { OrdemServicoCreateForm, OrdemServicoEditForm, ordemTransform } from './OrdemServicoForm';
import { MinhasOrdensToggle, TecnicoFilter } from './OrdemServicoFilters';
import type { OrdemServico } from './types';
import { ClienteLink } from '../../components/ClienteLink';

type View = 'lista' | 'agenda';

function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_, next: View | null) => next && onChange(next)}
      aria-label={translate('app.ordensservicos.view')}
    >
      <ToggleButton value="lista">
        <ListIcon fontSize="small" sx={{ mr: 0.5 }} />
        {translate('app.ordensservicos.view_lista')}
      </ToggleButton>
      <ToggleButton value="agenda">
        <CalendarIcon fontSize="small" sx={{ mr: 0.5 }} />
        {translate('app.ordensservicos.view_agenda')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

function SituacaoChip({ record }: { record: OrdemServico }) {
  const translate = useTranslate();
  // Aguardando aprovação (DESIGN 11) stands out from Em Aberto: the office has to answer it.
  const aguardando = Number(record.status) === ORDEM_STATUS.AGUARDANDO_APROVACAO;
  return (
    <Chip
      size="small"
      variant={aguardando ? 'filled' : 'outlined'}
      color={isConcluida(record) ? 'success' : aguardando ? 'info' : 'warning'}
      label={translate(statusLabel(record))}
    />
  );
}

/** On a phone: the client (its page's link), the situation beside it, and number, vehicle and schedule under them. */
const card: ListCard<OrdemServico> = {
  primary: (record) => <ClienteLink id={record.idcliente} cliente={record.cliente} />,
  tertiary: (record) => <SituacaoChip record={record} />,
  secondary: (record) => <CardLine parts={[`#${record.id}`, veiculoResumo(record.veiculo), agendamentoTexto(record)]} />,
};

const actions = (record: OrdemServico) => (
  <RowActions
    removable={!isConcluida(record)}
    extra={
      <RowLinkButton
        label="app.ordensservicos.open_page"
        icon={<PrintIcon fontSize="small" />}
        to={(ordem) => `/ordenservico/${ordem.id}`}
      />
    }
  />
);

function OrdemServicoTable() {
  return (
    <ListTable<OrdemServico> card={card} actions={actions}>
      <DataTable.Col source="id" />
      <DataTable.Col source="cliente" disableSort render={(record) => <ClienteLink id={record.idcliente} cliente={record.cliente} />} />
      <DataTable.Col source="veiculo" disableSort render={ellipsisOf((record) => veiculoResumo(record.veiculo), 180)} />
      <DataTable.Col source="descricao" disableSort render={ellipsisOf((record) => record.descricao, 200)} />
      <DataTable.Col source="agendamento" render={(record) => agendamentoTexto(record as OrdemServico)} />
      <DataTable.Col source="status" disableSort render={(record) => <SituacaoChip record={record as OrdemServico} />} />
    </ListTable>
  );
}

export default function OrdemServicoList() {
  const [view, setView] = useStore<View>('ordensservicos.view', 'lista');
  // The month is taken when the screen opens: one left open past midnight keeps its range.
  const [filterDefaultValues] = React.useState(() => ({ status: ORDEM_STATUS.CONCLUIDO, ...currentMonthFilter() }));
  const dialog = <ResourceDialog create={<OrdemServicoCreateForm />} edit={<OrdemServicoEditForm />} transform={ordemTransform} />;
  const actions = <ViewSwitch view={view} onChange={setView} />;
  if (view === 'agenda') return <OrdemServicoAgenda actions={actions} dialog={dialog} />;
  return (
    <ListPage
      title="resources.ordensservicos.name"
      dialog={dialog}
      actions={actions}
      filterDefaultValues={filterDefaultValues}
      filters={
        <>
          <DateRangeFilter />
          <StatusFilter choices={statusChoices} />
          <TecnicoFilter />
          <MinhasOrdensToggle />
        </>
      }
    >
      <OrdemServicoTable />
    </ListPage>
  );
}
