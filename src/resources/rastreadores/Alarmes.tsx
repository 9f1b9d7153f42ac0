/**
 * A tracker's alarms (issue 20: alarms show on the tracker): the list's icon for its last alarm (red
 * within the 24 h an alarm counts, grey before), with its kind in pt-BR and how long ago, and the
 * edit dialog's last alarms read from GET /v1/frota/alarmes?idrastreador=.
 */
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import { Box, Divider, Tooltip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { formatDateTime } from '../../../domain/formatters';
import { alarmeLabel, tempoDesde } from '../../../domain/frota';
import { useApiGet } from '../../dataProvider/useApiGet';
import type { Tracker } from './types';

/** An alarm counts for 24 h (DESIGN 10): after that it is history. */
const RECENTE_MS = 24 * 3600_000;
const recente = (em: string, now: number = Date.now()) => now - new Date(em).getTime() < RECENTE_MS;

export function AlarmeIcon({ alarme }: { alarme: Tracker['alarme'] }) {
  if (!alarme?.tipo || !alarme.em) return null;
  const label = `${alarmeLabel(alarme.tipo)} ${tempoDesde(alarme.em)}`;
  return (
    <Tooltip title={formatDateTime(alarme.em)}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          whiteSpace: 'nowrap',
          color: recente(alarme.em) ? 'error.main' : 'text.secondary',
        }}
      >
        <NotificationImportantIcon fontSize="small" />
        <Typography variant="body2" component="span" sx={{ color: 'inherit' }}>
          {label}
        </Typography>
      </Box>
    </Tooltip>
  );
}

/** The edit dialog's last alarms of the tracker (newest first). */
export function AlarmesPanel() {
  const translate = useTranslate();
  const tracker = useRecordContext<Tracker>();
  const { data } = useApiGet<{ Items: { id: number; tipo: string; em: string }[] }>(
    tracker?.id ? `/v1/frota/alarmes?idrastreador=${tracker.id}&pageSize=5` : null,
  );
  if (!tracker?.id) return null;
  return (
    <Box component="section" aria-label={translate('app.frota.alarmes')} sx={{ width: '100%', mt: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle2" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('app.frota.alarmes')}
      </Typography>
      {data?.Items.length ? (
        data.Items.map((alarme) => (
          <Box key={alarme.id} sx={{ display: 'flex', gap: 2, py: 0.25 }}>
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
              {formatDateTime(alarme.em)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'error.main' }}>
              {alarmeLabel(alarme.tipo)}
            </Typography>
          </Box>
        ))
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.frota.sem_alarmes')}
        </Typography>
      )}
    </Box>
  );
}
