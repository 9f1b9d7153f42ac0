/**
 * /integrations/traccar (SPEC 2.18, tracking server): server, user id, token, status; Testar conexão
 * and Salvar. Below them the fleet's settings (DESIGN 10): hours without a report before Sem
 * comunicação, minutes the GPS fix may lag, and the map's tiles (a raster {z}/{x}/{y} URL or a style.json).
 */
import * as React from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { Button, CircularProgress } from '@mui/material';
import { LinkBase as Link, useNotify, useTranslate } from 'ra-core';
import { NumberInput, TextInput } from 'react-admin';
import { Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { fullRow } from '../../components/FormGrid';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { testTraccar } from './api';
import { CompanySettingsPage, SettingsForm, type IntegrationGroup } from './CompanySettingsPage';
import { SecretInput, ServerInput, StatusInput } from './inputs';

const GROUPS: readonly IntegrationGroup[] = ['traccar', 'frota'];

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
  const translate = useTranslate();
  return (
    <CompanySettingsPage title="app.integracoes.traccar.title" groups={GROUPS}>
      <SettingsForm
        groups={GROUPS}
        actions={
          <>
            <TestConnectionButton />
            {/* Traccar's devices the product lacks become trackers: a dry run first (DESIGN 10). */}
            <Button component={Link} to="/importar?origem=traccar" variant="outlined" startIcon={<UploadFileIcon />}>
              {translate('app.importar.traccar_botao')}
            </Button>
          </>
        }
      >
        <ServerInput source="integrations.traccar.server" helperText="app.integracoes.traccar.server_help" />
        <TextInput source="integrations.traccar.userId" label="app.integracoes.traccar.userId" autoComplete="off" />
        <SecretInput source="integrations.traccar.token" label="app.integracoes.token" />
        <StatusInput source="integrations.traccar.status" />
        <Typography variant="subtitle1" sx={{ ...fullRow, fontWeight: 600, mt: 1 }}>
          {translate('app.frota.config_title')}
        </Typography>
        <NumberInput
          source="integrations.frota.horasSilencio"
          label="app.frota.config_horas"
          helperText="app.frota.config_horas_help"
          min={1}
          max={720}
        />
        <NumberInput
          source="integrations.frota.minutosGps"
          label="app.frota.config_minutos"
          helperText="app.frota.config_minutos_help"
          min={1}
          max={1440}
        />
        <TextInput
          source="integrations.frota.mapa.url"
          label="app.frota.config_mapa"
          helperText="app.frota.config_mapa_help"
          sx={fullRow}
        />
        <TextInput source="integrations.frota.mapa.atribuicao" label="app.frota.config_atribuicao" sx={fullRow} />
      </SettingsForm>
    </CompanySettingsPage>
  );
}
