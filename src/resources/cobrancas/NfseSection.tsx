import * as React from 'react';
import { Box, Button, Link, Typography } from '@mui/material';
import { useRefresh, useTranslate } from 'ra-core';
import { COBRANCA_STATUS } from '../../../domain/financeiro';
import { NFSE_STATUS_LABEL } from '../../../domain/nfse';
import { isAdmin } from '../../../domain/permissions';
import { getSessionUser } from '../../authProvider/session';
import { useBusyCall } from '../../components/useBusyCall';
import { useCompanyIntegrations } from '../../components/useCompanyIntegrations';
import { apiFetch } from '../../dataProvider/http';
import { PrintSection } from '../../print/PrintParts';
import type { Cobranca } from './types';

/** The charge's NFS-e (DESIGN 10): number, status, PDF and XML, or Asaas' reason; Emitir NFS-e, and Cancelar for administrators. */
export function NfseSection({ cobranca }: { cobranca: Cobranca }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { integrations } = useCompanyIntegrations();
  const { busy, run } = useBusyCall();
  const nfse = cobranca.nfse ?? null;
  const ativa = Boolean(integrations?.nfse?.ativo);
  if (!nfse && !ativa) return null;
  const standing = Boolean(nfse?.id && nfse.status !== 'CANCELED' && nfse.status !== 'ERROR');
  const call = (path: string, done: string) =>
    run(() => apiFetch(`/v1/cobrancas/${cobranca.id}/${path}`, { method: 'POST' }), { done, settle: refresh });
  return (
    <PrintSection title="app.cobrancas.nfse.title">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {nfse ? (
          <Typography variant="body2">
            {translate('app.cobrancas.nfse.status')}: <strong>{NFSE_STATUS_LABEL[nfse.status] ?? nfse.status}</strong>
            {nfse.numero ? ` · ${translate('app.cobrancas.nfse.numero', { numero: nfse.numero })}` : ''}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.cobrancas.nfse.nenhuma')}
          </Typography>
        )}
        {nfse?.erro ? (
          <Typography variant="body2" color="error" role="alert">
            {nfse.erro}
          </Typography>
        ) : null}
        {nfse?.pdfUrl || nfse?.xmlUrl ? (
          <Box sx={{ display: 'flex', gap: 2 }}>
            {nfse.pdfUrl ? (
              <Link href={nfse.pdfUrl} target="_blank" rel="noopener noreferrer">
                {translate('app.cobrancas.nfse.pdf')}
              </Link>
            ) : null}
            {nfse.xmlUrl ? (
              <Link href={nfse.xmlUrl} target="_blank" rel="noopener noreferrer">
                {translate('app.cobrancas.nfse.xml')}
              </Link>
            ) : null}
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-print="hide">
          {!standing && cobranca.status !== COBRANCA_STATUS.CANCELADA && ativa ? (
            <Button variant="outlined" disabled={busy} onClick={() => void call('nfse', 'app.cobrancas.nfse.emitida')}>
              {translate('app.cobrancas.nfse.emitir')}
            </Button>
          ) : null}
          {standing && isAdmin(getSessionUser()) ? (
            <Button
              variant="outlined"
              color="warning"
              disabled={busy}
              onClick={() => void call('nfse/cancelar', 'app.cobrancas.nfse.cancelada')}
            >
              {translate('app.cobrancas.nfse.cancelar')}
            </Button>
          ) : null}
        </Box>
      </Box>
    </PrintSection>
  );
}
