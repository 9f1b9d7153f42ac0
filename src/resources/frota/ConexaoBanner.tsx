/**
 * The feed's state over the fleet's screens: with Traccar unreachable, the data shown is the last
 * known, with its age and the reason; with the integration off, a pointer to turn it on.
 */
import * as React from 'react';
import { Alert } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDateTime } from '../../../domain/formatters';
import { tempoDesde } from '../../../domain/frota';
import type { Conexao } from './types';

export function ConexaoBanner({ conexao }: { conexao?: Conexao | null }) {
  const translate = useTranslate();
  if (!conexao) return null;
  if (!conexao.ativo) {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('app.frota.inativo')}
      </Alert>
    );
  }
  if (!conexao.fora) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="alert">
      {translate('app.frota.fora', {
        idade: conexao.atualizadoEm ? tempoDesde(conexao.atualizadoEm) : translate('app.frota.nunca_lido'),
        quando: conexao.atualizadoEm ? formatDateTime(conexao.atualizadoEm) : '—',
      })}
      {conexao.erro ? ` ${conexao.erro}` : ''}
    </Alert>
  );
}
