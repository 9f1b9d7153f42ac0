/**
 * /integrations/whats (SPEC 2.18, messaging API): the connection state (Online / Offline), Conectar
 * with the QR popup when offline, Desconectar only when online; server, instance, token, status and Salvar.
 */
import * as React from 'react';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useNotify, useRecordContext, useTranslate } from 'ra-core';
import { TextInput } from 'react-admin';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { whatsDisconnect, type WhatsStatus } from './api';
import { CompanySettingsPage, SettingsForm, type IntegrationGroup } from './CompanySettingsPage';
import { SecretInput, ServerInput, StatusInput } from './inputs';
import { useWhatsStatus, type WhatsState } from './useWhatsStatus';
import { WhatsConnectDialog } from './WhatsConnectDialog';

const GROUPS: readonly IntegrationGroup[] = ['whats'];

/** What an offline state means, under the chip. */
const STATUS_HINTS: Record<Exclude<WhatsStatus, 'open'>, string> = {
  connecting: 'app.integracoes.whats.hint_connecting',
  close: 'app.integracoes.whats.hint_close',
  apiOff: 'app.integracoes.whats.hint_apiOff',
};

function ConnectionCard({ whats }: { whats: WhatsState }) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const userId = useRecordContext()!.id;
  const [connecting, setConnecting] = React.useState(false);
  const [disconnecting, setDisconnecting] = React.useState(false);

  const onFinished = (status: string) => {
    setConnecting(false);
    whats.refresh();
    if (status === 'open') notify('app.integracoes.whats.connected', { type: 'success' });
    else notify('app.integracoes.whats.not_connected', { type: 'warning' });
  };
  const onFailed = (error: unknown) => {
    setConnecting(false);
    onError(error);
  };
  const disconnect = async () => {
    setDisconnecting(true);
    try {
      await whatsDisconnect(userId);
      notify('app.integracoes.whats.disconnected', { type: 'info' });
    } catch (error) {
      onError(error);
    } finally {
      setDisconnecting(false);
      whats.refresh();
    }
  };

  const hint = whats.status && whats.status !== 'open' ? STATUS_HINTS[whats.status] : undefined;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {translate('app.integracoes.whats.connection')}
            </Typography>
            {whats.isLoading ? (
              <Chip size="small" label={translate('app.integracoes.whats.checking')} />
            ) : (
              <Chip
                size="small"
                color={whats.online ? 'success' : 'default'}
                label={translate(whats.online ? 'app.integracoes.whats.online' : 'app.integracoes.whats.offline')}
              />
            )}
          </Box>
          {hint ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {translate(hint)}
            </Typography>
          ) : null}
        </Box>
        {whats.isLoading ? null : whats.online ? (
          <Button variant="outlined" color="error" startIcon={<LinkOffIcon />} onClick={disconnect} disabled={disconnecting}>
            {translate('app.integracoes.whats.disconnect')}
          </Button>
        ) : (
          <Button variant="contained" startIcon={<QrCode2Icon />} onClick={() => setConnecting(true)}>
            {translate('app.integracoes.whats.connect')}
          </Button>
        )}
      </CardContent>
      <WhatsConnectDialog
        open={connecting}
        onClose={() => {
          // Closed by hand: the code may have been read meanwhile.
          setConnecting(false);
          whats.refresh();
        }}
        userId={userId}
        onFinished={onFinished}
        onFailed={onFailed}
      />
    </Card>
  );
}

export default function WhatsPage() {
  const whats = useWhatsStatus();
  return (
    <CompanySettingsPage title="app.integracoes.whats.title" groups={GROUPS} onSaved={whats.refresh}>
      <ConnectionCard whats={whats} />
      <SettingsForm groups={GROUPS}>
        <ServerInput source="integrations.whats.server" helperText="app.integracoes.whats.server_help" />
        <TextInput source="integrations.whats.instance" label="app.integracoes.whats.instance" autoComplete="off" />
        <SecretInput source="integrations.whats.token" label="app.integracoes.token" />
        <StatusInput source="integrations.whats.status" />
      </SettingsForm>
    </CompanySettingsPage>
  );
}
