/**
 * The charge page's forma de cobrança and negativação (DESIGN 11, "Collecting without chasing"):
 * - Forma: the subscription's (card, Pix Automático, boleto/PIX) and this charge's Pix Automático
 *   debit (scheduled, refused and why); a charge without subscription is boleto/PIX.
 * - Negativação, for administrators only (the server refuses everyone else): its status as Asaas
 *   reports it, the notice (by WhatsApp or recorded as another means), Simular (allowed or why not,
 *   the fee, the expected start), Solicitar and Cancelar, each asked first. Errors go to the red
 *   snackbar; "requer liberação do Asaas" is said beside it.
 */
import * as React from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useGetOne, useRefresh, useTranslate } from 'ra-core';
import { COBRANCA_STATUS } from '../../../domain/financeiro';
import { formatDate, formatMoney, formatNumero } from '../../../domain/formatters';
import { isAdmin } from '../../../domain/permissions';
import { getSessionUser } from '../../authProvider/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useBusyCall } from '../../components/useBusyCall';
import { useCompanyIntegrations } from '../../components/useCompanyIntegrations';
import { apiFetch } from '../../dataProvider/http';
import { PrintSection } from '../../print/PrintParts';
import { FormaCobrancaChip, type FormaEstado } from '../assinaturas/FormaCobranca';
import type { Cobranca } from './types';

/** The forma of the charge's subscription and this charge's debit. */
export function FormaSection({ cobranca }: { cobranca: Cobranca }) {
  const translate = useTranslate();
  const idassinatura = cobranca.idassinatura ?? null;
  const { data: assinatura } = useGetOne<FormaEstado & { id: number }>(
    'assinaturas',
    { id: idassinatura ?? 0 },
    { enabled: idassinatura !== null },
  );
  const debito = cobranca.debitoPix ?? null;
  return (
    <PrintSection title="app.cobrancas.forma.title">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="cobranca-forma">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {idassinatura === null ? (
            <Typography variant="body2">{translate('app.cobrancas.forma.avulsa')}</Typography>
          ) : assinatura ? (
            <>
              <Typography variant="body2">{translate('app.cobrancas.forma.assinatura', { numero: formatNumero(idassinatura) })}</Typography>
              <FormaCobrancaChip record={assinatura} />
            </>
          ) : null}
        </Box>
        {debito ? (
          <Typography variant="body2" color={debito.status === 'recusada' || debito.status === 'cancelada' ? 'error' : 'text.primary'}>
            {translate('app.cobrancas.forma.debito', {
              status: translate(`app.cobrancas.forma.debito_status.${debito.status}`, { _: debito.status }),
            })}
            {debito.motivo ? ` ${debito.motivo}` : ''}
          </Typography>
        ) : null}
      </Box>
    </PrintSection>
  );
}

interface Simulacao {
  permitido: boolean;
  motivo: string | null;
  taxa: number | null;
  inicioPrevisto: string | null;
}

type Acao = 'aviso-whatsapp' | 'aviso-outro' | 'solicitar' | 'cancelar';

const PATHS: Record<Acao, { path: string; body?: unknown; done: string }> = {
  'aviso-whatsapp': { path: 'aviso', body: { meio: 'whatsapp' }, done: 'app.cobrancas.negativacao.avisado' },
  'aviso-outro': { path: 'aviso', body: { meio: 'outro' }, done: 'app.cobrancas.negativacao.avisado' },
  solicitar: { path: '', done: 'app.cobrancas.negativacao.solicitada' },
  cancelar: { path: 'cancelar', done: 'app.cobrancas.negativacao.cancelada' },
};

/** The negativação panel: administrators only; shown once it is on or the charge has one. */
export function NegativacaoSection({ cobranca }: { cobranca: Cobranca }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { integrations } = useCompanyIntegrations();
  const { busy, run } = useBusyCall();
  const [pergunta, setPergunta] = React.useState<Acao | null>(null);
  const [simulacao, setSimulacao] = React.useState<Simulacao | null>(null);
  const ativa = Boolean(integrations?.negativacao?.ativo);
  const n = cobranca.negativacao ?? null;
  const vencida = Number(cobranca.status) === COBRANCA_STATUS.VENCIDA;
  if (!isAdmin(getSessionUser()) || (!n && !(ativa && vencida))) return null;
  const emCurso = Boolean(n?.status && !['CANCELLED', 'DENIED', 'PAID'].includes(n.status));
  const base = `/v1/cobrancas/${cobranca.id}/negativacao`;

  const simular = () => run(async () => setSimulacao(await apiFetch<Simulacao>(`${base}/simular`, { method: 'POST', body: {} })));
  const executar = (acao: Acao) => {
    const { path, body, done } = PATHS[acao];
    return run(() => apiFetch(path ? `${base}/${path}` : base, { method: 'POST', body: body ?? {} }), {
      done,
      then: () => setSimulacao(null),
      settle: () => {
        setPergunta(null);
        refresh();
      },
    });
  };
  const linha = (label: string, value: React.ReactNode) => (
    <Typography variant="body2">
      {translate(label)}: <strong>{value}</strong>
    </Typography>
  );
  const perguntas: Record<Acao, { title: string; text: string; label: string; color?: 'warning' | 'error' }> = {
    'aviso-whatsapp': {
      title: translate('app.cobrancas.negativacao.aviso_whatsapp_q'),
      text: translate('app.cobrancas.negativacao.aviso_whatsapp_t'),
      label: 'app.cobrancas.negativacao.aviso_whatsapp',
    },
    'aviso-outro': {
      title: translate('app.cobrancas.negativacao.aviso_outro_q'),
      text: translate('app.cobrancas.negativacao.aviso_outro_t'),
      label: 'app.cobrancas.negativacao.aviso_outro',
    },
    solicitar: {
      title: translate('app.cobrancas.negativacao.solicitar_q', { numero: formatNumero(cobranca.id) }),
      text: translate('app.cobrancas.negativacao.solicitar_t', {
        taxa: simulacao?.taxa != null ? formatMoney(simulacao.taxa) : translate('app.cobrancas.negativacao.taxa_asaas'),
      }),
      label: 'app.cobrancas.negativacao.solicitar',
      color: 'error',
    },
    cancelar: {
      title: translate('app.cobrancas.negativacao.cancelar_q'),
      text: translate('app.cobrancas.negativacao.cancelar_t'),
      label: 'app.cobrancas.negativacao.cancelar',
      color: 'warning',
    },
  };
  const atual = pergunta ? perguntas[pergunta] : null;
  return (
    <PrintSection title="app.cobrancas.negativacao.title">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="negativacao">
        {linha(
          'app.cobrancas.negativacao.status',
          n?.status
            ? translate(`app.cobrancas.negativacao.status_asaas.${n.status}`, { _: n.status })
            : translate('app.cobrancas.negativacao.nao_solicitada'),
        )}
        {linha(
          'app.cobrancas.negativacao.aviso',
          n?.avisoEm ? formatDate(n.avisoEm.slice(0, 10)) : translate('app.cobrancas.negativacao.sem_aviso'),
        )}
        {n?.solicitadaEm ? linha('app.cobrancas.negativacao.solicitada_em', formatDate(n.solicitadaEm.slice(0, 10))) : null}
        {n?.taxa != null ? linha('app.cobrancas.negativacao.taxa', formatMoney(n.taxa)) : null}
        {n?.motivo ? (
          <Typography variant="body2" color="error">
            {n.motivo}
          </Typography>
        ) : null}
        {simulacao ? (
          <Typography
            variant="body2"
            color={simulacao.permitido ? 'success.main' : 'error'}
            role="status"
            data-testid="negativacao-simulacao"
          >
            {simulacao.permitido
              ? translate('app.cobrancas.negativacao.simulada', {
                  taxa: formatMoney(simulacao.taxa ?? 0),
                  inicio: simulacao.inicioPrevisto ? formatDate(simulacao.inicioPrevisto) : '—',
                })
              : translate('app.cobrancas.negativacao.nao_permitida', { motivo: simulacao.motivo ?? '' })}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {translate('app.cobrancas.negativacao.liberacao')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-print="hide">
          {!emCurso && vencida ? (
            <>
              <Button variant="outlined" size="small" disabled={busy} onClick={() => setPergunta('aviso-whatsapp')}>
                {translate('app.cobrancas.negativacao.aviso_whatsapp')}
              </Button>
              <Button variant="outlined" size="small" disabled={busy} onClick={() => setPergunta('aviso-outro')}>
                {translate('app.cobrancas.negativacao.aviso_outro')}
              </Button>
              <Button variant="outlined" size="small" disabled={busy} onClick={() => void simular()}>
                {translate('app.cobrancas.negativacao.simular')}
              </Button>
              <Button variant="contained" color="error" size="small" disabled={busy} onClick={() => setPergunta('solicitar')}>
                {translate('app.cobrancas.negativacao.solicitar')}
              </Button>
            </>
          ) : null}
          {emCurso && n?.podeCancelar ? (
            <Button variant="outlined" color="warning" size="small" disabled={busy} onClick={() => setPergunta('cancelar')}>
              {translate('app.cobrancas.negativacao.cancelar')}
            </Button>
          ) : null}
        </Box>
      </Box>
      <ConfirmDialog
        open={atual !== null}
        onClose={() => setPergunta(null)}
        title={atual?.title ?? ''}
        text={atual?.text}
        busy={busy}
        confirm={{ label: atual?.label ?? 'ra.action.confirm', color: atual?.color, onConfirm: () => pergunta && void executar(pergunta) }}
      />
    </PrintSection>
  );
}
