/**
 * The office's answer to an order a técnico finalized while the company asks for approval
 * (DESIGN 11, setting `campo.exigirAprovacao`): Aprovar (the order becomes Concluído and what a
 * finalization moves, moves) or Reprovar with the reason the técnico reads on the phone (the order
 * goes back to Em aberto). Shown on the order's page while it is Aguardando aprovação; the page
 * says so, and after a Reprovar shows who reproved it, when and why (AprovacaoAviso).
 */
import * as React from 'react';
import { Alert, Button, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { formatDateTime } from '../../../domain/formatters';
import { ORDEM_STATUS } from '../../../domain/ordensservicos';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiFetch } from '../../dataProvider/http';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import type { OrdemServico } from './types';

export function AprovacaoActions({ id, onDone }: { id: number; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [enviando, setEnviando] = React.useState(false);
  const [reprovando, setReprovando] = React.useState(false);
  const [motivo, setMotivo] = React.useState('');
  const [motivoErro, setMotivoErro] = React.useState<string>();
  const responder = async (acao: 'aprovar' | 'rejeitar') => {
    // The reason is what the técnico reads: without one, nothing is sent.
    if (acao === 'rejeitar' && !motivo.trim()) {
      setMotivoErro(translate('app.ordensservicos.aprovacao.motivo_obrigatorio'));
      return;
    }
    setEnviando(true);
    try {
      await apiFetch(`/v1/ordensservicos/${id}/${acao}`, { method: 'POST', body: acao === 'rejeitar' ? { motivo: motivo.trim() } : {} });
      notify(acao === 'aprovar' ? 'app.ordensservicos.aprovacao.aprovada' : 'app.ordensservicos.aprovacao.reprovada', { type: 'success' });
      setReprovando(false);
      setMotivo('');
      onDone();
    } catch (error) {
      onError(error);
      setMotivoErro(serverFieldErrors(error).motivo);
    }
    setEnviando(false);
  };
  const fechar = () => {
    setReprovando(false);
    setMotivoErro(undefined);
  };
  return (
    <>
      <Button variant="contained" color="success" disabled={enviando} onClick={() => void responder('aprovar')}>
        {translate('app.ordensservicos.aprovacao.aprovar')}
      </Button>
      <Button variant="outlined" color="error" disabled={enviando} onClick={() => setReprovando(true)}>
        {translate('app.ordensservicos.aprovacao.reprovar')}
      </Button>
      <ConfirmDialog
        open={reprovando}
        onClose={fechar}
        fullWidth
        maxWidth="sm"
        title={translate('app.ordensservicos.aprovacao.reprovar_titulo')}
        confirm={{
          label: 'app.ordensservicos.aprovacao.reprovar',
          color: 'error',
          disabled: enviando,
          onConfirm: () => void responder('rejeitar'),
        }}
      >
        <TextField
          autoFocus
          fullWidth
          multiline
          required
          minRows={2}
          margin="dense"
          label={translate('app.ordensservicos.aprovacao.motivo')}
          value={motivo}
          onChange={(event) => {
            setMotivo(event.target.value);
            setMotivoErro(undefined);
          }}
          error={!!motivoErro}
          helperText={motivoErro}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </ConfirmDialog>
    </>
  );
}

/**
 * Above the order on its page (not printed): "Aguardando aprovação" while a técnico's Finalizar
 * waits for the office, and, on an open order the office reproved, who did, when and why.
 */
export function AprovacaoAviso({ ordem }: { ordem: OrdemServico }) {
  const translate = useTranslate();
  const status = Number(ordem.status);
  if (status === ORDEM_STATUS.AGUARDANDO_APROVACAO)
    return (
      <Alert severity="info" data-print="hide" sx={{ mb: 2 }} data-testid="aprovacao-aviso">
        {translate('app.ordensservicos.aprovacao.aguardando')}
      </Alert>
    );
  const rejeicao = ordem.rejeicao;
  // A reproval concerns the open order; once finalized again it is history, not a warning.
  if (status !== ORDEM_STATUS.EM_ABERTO || !rejeicao?.motivo) return null;
  return (
    <Alert severity="warning" data-print="hide" sx={{ mb: 2 }} data-testid="aprovacao-aviso">
      {translate(rejeicao.por?.name ? 'app.ordensservicos.aprovacao.rejeicao' : 'app.ordensservicos.aprovacao.rejeicao_sem_autor', {
        por: rejeicao.por?.name,
        em: formatDateTime(rejeicao.em),
        motivo: rejeicao.motivo,
      })}
    </Alert>
  );
}
