/** Usuários: an administrator's reset of a user's two-factor sign-in (DESIGN 10), confirmed, audited by the server. */
import * as React from 'react';
import { IconButton, Tooltip } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'ra-core';
import { getSessionUser } from '../authProvider/session';
import { apiFetch } from '../dataProvider/http';
import { useServerErrorNotify } from '../form/useServerErrorNotify';
import { ConfirmDialog } from './ConfirmDialog';

export function Redefinir2faButton() {
  const record = useRecordContext<{ id: number; name: string; doisFatores?: boolean }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerErrorNotify();
  const [open, setOpen] = React.useState(false);
  // One's own 2FA is turned off in Perfil → Segurança, with a code.
  if (!record?.doisFatores || Number(record.id) === Number(getSessionUser()?.id)) return null;
  const reset = () =>
    apiFetch<{ message: string }>(`/v1/users/${record.id}/2fa`, { method: 'DELETE' })
      .then((reply) => {
        notify(reply.message, { type: 'success', messageArgs: { _: reply.message } });
        setOpen(false);
        refresh();
      })
      .catch(onError);
  return (
    <>
      <Tooltip title={translate('app.seguranca.redefinir')}>
        <IconButton size="small" aria-label={translate('app.seguranca.redefinir')} onClick={() => setOpen(true)}>
          <LockResetIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('app.seguranca.redefinir_titulo')}
        text={translate('app.seguranca.redefinir_texto', { name: record.name })}
        confirm={{ label: 'app.seguranca.redefinir', color: 'error', onConfirm: () => void reset() }}
      />
    </>
  );
}
