/**
 * The office's answer to an order a técnico finalized while the company asks for approval
 * (DESIGN 11, setting `campo.exigirAprovacao`): Aprovar (the order becomes Concluído and what a
 * finalization moves, moves) or Reprovar with the reason the técnico reads on the phone (the order
 * goes back to Em aberto). Shown on the order's page while it is Aguardando aprovação.
 */
import * as React from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { apiFetch } from '../../dataProvider/http';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';

export function AprovacaoActions({ id, onDone }: { id: number; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [enviando, setEnviando] = React.useState(false);
  const [reprovando, setReprovando] = React.useState(false);
  const [motivo, setMotivo] = React.useState('');
  const responder = async (acao: 'aprovar' | 'rejeitar') => {
    setEnviando(true);
    try {
      await apiFetch(`/v1/ordensservicos/${id}/${acao}`, { method: 'POST', body: acao === 'rejeitar' ? { motivo: motivo.trim() } : {} });
      notify(acao === 'aprovar' ? 'app.ordensservicos.aprovacao.aprovada' : 'app.ordensservicos.aprovacao.reprovada', { type: 'success' });
      setReprovando(false);
      onDone();
    } catch (error) {
      onError(error);
    }
    setEnviando(false);
  };
  return (
    <>
      <Button variant="contained" color="success" disabled={enviando} onClick={() => void responder('aprovar')}>
        {translate('app.ordensservicos.aprovacao.aprovar')}
      </Button>
      <Button variant="outlined" color="error" disabled={enviando} onClick={() => setReprovando(true)}>
        {translate('app.ordensservicos.aprovacao.reprovar')}
      </Button>
      <Dialog open={reprovando} onClose={() => setReprovando(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.ordensservicos.aprovacao.reprovar_titulo')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={translate('app.ordensservicos.aprovacao.motivo')}
            value={motivo}
            onChange={(event) => setMotivo(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReprovando(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" disabled={enviando || !motivo.trim()} onClick={() => void responder('rejeitar')}>
            {translate('app.ordensservicos.aprovacao.reprovar')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
