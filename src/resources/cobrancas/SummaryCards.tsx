/**
 * The six buckets of the charges (DESIGN 7), each with its count and amount: Vencidas, Vencem
 * hoje, A vencer, Canceladas, Recebidas, Total. Used by /cobrancas (from the list reply's
 * `Informacoes`) and /financeiro (from the summary call).
 */
import * as React from 'react';
import { Box, Card, Grid, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { BUCKETS, type Bucket, type Informacoes } from '../../../domain/financeiro';
import { formatMoney } from '../../../domain/formatters';
import { FigureContent } from '../../components/FigureContent';

export const BUCKET_COLORS: Record<Bucket, string> = {
  vencidas: '#c62828',
  vencehoje: '#ef6c00',
  avencer: '#1565c0',
  canceladas: '#616161',
  recebidas: '#2e7d32',
  total: '#4527a0',
};

const count = new Intl.NumberFormat('pt-BR');

export function SummaryCard({ bucket, informacoes }: { bucket: Bucket; informacoes?: Informacoes | null }) {
  const translate = useTranslate();
  const label = translate(`app.cobrancas.buckets.${bucket}`);
  const qnt = informacoes?.qnt?.[bucket];
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={label}
      sx={{ height: '100%', borderLeft: 4, borderLeftColor: BUCKET_COLORS[bucket] }}
    >
      <FigureContent
        label={label}
        figure={formatMoney(informacoes?.valors?.[bucket] ?? 0)}
        color={BUCKET_COLORS[bucket]}
        loading={
          informacoes ? undefined : (
            <Box>
              <Skeleton width={110} height={32} />
              <Skeleton width={70} />
            </Box>
          )
        }
      >
        {informacoes ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.cobrancas.buckets.count', { smart_count: qnt ?? 0, count: count.format(qnt ?? 0) })}
          </Typography>
        ) : null}
      </FigureContent>
    </Card>
  );
}

export function SummaryCards({ informacoes }: { informacoes?: Informacoes | null }) {
  return (
    <Grid container spacing={1.5} sx={{ mb: 2 }}>
      {BUCKETS.map((bucket) => (
        <Grid key={bucket} size={{ xs: 6, sm: 4, lg: 2 }}>
          <SummaryCard bucket={bucket} informacoes={informacoes} />
        </Grid>
      ))}
    </Grid>
  );
}
