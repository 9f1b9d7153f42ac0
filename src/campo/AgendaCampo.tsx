/** /campo: today's orders, then the rest of the week's, in the server's order (DESIGN 11). */
import * as React from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { translate as t } from '../public/i18n';
import type { CampoContexto } from './CampoApp';
import { OrdemCard } from './OrdemCard';

export function AgendaCampo({ ctx }: { ctx: CampoContexto }) {
  const { agenda, erro } = ctx;
  if (erro)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={ctx.recarregar}>
            {t('app.campo.tentar_novamente')}
          </Button>
        }
      >
        {erro}
      </Alert>
    );
  if (!agenda)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('app.campo.carregando')} />
      </Box>
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
        <Stack spacing={2}>
          {ordens.map((ordem) => (
            <OrdemCard key={ordem.id} ordem={ordem} hoje={deHoje} />
          ))}
        </Stack>
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
