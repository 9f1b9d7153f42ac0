/**
 * Enviar of a contract or a charge (DESIGN 7): POST /v1/<resource>/enviar/{id} puts the message in
 * the messaging channel. The server's answer is shown as it comes: 'Foi enviada com sucesso' in the
 * success snackbar, or its refusal (messaging inactive: 409) in the red one. A client marked "Não
 * enviar mensagens" gets none: the button is disabled and says why (the server refuses it too).
 * A charge sent in the last 10 minutes is refused with `errors.reenviar` (issue 30): Enviar then
 * asks "Enviar 1 cobrança por WhatsApp?" with when it went, and sends again only on Enviar
 * (`?reenviar=1`).
 */
import * as React from 'react';
import SendIcon from '@mui/icons-material/SendOutlined';
import { Button, IconButton, Tooltip } from '@mui/material';
import { HttpError, useNotify, useRecordContext, useTranslate, type Identifier } from 'ra-core';
import { ConfirmDialog } from './ConfirmDialog';
import { apiFetch, type ApiErrorBody } from '../dataProvider/http';
import { apiPath } from '../dataProvider/resources';
import { useServerErrorNotify } from '../form/useServerErrorNotify';

/** `onSent`: after the server took the message (the charge's page reads its messages again). */
export function useEnviar(resource: string, onSent?: () => void) {
  const notify = useNotify();
  const translate = useTranslate();
  const onError = useServerErrorNotify();
  const [sending, setSending] = React.useState(false);
  /** The record sent a moment ago, and the server's words on when: waiting for a confirmation. */
  const [recent, setRecent] = React.useState<{ id: Identifier; motivo: string } | null>(null);
  const send = async (id: Identifier, reenviar = false) => {
    setSending(true);
    try {
      const reply = await apiFetch<{ message?: string }>(
        `${apiPath(resource)}/enviar/${encodeURIComponent(String(id))}${reenviar ? '?reenviar=1' : ''}`,
        { method: 'POST' },
      );
      const message = reply?.message || 'app.notify.sent';
      notify(message, { type: 'success', messageArgs: { _: message } });
      onSent?.();
    } catch (error) {
      const motivo =
        error instanceof HttpError && error.status === 409 ? (error.body as ApiErrorBody | undefined)?.errors?.reenviar : undefined;
      if (motivo && !reenviar) setRecent({ id, motivo });
      else onError(error);
    } finally {
      setSending(false);
    }
  };
  /** Asks before sending again what went a moment ago. */
  const confirm = (
    <ConfirmDialog
      open={recent !== null}
      onClose={() => setRecent(null)}
      look="text"
      title={translate('app.cobrancas.enviar_confirmar', { smart_count: 1 })}
      text={`${recent?.motivo ?? ''} ${translate('app.cobrancas.enviar_de_novo')}`}
      confirm={{
        label: 'app.print.enviar',
        onConfirm: () => {
          const id = recent?.id;
          setRecent(null);
          if (id !== undefined) void send(id, true);
        },
      }}
    />
  );
  return { send: (id: Identifier) => send(id), sending, confirm };
}

export interface EnviarButtonProps {
  resource: string;
  id: Identifier;
  /** 'icon' in a list row, 'button' on a page. */
  variant?: 'icon' | 'button';
  /** After the server took the message. */
  onSent?: () => void;
  /** The client chose "Não enviar mensagens"; by default read from the record in context (`cliente.naoEnviarMensagens`). */
  naoEnviarMensagens?: boolean;
}

type WithCliente = { id: Identifier; cliente?: { naoEnviarMensagens?: boolean } | null };

export function EnviarButton({ resource, id, variant = 'button', onSent, naoEnviarMensagens }: EnviarButtonProps) {
  const translate = useTranslate();
  const record = useRecordContext<WithCliente>();
  const { send, sending, confirm } = useEnviar(resource, onSent);
  const reasonId = React.useId();
  const optedOut = naoEnviarMensagens ?? Boolean(record?.cliente?.naoEnviarMensagens);
  const label = translate('app.print.enviar');
  const reason = optedOut ? translate('app.print.enviar_optout') : '';
  // The reason for screen readers too (a disabled button shows no tooltip to the keyboard).
  const describedBy = optedOut ? reasonId : undefined;
  const hint = optedOut ? (
    <span id={reasonId} hidden>
      {reason}
    </span>
  ) : null;
  if (variant === 'icon') {
    return (
      <Tooltip title={reason || label}>
        <span>
          <IconButton
            aria-label={label}
            aria-describedby={describedBy}
            size="small"
            color="primary"
            disabled={sending || optedOut}
            onClick={() => void send(id)}
          >
            <SendIcon fontSize="small" />
          </IconButton>
          {hint}
          {confirm}
        </span>
      </Tooltip>
    );
  }
  const button = (
    <Button
      variant="outlined"
      startIcon={<SendIcon />}
      aria-describedby={describedBy}
      disabled={sending || optedOut}
      onClick={() => void send(id)}
    >
      {label}
    </Button>
  );
  if (!optedOut)
    return (
      <>
        {button}
        {confirm}
      </>
    );
  return (
    <Tooltip title={reason}>
      <span>
        {button}
        {hint}
      </span>
    </Tooltip>
  );
}
