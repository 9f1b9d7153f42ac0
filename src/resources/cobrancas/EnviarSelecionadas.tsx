/**
 * Enviar of the selected charges (DESIGN 10): first "Enviar N cobranças por WhatsApp?" (issue 30),
 * then `POST /v1/cobrancas/enviar` in groups of ten, a progress bar while it goes, then one line per
 * charge: sent, or skipped and why (the server skips one sent in the last 10 minutes).
 */
import * as React from 'react';
import SendIcon from '@mui/icons-material/SendOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useListContext, useTranslate, useUnselectAll } from 'ra-core';
import { formatNumero } from '../../../domain/formatters';
import { ENVIAR_MAX } from '../../../domain/pagamento';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiFetch } from '../../dataProvider/http';
import { serverMessage } from '../../form/useServerErrorNotify';

interface Resultado {
  id: number;
  status: 'enviada' | 'ignorada';
  motivo: string;
}

const GROUP = 10;

export function EnviarSelecionadas() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('cobrancas');
  const [asking, setAsking] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  const [done, setDone] = React.useState(0);
  const [running, setRunning] = React.useState(false);
  const [resultados, setResultados] = React.useState<Resultado[]>([]);
  const ids = selectedIds.map(Number).slice(0, ENVIAR_MAX);

  const start = async () => {
    setOpen(true);
    setRunning(true);
    setDone(0);
    setResultados([]);
    const all: Resultado[] = [];
    for (let i = 0; i < ids.length; i += GROUP) {
      const group = ids.slice(i, i + GROUP);
      try {
        const reply = await apiFetch<{ resultados: Resultado[] }>('/v1/cobrancas/enviar', { method: 'POST', body: { ids: group } });
        all.push(...reply.resultados);
      } catch (error) {
        const motivo = translate(serverMessage(error), { _: serverMessage(error) });
        all.push(...group.map((id) => ({ id, status: 'ignorada' as const, motivo })));
      }
      setDone(Math.min(ids.length, i + GROUP));
      setResultados([...all]);
    }
    setRunning(false);
  };
  const close = () => {
    if (running) return;
    setOpen(false);
    unselectAll();
  };
  const enviadas = resultados.filter((r) => r.status === 'enviada').length;
  return (
    <>
      <Button size="small" startIcon={<SendIcon />} onClick={() => setAsking(true)} disabled={!ids.length}>
        {translate('app.cobrancas.enviar_varias.botao', { smart_count: ids.length })}
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        look="text"
        title={translate('app.cobrancas.enviar_confirmar', { smart_count: ids.length })}
        text={translate('app.cobrancas.enviar_varias_recentes')}
        confirm={{
          label: 'app.print.enviar',
          onConfirm: () => {
            setAsking(false);
            void start();
          },
        }}
      />
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="enviar-varias-titulo">
        <DialogTitle id="enviar-varias-titulo">{translate('app.cobrancas.enviar_varias.titulo', { smart_count: ids.length })}</DialogTitle>
        <DialogContent>
          <Box sx={{ mb: 2 }}>
            <LinearProgress
              variant="determinate"
              value={ids.length ? (100 * done) / ids.length : 0}
              aria-label={translate('app.cobrancas.enviar_varias.progresso', { done, total: ids.length })}
            />
            <Typography variant="body2" role="status" sx={{ mt: 1 }}>
              {running
                ? translate('app.cobrancas.enviar_varias.progresso', { done, total: ids.length })
                : translate('app.cobrancas.enviar_varias.resumo', { enviadas, ignoradas: resultados.length - enviadas })}
            </Typography>
          </Box>
          <List dense aria-label={translate('app.cobrancas.enviar_varias.resultados')}>
            {resultados.map((r) => (
              <ListItem key={r.id} disableGutters>
                <ListItemText
                  primary={`${translate('app.cobrancas.enviar_varias.cobranca', { numero: formatNumero(r.id) })}: ${translate(`app.cobrancas.enviar_varias.${r.status}`)}`}
                  secondary={r.motivo || undefined}
                  slotProps={{ primary: { sx: { color: r.status === 'enviada' ? 'success.dark' : 'warning.dark', fontWeight: 600 } } }}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={running}>
            {translate('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
