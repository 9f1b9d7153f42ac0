/**
 * A tracker's Traccar sync as an icon with its tooltip (issue 10): Sincronizado, Pendente, or
 * Falhou with the reason. Nothing when it was never synced (Traccar not in use).
 */
import * as React from 'react';
import CloudDoneIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudSyncIcon from '@mui/icons-material/CloudSyncOutlined';
import SyncProblemIcon from '@mui/icons-material/SyncProblemOutlined';
import { Box, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { TraccarSync } from './types';

export function TraccarSyncIcon({ sync }: { sync?: TraccarSync | null }) {
  const translate = useTranslate();
  const status = sync?.status;
  if (!status) return null;
  const label =
    status === 'falhou'
      ? translate('app.rastreadores.sync.falhou', { erro: sync.erro || translate('app.rastreadores.sync.sem_motivo') })
      : translate(`app.rastreadores.sync.${status}`);
  const icon =
    status === 'sincronizado' ? (
      <CloudDoneIcon color="success" />
    ) : status === 'pendente' ? (
      <CloudSyncIcon color="warning" />
    ) : (
      <SyncProblemIcon color="error" />
    );
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex' }}>
        {icon}
      </Box>
    </Tooltip>
  );
}
