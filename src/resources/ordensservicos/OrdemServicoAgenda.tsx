/**
 * The installers' week (issue 8, beyond SPEC): open orders (status 0) from Monday to Sunday by day
 * and time, each card with client, vehicle and técnico; a card opens the order's modal. Reads
 * GET /v1/ordensservicos?status=0&dataInicio=&dataFim=&sort=agendamento&order=asc, 100 a page,
 * every page.
 */
import * as React from 'react';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  IconButton,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { LinkBase as Link, useInfiniteGetList, useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { addDays } from '../../../domain/calendar';
import { clienteNome } from '../../../domain/clientes';
import { formatDate } from '../../../domain/formatters';
import { ORDEM_STATUS } from '../../../domain/ordensservicos';
import { today } from '../../components/DateRangeFilter';
import { ClienteLink } from '../../components/ClienteLink';
import { ListHeader } from '../../components/ListPage';
import { veiculoResumo } from './format';
import type { OrdemServico } from './types';

const PAGE = 100;

/** The Monday of the week `date` falls in. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, weekday === 0 ? -6 : 1 - weekday);
}

const weekdayName = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });
const dayName = (date: string) => {
  const name = weekdayName.format(new Date(`${date}T00:00:00Z`));
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** Every open order of the week, page after page. */
function useWeekOrders(from: string, to: string) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isPending, error } = useInfiniteGetList<OrdemServico>('ordensservicos', {
    filter: { status: ORDEM_STATUS.EM_ABERTO, dataInicio: from, dataFim: to },
    sort: { field: 'agendamento', order: 'ASC' },
    pagination: { page: 1, perPage: PAGE },
  });
  React.useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const orders = React.useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  return { orders, isPending, error };
}

function OrdemCard({ ordem }: { ordem: OrdemServico }) {
  const translate = useTranslate();
  const cliente = clienteNome(ordem.cliente);
  return (
    <Card variant="outlined" sx={{ borderLeft: 4, borderLeftColor: 'primary.main' }}>
      <CardActionArea component={Link} to={`/ordensservicos/${ordem.id}`} aria-label={`${ordem.horario || ''} ${cliente}`.trim()}>
        <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
          <Typography variant="caption" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {ordem.horario || translate('app.ordensservicos.sem_horario')} · #{ordem.id}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[veiculoResumo(ordem.veiculo), ordem.veiculo?.placa].filter(Boolean).join(' · ')}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary">
            {ordem.tecnico?.name ?? translate('app.ordensservicos.sem_tecnico')}
          </Typography>
        </CardContent>
      </CardActionArea>
      {/* The client's name links to its page: beside the card's link, not inside it (no link in a link). */}
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', px: 1, pb: 1 }}>
        <ClienteLink id={ordem.idcliente ?? ordem.cliente?.id} nome={cliente} />
      </Typography>
    </Card>
  );
}

function DayColumn({ date, orders, isToday }: { date: string; orders: OrdemServico[]; isToday: boolean }) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`${dayName(date)} ${formatDate(date)}`}
      sx={{
        p: 1,
        minHeight: { md: 320 },
        bgcolor: isToday ? 'action.hover' : 'background.paper',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Box sx={{ textAlign: 'center', pb: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
          {dayName(date)}
        </Typography>
        <Typography variant="caption" color={isToday ? 'primary' : 'text.secondary'}>
          {formatDate(date)}
        </Typography>
      </Box>
      {orders.length === 0 ? (
        <Typography variant="caption" color="text.disabled" sx={{ textAlign: 'center', pt: 1 }}>
          {translate('app.ordensservicos.agenda_livre')}
        </Typography>
      ) : (
        orders.map((ordem) => <OrdemCard key={ordem.id} ordem={ordem} />)
      )}
    </Paper>
  );
}

export function OrdemServicoAgenda({ actions, dialog }: { actions: React.ReactNode; dialog: React.ReactNode }) {
  const translate = useTranslate();
  const now = today();
  const [monday, setMonday] = React.useState(() => mondayOf(now));
  const sunday = addDays(monday, 6);
  const { orders, isPending, error } = useWeekOrders(monday, sunday);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  // Orders without a time come first in their day, then by time.
  const byDay = (date: string) =>
    orders.filter((ordem) => ordem.agendamento === date).sort((a, b) => (a.horario || '').localeCompare(b.horario || '') || a.id - b.id);

  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <Title title={translate('resources.ordensservicos.name', { smart_count: 2 })} />
      <ListHeader title="resources.ordensservicos.name" actions={actions} />
      <Card variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Tooltip title={translate('app.ordensservicos.agenda_prev')}>
            <IconButton aria-label={translate('app.ordensservicos.agenda_prev')} onClick={() => setMonday(addDays(monday, -7))}>
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
          <Button variant="outlined" size="small" onClick={() => setMonday(mondayOf(now))}>
            {translate('app.ordensservicos.agenda_today')}
          </Button>
          <Tooltip title={translate('app.ordensservicos.agenda_next')}>
            <IconButton aria-label={translate('app.ordensservicos.agenda_next')} onClick={() => setMonday(addDays(monday, 7))}>
              <ChevronRightIcon />
            </IconButton>
          </Tooltip>
          <Typography variant="h6" component="p" sx={{ ml: 1 }}>
            {translate('app.ordensservicos.agenda_week', { from: formatDate(monday), to: formatDate(sunday) })}
          </Typography>
          {isPending ? <CircularProgress size={20} aria-label={translate('app.loading')} /> : null}
        </Box>
        {error ? <Alert severity="error">{translate('app.dashboard.unavailable')}</Alert> : null}
        <Box
          role="list"
          aria-label={translate('app.ordensservicos.view_agenda')}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(7, minmax(0, 1fr))' } }}
        >
          {days.map((date) => (
            <Box role="listitem" key={date}>
              <DayColumn date={date} orders={byDay(date)} isToday={date === now} />
            </Box>
          ))}
        </Box>
      </Card>
      {dialog}
    </Box>
  );
}
