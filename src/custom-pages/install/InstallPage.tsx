/**
 * /install (SPEC 2.4): the first administrator, and the company's name (the CNPJ optional) that
 * the payment page, the pre-registration and the contract show. Already installed (or the check
 * fails) → /login.
 */
import * as React from 'react';
import { Box, Button, CircularProgress } from '@mui/material';
import { useNotify, useTranslate, type HttpError } from 'ra-core';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../dataProvider/http';
import { AuthCard } from '../AuthCard';
import { AuthField } from '../AuthField';

type Field = 'empresa' | 'cnpj' | 'name' | 'email' | 'password';

export function InstallPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [checking, setChecking] = React.useState(true);
  const [values, setValues] = React.useState<Record<Field, string>>({ empresa: '', cnpj: '', name: '', email: '', password: '' });
  const [errors, setErrors] = React.useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = React.useState(false);

  React.useEffect(() => {
    let active = true;
    apiFetch<{ status: boolean }>('/v1/install')
      .then((reply) => {
        if (!active) return;
        if (reply?.status !== false) navigate('/login', { replace: true });
        else setChecking(false);
      })
      .catch(() => active && navigate('/login', { replace: true }));
    return () => {
      active = false;
    };
  }, [navigate]);

  const ready = values.empresa.trim() !== '' && values.email.trim() !== '' && values.password !== '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || saving) return;
    setSaving(true);
    setErrors({});
    try {
      await apiFetch('/v1/install', { method: 'POST', body: values });
      notify('app.install.success', { type: 'success' });
      navigate('/login', { replace: true });
    } catch (error) {
      const httpError = error as HttpError;
      setErrors((httpError.body?.errors ?? {}) as Partial<Record<Field, string>>);
      notify(httpError.message, { type: 'error', messageArgs: { _: httpError.message } });
      if (httpError.status === 409) navigate('/login', { replace: true });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, type = 'text', autoComplete?: string, helperText?: string) => (
    <AuthField
      id={`install-${name}`}
      name={name}
      type={type}
      label={translate(`app.install.${name}`)}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={!!errors[name]}
      helperText={errors[name] ?? (helperText ? translate(helperText) : undefined)}
    />
  );

  return (
    <AuthCard title="app.install.title" subtitle="app.install.subtitle">
      {checking ? (
        <Box sx={{ textAlign: 'center', py: 3 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          {field('empresa', 'text', 'organization', 'app.install.empresa_help')}
          {field('cnpj', 'text', 'off', 'app.install.cnpj_help')}
          {field('name', 'text', 'name')}
          {field('email', 'email', 'email')}
          {field('password', 'password', 'new-password')}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={!ready || saving} sx={{ mt: 2 }}>
            {translate('app.install.submit')}
          </Button>
        </Box>
      )}
    </AuthCard>
  );
}

export default InstallPage;
