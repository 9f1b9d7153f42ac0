/**
 * /login (SPEC 2.3): login or e-mail + password; Entrar enabled when both are filled; Enter submits.
 * Rendered by the public entry (src/public/PublicApp.tsx) before the app is loaded, and by
 * react-admin's own /login route once it is (AdminLoginPage). It needs no more of react-admin than
 * ra-core's auth, i18n and notification contexts.
 */
import * as React from 'react';
import { Box, Button } from '@mui/material';
import { useAuthProvider, useNotify, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../dataProvider/http';
import { AuthCard } from '../AuthCard';
import { AuthField } from '../AuthField';

/** Signs in and goes into the app: ra-core's useLogin inside the Admin, the public entry's own before it is loaded. */
export type Login = (credentials: { username: string; password: string }) => Promise<unknown>;

export function LoginPage({ login }: { login: Login }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const authProvider = useAuthProvider();
  const [username, setUsername] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [loading, setLoading] = React.useState(false);

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
        const message = error?.message || 'ra.auth.sign_in_error';
        notify(message, { type: 'error', messageArgs: { _: message } });
      })
      .finally(() => setLoading(false));
  };

  return (
    <AuthCard title="app.title" subtitle="app.login.subtitle">
      <Box component="form" onSubmit={submit} noValidate aria-label={translate('app.login.title')}>
        <AuthField
          id="login-username"
          name="username"
          label={translate('app.login.login')}
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoFocus
        />
        <AuthField
          id="login-password"
          name="password"
          type="password"
          label={translate('app.login.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!ready || loading} sx={{ mt: 2 }}>
          {translate('app.login.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}

export default LoginPage;
