/**
 * Perfil → Segurança (DESIGN 10): two-factor sign-in (turn on with the QR and a code, the recovery
 * codes once; turn off with a code) and one's open sessions (browser, address, opened, last used,
 * "Esta sessão"), each with Encerrar, and "Encerrar as outras".
 */
import * as React from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import type { SessaoItem } from '../../../domain/seguranca';
import { DialogAlert } from '../../components/DialogAlert';
import { SmallTable } from '../../components/SmallTable';
import { apiFetch } from '../../dataProvider/http';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import { CadastroQr } from './CadastroQr';
import { CodigosRecuperacao } from './CodigosRecuperacao';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const formatMoment = (iso: string) => dateTime.format(new Date(iso));

/** A code box: the app's 6 digits or a recovery code. */
function CodigoField({ value, onChange, error, label }: { value: string; onChange: (v: string) => void; error?: string; label: string }) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate(label)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      autoFocus
      fullWidth
      margin="normal"
      error={Boolean(error)}
      helperText={error || ' '}
      slotProps={{ htmlInput: { 'aria-label': translate(label), maxLength: 12 } }}
    />
  );
}

function AtivarDialog({ userId, onClose, onDone }: { userId: number; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const onError = useServerErrorNotify();
  const [enrollment, setEnrollment] = React.useState<{ qr: string; segredo: string } | null>(null);
  const [codigo, setCodigo] = React.useState('');
  const [erro, setErro] = React.useState('');
  const [codigos, setCodigos] = React.useState<string[] | null>(null);
  const [busy, setBusy] = React.useState(false);

  React.useEffect(() => {
    apiFetch<{ qr: string; segredo: string }>(`/v1/users/${userId}/2fa`, { method: 'POST' })
      .then(setEnrollment)
      .catch((error) => {
        onError(error);
        onClose();
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErro('');
    apiFetch<{ codigosRecuperacao: string[] }>(`/v1/users/${userId}/2fa/confirmar`, { method: 'POST', body: { codigo } })
      .then((reply) => {
        setCodigos(reply.codigosRecuperacao);
        onDone();
      })
      .catch((error) => {
        setErro(serverFieldErrors(error).codigo ?? '');
        onError(error);
      })
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open onClose={codigos ? onClose : undefined} maxWidth="xs" fullWidth aria-labelledby="ativar-2fa-title">
      <DialogTitle id="ativar-2fa-title">{translate(codigos ? 'app.seguranca.codigos_titulo' : 'app.seguranca.ativar_titulo')}</DialogTitle>
      <DialogAlert />
      {codigos ? (
        <>
          <DialogContent>
            <CodigosRecuperacao codigos={codigos} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {translate('app.seguranca.concluir')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" onSubmit={confirm} noValidate>
          <DialogContent>
            {enrollment ? <CadastroQr qr={enrollment.qr} segredo={enrollment.segredo} /> : null}
            <CodigoField value={codigo} onChange={setCodigo} error={erro} label="app.seguranca.codigo_app" />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!enrollment || busy || codigo.trim().length < 6}>
              {translate('app.seguranca.confirmar')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

function DesativarDialog({ userId, onClose, onDone }: { userId: number; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [codigo, setCodigo] = React.useState('');
  const [erro, setErro] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErro('');
    apiFetch<{ message: string }>(`/v1/users/${userId}/2fa`, { method: 'DELETE', body: { codigo } })
      .then((reply) => {
        notify(reply.message, { type: 'success', messageArgs: { _: reply.message } });
        onDone();
        onClose();
      })
      .catch((error) => {
        setErro(serverFieldErrors(error).codigo ?? '');
        onError(error);
      })
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="desativar-2fa-title">
      <DialogTitle id="desativar-2fa-title">{translate('app.seguranca.desativar_titulo')}</DialogTitle>
      <DialogAlert />
      <Box component="form" onSubmit={submit} noValidate>
        <DialogContent>
          <Typography variant="body2">{translate('app.seguranca.desativar_texto')}</Typography>
          <CodigoField value={codigo} onChange={setCodigo} error={erro} label="app.seguranca.codigo" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={busy || codigo.trim().length < 6}>
            {translate('app.seguranca.desativar')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function Sessoes() {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [items, setItems] = React.useState<SessaoItem[] | null>(null);
  const load = React.useCallback(
    () =>
      apiFetch<{ Items: SessaoItem[] }>('/v1/session/lista')
        .then((reply) => setItems(reply.Items))
        .catch(onError),
    [onError],
  );
  React.useEffect(() => {
    void load();
  }, [load]);
  const end = (url: string) =>
    apiFetch<{ message: string }>(url, { method: 'DELETE' })
      .then((reply) => {
        notify(reply.message, { type: 'success', messageArgs: { _: reply.message } });
        return load();
      })
      .catch(onError);
  const others = (items ?? []).filter((item) => !item.atual).length;
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {translate('app.seguranca.sessoes')}
        </Typography>
        <Button size="small" color="error" disabled={!others} onClick={() => void end('/v1/session/lista')}>
          {translate('app.seguranca.encerrar_outras')}
        </Button>
      </Stack>
      <SmallTable
        label={translate('app.seguranca.sessoes')}
        rows={items ?? []}
        rowKey={(item) => item.id}
        rowProps={(item) => ({ 'data-testid': `sessao-${item.id}` })}
        columns={[
          {
            label: 'app.seguranca.navegador',
            render: (item) => (
              <>
                {item.navegador}{' '}
                {item.atual ? <Chip size="small" color="primary" label={translate('app.seguranca.esta_sessao')} sx={{ ml: 1 }} /> : null}
              </>
            ),
          },
          { label: 'app.seguranca.endereco', render: (item) => item.endereco || '—' },
          { label: 'app.seguranca.criada', render: (item) => formatMoment(item.criada) },
          { label: 'app.seguranca.ultimo_uso', render: (item) => formatMoment(item.ultimoUso) },
          {
            align: 'right',
            render: (item) =>
              item.atual ? null : (
                <Button size="small" color="error" onClick={() => void end(`/v1/session/lista/${item.id}`)}>
                  {translate('app.seguranca.encerrar')}
                </Button>
              ),
          },
        ]}
      />
    </Box>
  );
}

export function SegurancaPerfil({ userId, doisFatores, onChange }: { userId: number; doisFatores: boolean; onChange: () => void }) {
  const translate = useTranslate();
  const [dialog, setDialog] = React.useState<'ativar' | 'desativar' | null>(null);
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="perfil-seguranca">
      <CardContent>
        <Typography id="perfil-seguranca" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.seguranca.titulo')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
        >
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {translate('app.seguranca.dois_fatores')}{' '}
              <Chip
                size="small"
                color={doisFatores ? 'success' : 'default'}
                label={translate(doisFatores ? 'app.seguranca.ativa' : 'app.seguranca.inativa')}
                sx={{ ml: 1 }}
              />
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate('app.seguranca.dois_fatores_texto')}
            </Typography>
          </Box>
          {doisFatores ? (
            <Button variant="outlined" color="error" onClick={() => setDialog('desativar')}>
              {translate('app.seguranca.desativar')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setDialog('ativar')}>
              {translate('app.seguranca.ativar')}
            </Button>
          )}
        </Stack>
        <Sessoes />
      </CardContent>
      {dialog === 'ativar' ? <AtivarDialog userId={userId} onClose={() => setDialog(null)} onDone={onChange} /> : null}
      {dialog === 'desativar' ? <DesativarDialog userId={userId} onClose={() => setDialog(null)} onDone={onChange} /> : null}
    </Card>
  );
}
