/**
 * /financeiro, the financial summary (SPEC 2.21, DESIGN 4): a due-date range (the current month in
 * APP_TIMEZONE by default) with the totals and counts of received, overdue, due today, upcoming and
 * cancelled charges; below it the charts of the last 12 months, loaded lazily (@mui/x-charts).
 */
import * as React from 'react';
import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { currentMonthFilter, DateRangeFields, type DateRange } from '../../components/DateRangeFilter';
import { useApiGet } from '../../dataProvider/useApiGet';
import { serverMessage } from '../../form/useServerErrorNotify';
import { SummaryCards } from '../../resources/cobrancas/SummaryCards';
import type { Resumo, Serie } from './types';
import { PageHeading } from '../../components/PageHeading';

const FinanceiroCharts = React.lazy(() => import('./FinanceiroCharts'));

function ChartsFallback() {
  return <Skeleton variant="rounded" height={360} />;
}

export default function FinanceiroPage() {
  const translate = useTranslate();
  const [range, setRange] = React.useState<DateRange>(() => {
    const month = currentMonthFilter();
    return { from: month.dataInicio, to: month.dataFim };
  });
  const complete = range.from && range.to;
  const resumoUrl = complete ? `/v1/financeiro/resumo?${new URLSearchParams({ dataInicio: range.from, dataFim: range.to })}` : null;
  const resumo = useApiGet<Resumo>(resumoUrl);
  const serie = useApiGet<Serie>('/v1/financeiro/serie');

  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <Title title={translate('app.financeiro.title')} />
      <PageHeading title={translate('app.financeiro.title')}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={translate('app.financeiro.periodo')}>
          <DateRangeFields value={range} onChange={setRange} />
        </Box>
      </PageHeading>
      {resumo.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(serverMessage(resumo.error), { _: serverMessage(resumo.error) })}
        </Alert>
      ) : (
        <SummaryCards informacoes={resumo.data ?? null} />
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('app.financeiro.ultimos_12')}
          </Typography>
          {serie.error ? (
            <Alert severity="error">{translate(serverMessage(serie.error), { _: serverMessage(serie.error) })}</Alert>
          ) : serie.data ? (
            <React.Suspense fallback={<ChartsFallback />}>
              <FinanceiroCharts serie={serie.data} />
            </React.Suspense>
          ) : (
            <ChartsFallback />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
