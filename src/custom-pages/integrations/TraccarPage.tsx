/** /integrations/traccar (SPEC 2.18, tracking server): server, user id, token, status; Testar conexão and Salvar. */
import * as React from 'react';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { Button, CircularProgress } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { TextInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { fullRow } from '../../components/FormGrid';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { testTraccar } from './api';
import { CompanySettingsPage, SettingsForm, type IntegrationGroup } from './CompanySettingsPage';
import { SecretInput, StatusInput } from './inputs';

const GROUPS: readonly IntegrationGroup[] = ['traccar'];

/** POST /v1/integrations/traccar/test with what the form holds now (saved or not; the token may be the mask). */
function TestConnectionButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const { getValues } = useFormContext();
  const [testing, setTesting] = React.useState(false);
  const test = async () => {
    const traccar = (getValues('integrations.traccar') ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
    setTesting(true);
    try {
      const reply = await testTraccar({ server: text(traccar.server), userId: text(traccar.userId), token: text(traccar.token) });
      const message = reply?.message || translate('app.integracoes.traccar.test_ok');
      notify(message, { type: 'success', messageArgs: { _: message } });
    } catch (error) {
      onError(error);
    } finally {
      setTesting(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={test}
      disabled={testing}
      startIcon={testing ? <CircularProgress size={16} color="inherit" /> : <NetworkCheckIcon />}
    >
      {translate(testing ? 'app.integracoes.traccar.testing' : 'app.integracoes.traccar.test')}
    </Button>
  );
}

export default function TraccarPage() {
  return (
    <CompanySettingsPage title="app.integracoes.traccar.title" groups={GROUPS}>
      <SettingsForm groups={GROUPS} actions={<TestConnectionButton />}>
        <TextInput
          source="integrations.traccar.server"
          label="app.integracoes.server"
          helperText="app.integracoes.traccar.server_help"
          autoComplete="off"
          sx={fullRow}
        />
        <TextInput source="integrations.traccar.userId" label="app.integracoes.traccar.userId" autoComplete="off" />
        <SecretInput source="integrations.traccar.token" label="app.integracoes.token" />
        <StatusInput source="integrations.traccar.status" />
      </SettingsForm>
    </CompanySettingsPage>
  );
}
