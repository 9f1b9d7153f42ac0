/**
 * /login (SPEC 2.3): login or e-mail + password; Entrar enabled when both are filled; Enter submits.
 * With two-factor sign-in (DESIGN 10) a second step asks for the app's 6-digit code or a recovery
 * code; when the company requires it of a user without it, that step shows the QR to enroll, then
 * the recovery codes once, before entering.
 * Rendered by the public entry (src/public/PublicApp.tsx) before the app is loaded, and by
 * react-admin's own /login route once it is (AdminLoginPage). It needs no more of react-admin than
 * ra-core's auth, i18n and notification contexts.
 */
import * as React from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useAuthProvider, useNotify, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router';
import type { SegundoFatorReply } from '../../../domain/seguranca';
import type { SessionUser } from '../../authProvider/session';
import { SegundoFatorRequerido } from '../../authProvider/segundoFator';
import { apiFetch } from '../../dataProvider/http';
import { AuthCard } from '../AuthCard';
import { AuthField } from '../AuthField';
import { CadastroQr } from '../seguranca/CadastroQr';
import { CodigosRecuperacao } from '../seguranca/CodigosRecuperacao';

/** Signs in and goes into the app: ra-core's useLogin inside the Admin, the public entry's own before it is loaded. */
export type Login = (
  credentials: { username: string; password: string } | { codigo: string } | { usuario: SessionUser },
) => Promise<unknown>;

const notifyError = (notify: ReturnType<typeof useNotify>, error: Error) => {
  const message = error?.message || 'ra.auth.sign_in_error';
  notify(message, { type: 'error', messageArgs: { _: message } });
};

/** The second step: the code (or, enrolling, the QR and then the recovery codes). */
function SegundoFatorStep({ reply, login, onBack }: { reply: SegundoFatorReply; login: Login; onBack: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [codigo, setCodigo] = React.useState('');
  const [erro, setErro] = React.useState('');
  const [loading, setLoading] = React.useState(false);
  const [enrolled, setEnrolled] = React.useState<(SessionUser & { codigosRecuperacao: string[] }) | null>(null);
  const ready = codigo.replace(/\s+/g, '').length >= 6;

  const fail = (error: Error & { body?: { errors?: Record<string, string> } }) => {
    setErro(error?.body?.errors?.codigo ?? error?.message ?? '');
    notifyError(notify, error);
    // The pre-session expired or was refused: back to the password.
    if ((error as { status?: number }).status === 401 && !error?.body?.errors?.codigo) onBack();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || loading) return;
    setLoading(true);
    setErro('');
    const done = reply.cadastrar
      ? apiFetch<SessionUser & { codigosRecuperacao: string[] }>('/v1/session/segundo-fator', { method: 'POST', body: { codigo } }).then(
          setEnrolled,
        )
      : login({ codigo });
    done.catch(fail).finally(() => setLoading(false));
  };

  if (enrolled)
    return (
      <Box>
        <CodigosRecuperacao codigos={enrolled.codigosRecuperacao} />
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 2 }}
          onClick={() => {
            const { codigosRecuperacao: _codes, ...usuario } = enrolled;
            login({ usuario }).catch((error: Error) => notifyError(notify, error));
          }}
        >
          {translate('app.seguranca.continuar')}
        </Button>
      </Box>
    );

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={translate('app.seguranca.segunda_etapa')}>
      {reply.cadastrar && reply.qr ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('app.seguranca.exigido')}
          </Typography>
          <CadastroQr qr={reply.qr} segredo={reply.segredo} />
        </>
      ) : (
        <Typography variant="body2">{translate('app.seguranca.informe_codigo')}</Typography>
      )}
      <AuthField
        id="login-codigo"
        name="codigo"
        label={translate(reply.cadastrar ? 'app.seguranca.codigo_app' : 'app.seguranca.codigo')}
        autoComplete="one-time-code"
        value={codigo}
        onChange={(event) => setCodigo(event.target.value)}
        autoFocus
        error={Boolean(erro)}
        helperText={erro || translate(reply.cadastrar ? 'app.seguranca.codigo_app_ajuda' : 'app.seguranca.codigo_ajuda')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!ready || loading} sx={{ mt: 2 }}>
        {translate('app.seguranca.verificar')}
      </Button>
      <Button fullWidth sx={{ mt: 1 }} onClick={onBack}>
        {translate('app.seguranca.voltar')}
      </Button>
    </Box>
  );
}

export function LoginPage({ login }: { login: Login }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const authProvider = useAuthProvider();
  const [{ username, password }, setCredenciais] = React.useState({ username: '', password: '' });
  /** A credential's input: its id, name and value. */
  const campo = (name: 'username' | 'password') => ({
    id: `login-${name}`,
    name,
    value: name === 'username' ? username : password,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setCredenciais((atual) => ({ ...atual, [name]: event.target.value })),
  });
  const [loading, setLoading] = React.useState(false);
  const [segundoFator, setSegundoFator] = React.useState<SegundoFatorReply | null>(null);

  // Already signed in: go straight to the dashboard. Never installed: the first visit goes to /install.
  React.useEffect(() => {
    Promise.resolve()
      .then(() => authProvider?.checkAuth({}))
      .then(() => navigate('/dashboard', { replace: true }))
      .catch(() =>
        apiFetch<{ status: boolean }>('/v1/install')
          .then(({ status }) => {
            if (status === false) navigate('/install', { replace: true });
          })
          .catch(() => undefined),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ready = username.trim() !== '' && password !== '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || loading) return;
    setLoading(true);
    login({ username: username.trim(), password })
      .catch((error: Error) => {
        if (error instanceof SegundoFatorRequerido) setSegundoFator(error.reply);
        else notifyError(notify, error);
      })
      .finally(() => setLoading(false));
  };

  if (segundoFator)
    return (
      <AuthCard title="app.title" subtitle="app.seguranca.segunda_etapa">
        <SegundoFatorStep
          reply={segundoFator}
          login={login}
          onBack={() => {
            setSegundoFator(null);
            setCredenciais((atual) => ({ ...atual, password: '' }));
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title="app.title" subtitle="app.login.subtitle">
      <Box component="form" onSubmit={submit} noValidate aria-label={translate('app.login.title')}>
        <AuthField {...campo('username')} label={translate('app.login.login')} autoComplete="username" autoFocus />
        <AuthField {...campo('password')} type="password" label={translate('app.login.password')} autoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!ready || loading} sx={{ mt: 2 }}>
          {translate('app.login.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}

export default LoginPage;
