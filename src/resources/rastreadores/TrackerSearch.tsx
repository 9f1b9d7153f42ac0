/**
 * Finding the tracker for a vehicle (the vehicle's Rastreador tab, the service order's): a search
 * that accepts exactly one tracker, free or already on this vehicle; anything else is 'Rastreador
 * não encontrado' (SPEC 5). And the card that shows a tracker with its action.
 */
import * as React from 'react';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatPhone } from '../../../domain/formatters';
import { useInlineSearch } from '../../components/InlineSearch';
import { RecordCard } from '../../components/RecordCard';
import { trackerVeiculoId, type Tracker } from './types';

export function TrackerCard({ tracker, title, action }: { tracker: Tracker; title?: string; action?: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <RecordCard icon={<RouterIcon color="primary" />} title={title} action={action} alignItems="flex-start" component="section">
      <Typography sx={{ fontWeight: 600 }}>IMEI {tracker.imei}</Typography>
      <Typography variant="body2">{[tracker.marca, tracker.modelo].filter(Boolean).join(' ')}</Typography>
      {tracker.phone ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.veiculos.chip')}: {formatPhone(tracker.phone)}
        </Typography>
      ) : null}
    </RecordCard>
  );
}

/**
 * `search(term)` resolves to the one tracker the term names when it is free or on vehicle
 * `idveiculo`; otherwise to null, with 'Rastreador não encontrado' (or 'ok' for an empty term) in
 * `notice`.
 */
export function useTrackerSearch(idveiculo: number) {
  // Two are enough to know whether the term names exactly one tracker.
  const trackers = useInlineSearch<Tracker>('rastreadores', 2);
  const search = async (term: string): Promise<Tracker | null> => {
    const result = await trackers.search(term);
    if (!result) return null;
    const only = result.data.length === 1 && (result.total ?? 1) === 1 ? result.data[0] : undefined;
    if (only && [0, idveiculo].includes(trackerVeiculoId(only))) return only;
    trackers.setNotice({ message: 'app.veiculos.rastreador_not_found', severity: 'warning' });
    return null;
  };
  return { search, searching: trackers.searching, notice: trackers.notice };
}
