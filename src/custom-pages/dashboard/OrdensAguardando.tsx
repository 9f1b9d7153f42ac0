/**
 * The dashboard's hint for staff (DESIGN 11, office approval): how many orders a técnico finalized
 * wait for Aprovar or Reprovar, beside the next orders' title, opening the orders list on
 * Aguardando aprovação (any date). Nothing when none waits.
 */
import * as React from 'react';
import { Chip } from '@mui/material';
import { LinkBase as Link, useGetList, useTranslate } from 'ra-core';
import { ORDEM_STATUS } from '../../../domain/constants';

const filter = { status: ORDEM_STATUS.AGUARDANDO_APROVACAO };
/** The list's filter in its address: it replaces the list's default (Concluído, this month). */
export const ORDENS_AGUARDANDO_LINK = `/ordensservicos?filter=${encodeURIComponent(JSON.stringify(filter))}`;

export function OrdensAguardando() {
  const translate = useTranslate();
  const { total } = useGetList('ordensservicos', { pagination: { page: 1, perPage: 1 }, filter });
  if (!total) return null;
  return (
    <Chip
      component={Link}
      to={ORDENS_AGUARDANDO_LINK}
      clickable
      color="info"
      label={translate('app.dashboard.ordens_aguardando', { total: total.toLocaleString('pt-BR') })}
    />
  );
}
