/**
 * One conversation (DESIGN 11): its header (who, status, atendente, urgente), the actions (Assumir,
 * with a confirmation when it is someone else's; Encerrar; urgente; the client), the messages, and
 * the reply box (1–4096 characters; Ctrl+Enter sends). Errors go to the red snackbar and under the
 * field. `onVoltar`: the phone's way back to the list.
 */
import * as React from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Chip, FormControlLabel, IconButton, Link, Switch, TextField, Tooltip, Typography } from '@mui/material';
import { HttpError, LinkBase, useGetIdentity, useNotify, useTranslate } from 'ra-core';
import { apiFetch } from '../../dataProvider/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Mensagens } from './Mensagens';
import { VincularCliente } from './VincularCliente';
import { STATUS_CORES, telefoneDe, tituloConversa, type ConversaDetalhe } from './types';

const LIMITE = 4096;

function useAcao(onChanged: () => void) {
  const notify = useNotify();
  const [busy, setBusy] = React.useState(false);
  const run = async (fazer: () => Promise<unknown>, sucesso: string): Promise<HttpError | null> => {
    setBusy(true);
    try {
      await fazer();
      notify(sucesso, { type: 'success' });
      onChanged();
      return null;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) return error;
      notify((error as Error).message, { type: 'error' });
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run, notify };
}

function Resposta({ conversa, onChanged }: { conversa: ConversaDetalhe; onChanged: () => void }) {
  const translate = useTranslate();
  const { busy, run, notify } = useAcao(onChanged);
  const [texto, setTexto] = React.useState('');
  const [erro, setErro] = React.useState('');
  if (conversa.status === 'encerrada')
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {translate('app.atendimento.fechada')}
      </Typography>
    );
  const enviar = async () => {
    const limpo = texto.trim();
    const problema = !limpo ? 'app.atendimento.vazia' : limpo.length > LIMITE ? 'app.atendimento.muito_longa' : '';
    if (problema) {
      setErro(translate(problema));
      notify(problema, { type: 'error' });
      return;
    }
    const conflito = await run(
      () => apiFetch(`/v1/conversas/${conversa.id}/mensagens`, { method: 'POST', body: { texto: limpo } }),
      'app.atendimento.enviada',
    );
    if (conflito) {
      setErro(conflito.message);
      notify(conflito.message, { type: 'error' });
    } else setTexto('');
  };
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void enviar();
      }}
      sx={{ display: 'flex', gap: 1, p: 1, alignItems: 'flex-start', borderTop: 1, borderColor: 'divider' }}
    >
      <TextField
        value={texto}
        onChange={(event) => {
          setTexto(event.target.value);
          if (erro) setErro('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void enviar();
          }
        }}
        label={translate('app.atendimento.resposta')}
        placeholder={translate('app.atendimento.resposta_placeholder')}
        multiline
        minRows={1}
        maxRows={6}
        size="small"
        fullWidth
        error={!!erro}
        helperText={erro || (texto.length > LIMITE - 500 ? translate('app.atendimento.limite', { n: texto.length }) : ' ')}
        slotProps={{ htmlInput: { maxLength: LIMITE + 1 } }}
      />
      <Button type="submit" variant="contained" disabled={busy} endIcon={<SendIcon />} sx={{ mt: 0.25 }}>
        {translate('app.atendimento.enviar')}
      </Button>
    </Box>
  );
}

function Acoes({ conversa, onChanged }: { conversa: ConversaDetalhe; onChanged: () => void }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { busy, run, notify } = useAcao(onChanged);
  const [forcar, setForcar] = React.useState<string | null>(null);
  const [encerrar, setEncerrar] = React.useState(false);
  const [vincular, setVincular] = React.useState(false);
  const minha = identity?.id !== undefined && Number(identity.id) === conversa.idatendente;
  const aberta = conversa.status !== 'encerrada';
  const assumir = async (forcado: boolean) => {
    const conflito = await run(
      () => apiFetch(`/v1/conversas/${conversa.id}/assumir`, { method: 'POST', body: forcado ? { forcar: true } : {} }),
      'app.atendimento.assumida',
    );
    if (conflito) {
      if (forcado) notify(conflito.message, { type: 'error' });
      else setForcar(conversa.atendente || '');
    }
  };
  const alterar = (body: Record<string, unknown>) =>
    run(() => apiFetch(`/v1/conversas/${conversa.id}`, { method: 'PUT', body }), 'app.atendimento.alterada');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {aberta && !minha ? (
        <Button
          size="small"
          variant="contained"
          disabled={busy}
          onClick={() => (conversa.idatendente && !minha ? setForcar(conversa.atendente) : void assumir(false))}
        >
          {translate('app.atendimento.assumir')}
        </Button>
      ) : null}
      {aberta ? (
        <Button size="small" variant="outlined" color="inherit" disabled={busy} onClick={() => setEncerrar(true)}>
          {translate('app.atendimento.encerrar')}
        </Button>
      ) : null}
      <FormControlLabel
        control={<Switch size="small" checked={conversa.urgente} disabled={busy} onChange={(_, urgente) => void alterar({ urgente })} />}
        label={translate('app.atendimento.marcar_urgente')}
      />
      <Button size="small" disabled={busy} onClick={() => setVincular(true)}>
        {translate(conversa.idcliente ? 'app.atendimento.trocar' : 'app.atendimento.vincular')}
      </Button>
      <ConfirmDialog
        open={forcar !== null}
        onClose={() => setForcar(null)}
        title={translate('app.atendimento.forcar_titulo')}
        text={translate('app.atendimento.forcar_confirm', { nome: forcar || translate('app.atendimento.sem_atendente') })}
        confirm={{
          label: 'app.atendimento.forcar',
          color: 'warning',
          onConfirm: () => {
            setForcar(null);
            void assumir(true);
          },
        }}
        busy={busy}
      />
      <ConfirmDialog
        open={encerrar}
        onClose={() => setEncerrar(false)}
        title={translate('app.atendimento.encerrar')}
        text={translate('app.atendimento.encerrar_confirm')}
        confirm={{
          label: 'app.atendimento.encerrar',
          onConfirm: () => {
            setEncerrar(false);
            void run(() => apiFetch(`/v1/conversas/${conversa.id}/encerrar`, { method: 'POST' }), 'app.atendimento.encerrada');
          },
        }}
        busy={busy}
      />
      <VincularCliente
        open={vincular}
        onClose={() => setVincular(false)}
        atual={conversa.idcliente}
        onEscolher={async (idcliente) => {
          setVincular(false);
          await alterar({ idcliente });
        }}
      />
    </Box>
  );
}

export function ConversaView(props: { conversa: ConversaDetalhe; onChanged: () => void; onVoltar?: () => void }) {
  const { conversa, onChanged, onVoltar } = props;
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="conversa">
      <Box sx={{ p: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {onVoltar ? (
            <Tooltip title={translate('app.atendimento.voltar')}>
              <IconButton onClick={onVoltar} aria-label={translate('app.atendimento.voltar')} size="small">
                <ArrowBackIcon />
              </IconButton>
            </Tooltip>
          ) : null}
          <Typography variant="h6" component="h2" noWrap sx={{ fontSize: '1.1rem', flex: 1, minWidth: 0 }}>
            {tituloConversa(conversa)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" color={STATUS_CORES[conversa.status]} label={translate(`app.atendimento.status.${conversa.status}`)} />
          {conversa.urgente ? <Chip size="small" color="error" label={translate('app.atendimento.urgente')} /> : null}
          {conversa.motivo ? <Chip size="small" variant="outlined" label={translate(`app.atendimento.motivo.${conversa.motivo}`)} /> : null}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {[
            telefoneDe(conversa.telefone),
            conversa.nome,
            conversa.atendente
              ? translate('app.atendimento.atendente', { nome: conversa.atendente })
              : translate('app.atendimento.sem_atendente'),
          ]
            .filter(Boolean)
            .join(' · ')}
          {conversa.idcliente ? (
            <>
              {' · '}
              <Link component={LinkBase} to={`/clientes/${conversa.idcliente}/show`} underline="hover">
                {translate('app.atendimento.ver_cliente')}
              </Link>
            </>
          ) : null}
        </Typography>
        <Acoes conversa={conversa} onChanged={onChanged} />
      </Box>
      <Mensagens mensagens={conversa.mensagens} />
      <Resposta conversa={conversa} onChanged={onChanged} />
    </Box>
  );
}
