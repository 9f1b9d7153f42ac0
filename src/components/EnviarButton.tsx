/**
 * Enviar of a contract or a charge (DESIGN 7): POST /v1/<resource>/enviar/{id} puts the message in
 * the messaging channel. The server's answer is shown as it comes: 'Foi enviada com sucesso' in the
 * success snackbar, or its refusal (messaging inactive: 409) in the red one.
 */
import * as React from 'react';
import SendIcon from '@mui/icons-material/SendOutlined';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useNotify, useTranslate, type Identifier } from 'ra-core';
import { apiFetch } from '../dataProvider/http';
import { apiPath } from '../dataProvider/resources';
import { useServerErrorNotify } from '../form/useServerErrorNotify';

/** `onSent`: after the server took the message (the charge's page reads its messages again). */
export function useEnviar(resource: string, onSent?: () => void) {
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const [sending, setSending] = React.useState(false);
  const send = async (id: Identifier) => {
    setSending(true);
    try {
      const reply = await apiFetch<{ message?: string }>(`${apiPath(resource)}/enviar/${encodeURIComponent(String(id))}`, {
        method: 'POST',
      });
      const message = reply?.message || 'app.notify.sent';
      notify(message, { type: 'success', messageArgs: { _: message } });
      onSent?.();
    } catch (error) {
      onError(error);
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}

export interface EnviarButtonProps {
  resource: string;
  id: Identifier;
  /** 'icon' in a list row, 'button' on a page. */
  variant?: 'icon' | 'button';
  /** After the server took the message. */
  onSent?: () => void;
}

export function EnviarButton({ resource, id, variant = 'button', onSent }: EnviarButtonProps) {
  const translate = useTranslate();
  const { send, sending } = useEnviar(resource, onSent);
  const label = translate('app.print.enviar');
  if (variant === 'icon') {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} size="small" color="primary" disabled={sending} onClick={() => void send(id)}>
            <SendIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button variant="outlined" startIcon={<SendIcon />} disabled={sending} onClick={() => void send(id)}>
      {label}
    </Button>
  );
}
