/** /campo: today's orders, then the rest of the week's, in the server's order (DESIGN 11). */
import * as React from 'react';
import { Box, Typography } from '@mui/material';
import { botaoSx } from './Selo';
import { translate as t } from './i18n';
import type { CampoContexto } from './contexto';
import { OrdemCard } from './OrdemCard';
import { vista } from './vista';

export function AgendaCampo({ ctx }: { ctx: CampoContexto }) {
  const { agenda, erro } = ctx;
  if (erro)
    return (
      <Box role="alert" sx={{ p: 2, borderRadius: 1, bgcolor: '#ffebee', color: '#8e1111' }}>
        <Typography variant="body2">{erro}</Typography>
        <Box component="button" type="button" onClick={ctx.recarregar} sx={{ ...botaoSx('text'), mt: 1, borderColor: 'currentColor' }}>
          {t('app.campo.tentar_novamente')}
        </Box>
      </Box>
    );
  if (!agenda)
    return (
      <Typography role="status" sx={{ textAlign: 'center', p: 4 }} color="text.secondary">
        {t('app.campo.carregando')}
      </Typography>
    );
  const hoje = agenda.Items.filter((o) => o.agendamento === agenda.de);
  const semana = agenda.Items.filter((o) => o.agendamento !== agenda.de);
  const secao = (titulo: string, vazia: string, ordens: typeof hoje, deHoje: boolean) => (
    <Box component="section" aria-label={titulo} sx={{ mb: 3 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {titulo} ({ordens.length})
      </Typography>
      {ordens.length === 0 ? (
        <Typography color="text.secondary">{vazia}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {ordens.map((ordem) => (
            <OrdemCard key={ordem.id} ordem={vista(ordem, ctx.pendentes)} hoje={deHoje} />
          ))}
        </Box>
      )}
    </Box>
  );
  return (
    <>
      {secao(t('app.campo.hoje'), t('app.campo.nenhuma_hoje'), hoje, true)}
      {secao(t('app.campo.semana'), t('app.campo.nenhuma_semana'), semana, false)}
    </>
  );
}
