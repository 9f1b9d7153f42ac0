/**
 * Engine stop and resume by hand (DESIGN 7, issue 10), on a tracker or on a vehicle: only the
 * commands GET {path} lists (those the device's protocol supports), each confirmed in a dialog
 * that names the plate, then sent with POST {path}. The reply's message goes to the snackbar:
 * green when sent or queued, red when Traccar refused it. The server records each in the audit log.
 */
import * as React from 'react';
import LockIcon from '@mui/icons-material/LockOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { HttpError, useNotify, useTranslate } from 'ra-core';
import { ENGINE_COMMANDS, type EngineCommand } from '../../../domain/schemas/traccar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiFetch } from '../../dataProvider/http';
import { useApiGet } from '../../dataProvider/useApiGet';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';

interface Props {
  /** `/v1/trackres/{id}/comandos` or `/v1/veiculos/{id}/comandos`. */
  path: string;
  /** The vehicle's plate, named in the dialog; the tracker's IMEI when it is on no vehicle. */
  placa?: string | null;
  imei?: string;
}

const ICONS: Record<EngineCommand, React.ReactNode> = { engineStop: <LockIcon />, engineResume: <LockOpenIcon /> };

export function EngineCommands({ path, placa, imei }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const { data, error } = useApiGet<{ types?: string[] }>(path);
  // The command asked about stays set while the dialog fades out.
  const [asking, setAsking] = React.useState<EngineCommand | null>(null);
  const [open, setOpen] = React.useState(false);
  const [sending, setSending] = React.useState(false);

  const offered = ENGINE_COMMANDS.filter((type) => data?.types?.includes(type));
  // Why none is offered (Traccar inactive, tracker not yet synced): the server's own words.
  const unavailable = error instanceof HttpError && error.status === 409 ? error.message : '';
  if (!offered.length && !unavailable) return null;

  const send = async (type: EngineCommand) => {
    setSending(true);
    try {
      const reply = await apiFetch<{ result: string; message: string }>(path, { method: 'POST', body: { type } });
      const message = reply?.message || translate('app.comandos.sent');
      notify(message, { type: 'success', messageArgs: { _: message } });
    } catch (failure) {
      onError(failure);
    } finally {
      setSending(false);
      setOpen(false);
    }
  };
  const ask = (type: EngineCommand) => {
    setAsking(type);
    setOpen(true);
  };
  const cancel = () => {
    if (!sending) setOpen(false);
  };

  const subject = placa ? { key: 'veiculo', placa } : { key: 'rastreador', imei: imei ?? '' };
  return (
    <Box
      component="section"
      aria-label={translate('app.comandos.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}
    >
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {translate('app.comandos.title')}
      </Typography>
      {offered.length ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {offered.map((type) => (
            <Button
              key={type}
              variant="outlined"
              color={type === 'engineStop' ? 'error' : 'success'}
              startIcon={ICONS[type]}
              disabled={sending}
              onClick={() => ask(type)}
            >
              {translate(`app.comandos.${type}`)}
            </Button>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {unavailable}
        </Typography>
      )}
      {asking ? (
        <ConfirmDialog
          open={open}
          onClose={cancel}
          maxWidth="xs"
          fullWidth
          title={translate(`app.comandos.confirm_${asking}_${subject.key}`, subject)}
          text={translate('app.comandos.audited')}
          cancel="app.comandos.cancel"
          busy={sending}
          confirm={{
            label: 'app.comandos.confirm',
            color: asking === 'engineStop' ? 'error' : 'primary',
            icon: sending ? <CircularProgress size={16} color="inherit" /> : null,
            onConfirm: () => void send(asking),
          }}
        >
          {asking === 'engineStop' ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('app.comandos.warning_engineStop')}
            </Alert>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </Box>
  );
}
