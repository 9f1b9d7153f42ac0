/**
 * The top bar's count of WhatsApp conversations waiting for a person (DESIGN 11): GET
 * /v1/conversas/resumo every 15 s and when the window regains focus; a link to the inbox's
 * Aguardando tab, red when one is urgent. Nothing waiting: a plain icon that says so.
 */
import * as React from 'react';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { LinkBase as Link, useTranslate } from 'ra-core';
import { useApiGet } from '../dataProvider/useApiGet';

const REFRESH_MS = 15_000;

export function ConversasAviso() {
  const translate = useTranslate();
  const { data, reload } = useApiGet<{ aguardando: number; urgentes: number; minhas: number }>('/v1/conversas/resumo');
  React.useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') reload();
    }, REFRESH_MS);
    window.addEventListener('focus', reload);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', reload);
    };
  }, [reload]);
  const n = data?.aguardando ?? 0;
  const label = n ? translate('app.appbar.conversas', { smart_count: n }) : translate('app.appbar.conversas_nenhuma');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={Link} to="/atendimento?aba=aguardando" aria-label={label} data-testid="conversas-aviso">
        <Badge badgeContent={n} color={data?.urgentes ? 'error' : 'secondary'} max={99}>
          <ChatIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
