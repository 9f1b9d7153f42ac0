/** 'Link Pré-Cadastro' (SPEC 2.7): copies the public pre-registration link built from the user's token. */
import * as React from 'react';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import { Button } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { getSessionUser } from '../../authProvider/session';
import { copyToClipboard } from '../../components/clipboard';

/** `user.token` is the per-user public token of the link, never the session secret (DESIGN 4). */
export function preCadastroLink(token: string) {
  return `${window.location.origin}/precadastro?token=${encodeURIComponent(token)}`;
}

export function PreCadastroLinkButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    const token = getSessionUser()?.token;
    if (typeof token !== 'string' || token === '') {
      notify('app.clientes.link_unavailable', { type: 'error' });
      return;
    }
    const link = preCadastroLink(token);
    if (await copyToClipboard(link)) notify('app.clientes.link_copied', { type: 'success' });
    else notify('app.clientes.link_failed', { type: 'error', messageArgs: { link }, autoHideDuration: 15000 });
  };
  return (
    <Button type="button" variant="outlined" startIcon={<LinkIcon />} onClick={() => void copy()}>
      {translate('app.clientes.link_button')}
    </Button>
  );
}
