/**
 * The "Conectar WhatsApp" popup (SPEC 2.18 and 4): GET /v1/integrations/whats/connect/{id} shows a
 * QR code and is called again every 40 s for a fresh one, until a reply carries a final status.
 * Meanwhile the connection state is polled every 3 s, so a scan is noticed without waiting for the
 * next QR. A refusal (409 not configured or inactive, 403) ends the flow; a failure of Evolution
 * (502, no answer) is shown and the flow goes on: the next refresh, or Tentar novamente, asks again.
 */
import * as React from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { HttpError, useTranslate } from 'ra-core';
import { WHATS_QR_REFRESH_MS } from '../../../domain/constants';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { whatsConnect, whatsStatus, type WhatsConnectReply } from './api';

/** How often the popup asks whether the QR code was read. */
export const WHATS_STATUS_POLL_MS = 3_000;
const QR_SIZE = 264;

/**
 * A reply ends the QR flow when it carries a status (SPEC 4), except a status that comes with a
 * new QR code and is not 'open' (a server may say 'connecting' beside the code it shows).
 */
export const connectEnded = (reply: WhatsConnectReply | undefined): reply is WhatsConnectReply & { status: string } =>
  !!reply?.status && (reply.status === 'open' || !reply.qr);

/** A refusal that asking again will not change (not configured, inactive, not allowed). */
const isRefusal = (error: unknown) => error instanceof HttpError && error.status >= 400 && error.status < 500;

interface FlowProps {
  userId: number | string;
  /** The flow ended with this status ('open': connected). */
  onFinished: (status: string) => void;
  /** The server refused to connect: the popup closes. */
  onFailed: (error: unknown) => void;
}

function ConnectFlow({ userId, onFinished, onFailed }: FlowProps) {
  const translate = useTranslate();
  const onError = useServerErrorNotify();
  const [qr, setQr] = React.useState<string>();
  const [failing, setFailing] = React.useState(false);
  const retry = React.useRef<() => void>(undefined);
  const finished = React.useEffectEvent(onFinished);
  const failed = React.useEffectEvent(onFailed);
  const warn = React.useEffectEvent(onError);
  React.useEffect(() => {
    const controller = new AbortController();
    let active = true;
    const stop = () => {
      active = false;
      controller.abort();
    };
    const end = (status: string) => {
      if (!active) return;
      stop();
      finished(status);
    };
    const connect = () =>
      whatsConnect(userId, controller.signal).then(
        (reply) => {
          if (!active) return;
          setFailing(false);
          if (reply?.qr) setQr(reply.qr);
          if (connectEnded(reply)) end(reply.status);
        },
        (error) => {
          if (!active) return;
          if (isRefusal(error)) {
            stop();
            failed(error);
            return;
          }
          setFailing(true);
          warn(error);
        },
      );
    // Errors of this background check are not shown: the QR refresh reports the real ones.
    const check = () =>
      whatsStatus(controller.signal).then(
        (reply) => {
          if (reply?.status === 'open') end('open');
        },
        () => undefined,
      );
    retry.current = () => void connect();
    void connect();
    const qrTimer = setInterval(connect, WHATS_QR_REFRESH_MS);
    const statusTimer = setInterval(check, WHATS_STATUS_POLL_MS);
    return () => {
      clearInterval(qrTimer);
      clearInterval(statusTimer);
      retry.current = undefined;
      stop();
    };
  }, [userId]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
      <Box sx={{ width: QR_SIZE, height: QR_SIZE, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {qr ? (
          <Box component="img" src={qr} alt={translate('app.integracoes.whats.qr_alt')} sx={{ width: QR_SIZE, height: QR_SIZE }} />
        ) : failing ? (
          <Typography color="error">{translate('app.integracoes.whats.qr_failed')}</Typography>
        ) : (
          <CircularProgress aria-label={translate('app.integracoes.whats.qr_loading')} />
        )}
      </Box>
      <Typography>{translate('app.integracoes.whats.qr_help')}</Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('app.integracoes.whats.qr_refresh', { seconds: WHATS_QR_REFRESH_MS / 1000 })}
      </Typography>
      {failing ? (
        <Button startIcon={<RefreshIcon />} onClick={() => retry.current?.()}>
          {translate('app.integracoes.whats.retry')}
        </Button>
      ) : null}
    </Box>
  );
}

export function WhatsConnectDialog({ open, onClose, ...flow }: FlowProps & { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = React.useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{translate('app.integracoes.whats.connect_title')}</DialogTitle>
      {/* Mounted only while open: closing stops both timers, opening again starts a fresh flow. */}
      <DialogContent>{open ? <ConnectFlow {...flow} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
