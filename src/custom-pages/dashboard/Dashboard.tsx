/** Dashboard (SPEC 2.5): four counts and the latest charges and service orders side by side. */
import * as React from 'react';
import BlockIcon from '@mui/icons-material/Block';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import GroupIcon from '@mui/icons-material/Group';
import { Box, Grid } from '@mui/material';
import { useTranslate, type RaRecord } from 'ra-core';
import { CLIENTE_STATUS, ORDEM_STATUS } from '../../../domain/constants';
import { today } from '../../components/DateRangeFilter';
import { formatDate, formatMoney, formatNumero } from '../../../domain/formatters';
import { CountCard, type CountCardProps } from './CountCard';
import { ClienteLink } from '../../components/ClienteLink';
import { CobrancaStatus } from '../../resources/cobrancas/CobrancaStatus';
import { CobrancasPendentes } from './CobrancasPendentes';
import { Indicadores } from './Indicadores';
import { LatestList } from './LatestList';
import { OrdensAguardando } from './OrdensAguardando';
import { PreCadastros } from './PreCadastros';
import { PrimeirosPassos } from './PrimeirosPassos';
import { PageTitle } from '../../components/PageTitle';

/** The four counts: clients, vehicles, and the clients Vencido and Bloqueado. */
const CONTAGENS: CountCardProps[] = [
  { label: 'app.dashboard.clientes', resource: 'clientes', icon: <GroupIcon />, color: '#1565c0', to: '/clientes' },
  { label: 'app.dashboard.veiculos', resource: 'veiculos', icon: <DirectionsCarIcon />, color: '#2e7d32', to: '/veiculos' },
  {
    label: 'app.dashboard.vencidos',
    resource: 'clientes',
    filter: { status: CLIENTE_STATUS.VENCIDO },
    icon: <EventBusyIcon />,
    color: '#e65100',
    to: '/clientes',
  },
  {
    label: 'app.dashboard.bloqueados',
    resource: 'clientes',
    filter: { status: CLIENTE_STATUS.BLOQUEADO },
    icon: <BlockIcon />,
    color: '#c62828',
    to: '/clientes',
  },
];

/** A charge or an order embeds its client, shown by the one display rule. */
const clientName = (record: RaRecord) => <ClienteLink id={record.idcliente ?? record.cliente?.id} cliente={record.cliente} />;

const cobrancaColumns = [
  { label: 'app.dashboard.col_numero', render: (r: RaRecord) => formatNumero(r.id) },
  { label: 'app.dashboard.col_cliente', render: clientName },
  { label: 'app.dashboard.col_vencimento', render: (r: RaRecord) => formatDate(r.duedate ?? r.vncdata) },
  { label: 'app.dashboard.col_valor', render: (r: RaRecord) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.valor)}</span> },
  { label: 'app.dashboard.col_status', render: (r: RaRecord) => <CobrancaStatus status={r.status} /> },
];

const ordemColumns = [
  { label: 'app.dashboard.col_numero', render: (r: RaRecord) => formatNumero(r.id) },
  { label: 'app.dashboard.col_cliente', render: clientName },
  { label: 'app.dashboard.col_agendamento', render: (r: RaRecord) => [formatDate(r.agendamento), r.horario].filter(Boolean).join(' ') },
  { label: 'app.dashboard.col_descricao', render: (r: RaRecord) => r.descricao ?? '' },
];

/** The next scheduled open orders (status 0, from today in APP_TIMEZONE), each opening its modal; beside the title, those waiting for approval. */
function ProximasOrdens() {
  const [filter] = React.useState(() => ({ status: ORDEM_STATUS.EM_ABERTO, dataInicio: today() }));
  return (
    <LatestList
      title="app.dashboard.ordens"
      resource="ordensservicos"
      columns={ordemColumns}
      empty="app.dashboard.empty_ordens"
      filter={filter}
      sort={{ field: 'agendamento', order: 'ASC' }}
      rowLink={(r) => `/ordensservicos/${r.id}`}
      action={<OrdensAguardando />}
    />
  );
}

export function Dashboard() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <PageTitle title={translate('app.dashboard.title')} />
      <PrimeirosPassos />
      <Grid container spacing={2}>
        {CONTAGENS.map((card) => (
          <Grid key={card.label} size={{ xs: 12, sm: 6, lg: 3 }}>
            <CountCard {...card} />
          </Grid>
        ))}
        <Indicadores />
        <Grid size={{ xs: 12, md: 6 }}>
          <CobrancasPendentes columns={cobrancaColumns} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProximasOrdens />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <PreCadastros />
        </Grid>
      </Grid>
    </Box>
  );
}

export default Dashboard;
