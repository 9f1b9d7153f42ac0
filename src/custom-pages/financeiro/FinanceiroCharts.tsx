/**
 * The charts of /financeiro (lazy: @mui/x-charts is loaded only here): received against overdue per
 * month over the last 12 months, and the split of those months' charges by status.
 */
import * as React from 'react';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslate } from 'ra-core';
import { formatMoney } from '../../../domain/formatters';
import { BUCKET_COLORS } from '../../resources/cobrancas/SummaryCards';
import type { Serie } from './types';

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: '2-digit', timeZone: 'UTC' });
/**
 * '2026-03' → 'mar. de 26' → 'mar/26' (tooltip), or 'mar' over '26' under the bars: two short lines
 * fit every month's band, where one 'mar/26' made the axis drop labels wherever two touched.
 */
export const monthLabel = (mes: string, separator = '/') => {
  const parts = monthName.formatToParts(new Date(`${mes}-01T00:00:00Z`));
  const month = parts.find((p) => p.type === 'month')?.value.replace('.', '') ?? mes;
  const year = parts.find((p) => p.type === 'year')?.value ?? '';
  return `${month}${separator}${year}`;
};

/** Every month is labelled; on a phone, every other month (a steady step, the latest month always). */
export const monthTickInterval = (everyOther: boolean, count: number) => (_value: unknown, index: number) =>
  !everyOther || (count - 1 - index) % 2 === 0;

/** The split shows the statuses a charge ends in; Total is their sum, not a slice. */
const SLICES = ['recebidas', 'vencidas', 'vencehoje', 'avencer', 'canceladas'] as const;

export default function FinanceiroCharts({ serie }: { serie: Serie }) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const money = (value: number | null) => formatMoney(value ?? 0);
  const slices = SLICES.map((bucket, id) => ({
    id,
    value: serie.porSituacao.valors[bucket] ?? 0,
    label: translate(`app.cobrancas.buckets.${bucket}`),
    color: BUCKET_COLORS[bucket],
  })).filter((slice) => slice.value > 0);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, gap: 3 }}>
      <Box component="figure" aria-label={translate('app.financeiro.chart_mensal')} sx={{ m: 0, minWidth: 0 }}>
        <Typography variant="subtitle2" component="figcaption" color="text.secondary">
          {translate('app.financeiro.chart_mensal')}
        </Typography>
        <BarChart
          height={320}
          xAxis={[
            {
              scaleType: 'band',
              data: serie.serie.map((m) => m.mes),
              valueFormatter: (mes: string, context) => monthLabel(mes, context.location === 'tick' ? '\n' : '/'),
              tickLabelInterval: monthTickInterval(narrow, serie.serie.length),
              height: 40,
            },
          ]}
          yAxis={[{ valueFormatter: (value: number) => formatMoney(value).replace(/,00$/, ''), width: 90 }]}
          series={[
            {
              data: serie.serie.map((m) => m.recebidas),
              label: translate('app.cobrancas.buckets.recebidas'),
              color: BUCKET_COLORS.recebidas,
              valueFormatter: money,
            },
            {
              data: serie.serie.map((m) => m.vencidas),
              label: translate('app.cobrancas.buckets.vencidas'),
              color: BUCKET_COLORS.vencidas,
              valueFormatter: money,
            },
          ]}
        />
      </Box>
      <Box component="figure" aria-label={translate('app.financeiro.chart_situacao')} sx={{ m: 0, minWidth: 0 }}>
        <Typography variant="subtitle2" component="figcaption" color="text.secondary">
          {translate('app.financeiro.chart_situacao')}
        </Typography>
        {slices.length ? (
          <PieChart
            height={320}
            series={[
              { data: slices, innerRadius: 50, paddingAngle: 1, cornerRadius: 3, valueFormatter: (item) => formatMoney(item.value) },
            ]}
          />
        ) : (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            {translate('app.financeiro.sem_dados')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
