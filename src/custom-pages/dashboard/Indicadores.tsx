/**
 * The dashboard's money (DESIGN 10, `GET /v1/financeiro/indicadores`): recurring revenue of the
 * active subscriptions, received this month and the overdue rate, each with last month's figure
 * beside it. Each card opens the screen its figure comes from. Under them, one line: "Cobrança
 * automática: N% das assinaturas ativas" (DESIGN 11).
 */
import * as React from 'react';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import PaidIcon from '@mui/icons-material/PaidOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { Grid, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatMoney } from '../../../domain/formatters';
import { useApiGet } from '../../dataProvider/useApiGet';
import { StatCard } from './CountCard';

interface Figura {
  valor: number;
  anterior: number;
}
interface IndicadoresReply {
  mrr: Figura;
  recebidoMes: Figura;
  inadimplencia: Figura;
  /** DESIGN 11: the active subscriptions collected by an accepted card or an active Pix Automático. */
  cobrancaAutomatica?: { valor: number; automaticas: number; ativas: number };
}

const percent = (value: number) => `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(value)}%`;

function IndicadorCard({
  label,
  figura,
  format,
  icon,
  color,
  to,
  pending,
}: {
  label: string;
  figura?: Figura;
  format: (value: number) => string;
  icon: React.ReactNode;
  color: string;
  to: string;
  pending: boolean;
}) {
  const translate = useTranslate();
  return (
    <StatCard
      label={label}
      icon={icon}
      color={color}
      to={to}
      compact
      testId={`${label}-valor`}
      caption={
        <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid={`${label}-anterior`}>
          {figura ? translate('app.dashboard.indicadores.anterior', { valor: format(figura.anterior) }) : '\u00a0'}
        </Typography>
      }
    >
      {pending ? <Skeleton width={96} /> : figura ? format(figura.valor) : '—'}
    </StatCard>
  );
}

interface Indicador {
  key: 'mrr' | 'recebidoMes' | 'inadimplencia';
  label: string;
  format: (value: number) => string;
  icon: React.ReactNode;
  color: string;
  to: string;
}

/** The three figures, in the dashboard's order, each opening the screen it comes from. */
const INDICADORES: Indicador[] = [
  {
    key: 'mrr',
    label: 'app.dashboard.indicadores.mrr',
    format: formatMoney,
    icon: <AutorenewIcon />,
    color: '#6a1b9a',
    to: '/assinaturas',
  },
  {
    key: 'recebidoMes',
    label: 'app.dashboard.indicadores.recebido',
    format: formatMoney,
    icon: <PaidIcon />,
    color: '#2e7d32',
    to: '/financeiro',
  },
  {
    key: 'inadimplencia',
    label: 'app.dashboard.indicadores.inadimplencia',
    format: percent,
    icon: <TrendingDownIcon />,
    color: '#c62828',
    to: '/financeiro',
  },
];

/** Three Grid items, for the dashboard's grid, and the automatic collection's line. */
export function Indicadores() {
  const translate = useTranslate();
  const { data, isPending } = useApiGet<IndicadoresReply>('/v1/financeiro/indicadores');
  return (
    <>
      {INDICADORES.map(({ key, ...card }) => (
        <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
          <IndicadorCard figura={data?.[key]} pending={isPending} {...card} />
        </Grid>
      ))}
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary" data-testid="cobranca-automatica">
          {data?.cobrancaAutomatica
            ? translate('app.dashboard.indicadores.cobranca_automatica', {
                valor: percent(data.cobrancaAutomatica.valor),
                automaticas: data.cobrancaAutomatica.automaticas,
                ativas: data.cobrancaAutomatica.ativas,
              })
            : '\u00a0'}
        </Typography>
      </Grid>
    </>
  );
}
