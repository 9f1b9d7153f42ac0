/**
 * What the payment gateway needs from us (DESIGN 9, "gateway config"): the read-only webhook link
 * {origin}/webhook/cobranca/{userId}/{gateway} and the webhook token it must send, each with a copy
 * button; the token is masked with show/hide and can only be regenerated (POST
 * /v1/integrations/gateway/webhook-token), never typed. Neither goes into the saved form.
 */
import * as React from 'react';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useNotify, useRecordContext, useTranslate } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { SECRET_MASK } from '../../../domain/constants';
import { copyToClipboard } from '../../components/clipboard';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { fullRow } from '../../components/FormGrid';
import { useServerErrorNotify } from '../../form/useServerErrorNotify';
import { regenerateWebhookToken } from './api';
import { VisibilityToggle } from './inputs';

export const DEFAULT_GATEWAY = 'asaas';

export const webhookLink = (userId: number | string, gateway: string) =>
  `${window.location.origin}/webhook/cobranca/${encodeURIComponent(String(userId))}/${encodeURIComponent(gateway)}`;

function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    if (await copyToClipboard(text)) notify(copied, { type: 'success' });
    else notify('app.integracoes.copy_failed', { type: 'warning' });
  };
  return (
    <Tooltip title={translate(label)}>
      {/* A disabled button fires no events: the span carries the tooltip's. */}
      <span>
        <IconButton aria-label={translate(label)} onClick={copy} size="small" disabled={!text}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function WebhookFields() {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const record = useRecordContext()!;
  const gateway = (useWatch({ name: 'integrations.gateway.api' }) as string | undefined) || DEFAULT_GATEWAY;
  const stored = (record.integrations?.gateway?.webhookToken as string | undefined) ?? '';
  const [token, setToken] = React.useState(stored);
  const [visible, setVisible] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [regenerating, setRegenerating] = React.useState(false);
  const link = webhookLink(record.id, gateway);

  const regenerate = async () => {
    setConfirming(false);
    setRegenerating(true);
    try {
      const reply = await regenerateWebhookToken();
      setToken(reply.webhookToken);
      setVisible(true);
      notify('app.integracoes.mdp.regenerated', { type: 'success' });
    } catch (error) {
      onError(error);
    } finally {
      setRegenerating(false);
    }
  };

  return (
    <>
      <TextField
        label={translate('app.integracoes.mdp.webhook_link')}
        value={link}
        helperText={translate('app.integracoes.mdp.webhook_link_help')}
        sx={fullRow}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <CopyButton text={link} label="app.integracoes.mdp.copy_link" copied="app.integracoes.mdp.link_copied" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ ...fullRow, display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label={translate('app.integracoes.mdp.webhook_token')}
          value={token}
          type={visible ? 'text' : 'password'}
          helperText={translate('app.integracoes.mdp.webhook_token_help')}
          autoComplete="off"
          sx={{ flexGrow: 1 }}
          slotProps={{
            input: {
              readOnly: true,
              endAdornment: (
                <InputAdornment position="end">
                  <VisibilityToggle visible={visible} onToggle={() => setVisible((shown) => !shown)} />
                  <CopyButton
                    // The mask is not a token: there is nothing to copy for a non-administrator.
                    text={token === SECRET_MASK ? '' : token}
                    label="app.integracoes.mdp.copy_token"
                    copied="app.integracoes.mdp.token_copied"
                  />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="outlined"
          startIcon={<AutorenewIcon />}
          onClick={() => setConfirming(true)}
          disabled={regenerating}
          sx={{ mt: 1, flexShrink: 0 }}
        >
          {translate('app.integracoes.mdp.regenerate')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        look="text"
        title={translate('app.integracoes.mdp.regenerate_title')}
        text={translate('app.integracoes.mdp.regenerate_confirm')}
        confirm={{ label: 'ra.action.confirm', onConfirm: () => void regenerate() }}
      />
    </>
  );
}
