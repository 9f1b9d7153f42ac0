/**
 * A contract charge's lines (DESIGN 11) on the charge's page: each vehicle's mensalidade, its pro
 * rata days, credits and the fine, with the period and the days; nothing for a charge without them.
 */
import * as React from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { LINHA_TIPO_LABELS, periodoDaLinha, type Linha } from '../../../domain/contratoItens';
import { formatMoney } from '../../../domain/formatters';
import { PrintTable } from '../../print/PrintParts';

const columns = [
  { label: 'app.cobrancas.page.item_tipo', render: (l: Linha) => LINHA_TIPO_LABELS[l.tipo] ?? l.tipo },
  {
    label: 'app.cobrancas.page.item_placa',
    render: (l: Linha) => (
      <>
        <strong>{l.placa || ''}</strong>
        {l.placa && l.descricao ? ' · ' : ''}
        {l.descricao}
      </>
    ),
  },
  { label: 'app.cobrancas.page.item_periodo', render: (l: Linha) => periodoDaLinha(l) },
  { label: 'app.cobrancas.page.item_dias', render: (l: Linha) => (l.dias ? String(l.dias) : ''), align: 'right' as const },
  { label: 'app.cobrancas.page.valor', render: (l: Linha) => formatMoney(l.valor), align: 'right' as const },
];

export function CobrancaItens({ itens }: { itens?: Linha[] | null }) {
  const translate = useTranslate();
  if (!itens?.length) return null;
  return (
    <Box component="section" aria-label={translate('app.cobrancas.page.itens')} sx={{ mt: 1.5, overflowX: 'auto' }}>
      <Typography variant="body2" sx={{ mb: 0.5, fontWeight: 600 }}>
        {translate('app.cobrancas.page.itens')}
      </Typography>
      <PrintTable<Linha> columns={columns} rows={itens} rowKey={(l) => `${l.tipo}-${l.iditem ?? 'x'}-${l.de ?? ''}-${l.valor}`} />
    </Box>
  );
}
