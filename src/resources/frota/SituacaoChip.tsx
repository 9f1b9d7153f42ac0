/** A tracker's situation as a coloured label (DESIGN 10). */
import * as React from 'react';
import { Chip } from '@mui/material';
import { SITUACAO_COR, situacaoLabel, type SituacaoFrota } from '../../../domain/frota';

export function SituacaoChip({ situacao }: { situacao: SituacaoFrota | string | null | undefined }) {
  const cor = SITUACAO_COR[situacao as SituacaoFrota] ?? '#616161';
  return (
    <Chip
      size="small"
      label={situacaoLabel(situacao ?? 'nunca')}
      variant="outlined"
      sx={{ borderColor: cor, color: cor, fontWeight: 600, whiteSpace: 'nowrap' }}
    />
  );
}
