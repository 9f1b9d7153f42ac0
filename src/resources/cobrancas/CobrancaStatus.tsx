import * as React from 'react';
import { Chip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { statusColor } from './choices';

/** A charge's status in the list's words (Em Aberto, Recebida, Vencida, Cancelada). */
export function CobrancaStatus({ status }: { status: number }) {
  const translate = useTranslate();
  const code = Number(status);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColor(code)}
      label={translate(`app.cobrancas.status.${code}`, { _: String(status) })}
    />
  );
}
