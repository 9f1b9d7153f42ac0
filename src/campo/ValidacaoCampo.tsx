/**
 * "Validação da instalação" on the técnico's phone (DESIGN 10 and 11): while the order is open and
 * there is signal, its tracker live (`GET /v1/ordensservicos/{id}/telemetria`, which a técnico may
 * read for its own orders), read again every 10 s: the fleet situation in its colour and why, the
 * last report, GPS, satellites, ignition, voltage; once finalized, what Finalizar stored. The same
 * texts as the office's panel (src/resources/frota/ValidacaoPanel.tsx), without react-admin.
 */
import * as React from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { formatDateTime } from '../../domain/formatters';
import { motivoSituacao, SITUACAO_COR, situacaoLabel, type MotivoFatos, type SituacaoFrota } from '../../domain/frota';
import { avisoValidacao, leiturasValidacao } from '../components/frota/validacao';
import { ORDEM_STATUS } from '../../domain/ordensservicos';
import { apiFetch } from '../dataProvider/http';
import { frotaMessages } from '../i18n/resources/frota';
import { tradutor } from '../public/traduzir';
import { translate as tc } from './i18n';
import type { OrdemCampo } from './api';

interface Leitura {
  situacao: SituacaoFrota;
  motivo?: MotivoFatos;
  lastUpdate: string | null;
  valid: boolean | null;
  satelites: number | null;
  ignicao: boolean | null;
  tensao: number | null;
}
interface Telemetria {
  estado: Leitura | null;
  recente: boolean;
  integracao?: boolean;
}

const REFRESH_MS = 10_000;
/** The office's validation texts (the fleet's catalogue) and the phone's own. */
const tf = tradutor(frotaMessages);
const t = (key: string, options?: Record<string, unknown>) => (key.startsWith('app.frota.') ? tf(key, options) : tc(key, options));

function Situacao({ situacao, motivo, children }: { situacao: SituacaoFrota; motivo: string; children?: React.ReactNode }) {
  const ok = situacao === 'comunicando';
  const cor = SITUACAO_COR[situacao] ?? SITUACAO_COR.nunca;
  return (
    <Alert
      severity={ok ? 'success' : 'warning'}
      role="status"
      data-testid="validacao-estado"
      data-situacao={situacao}
      sx={ok ? undefined : { borderLeft: `6px solid ${cor}` }}
    >
      <b>{situacaoLabel(situacao)}</b>
      {motivo ? `: ${motivo}` : ''}
      {children}
    </Alert>
  );
}

function Leituras({ v }: { v: Leitura }) {
  const linhas = leiturasValidacao({ ...v, ultimaComunicacao: v.lastUpdate }, t);
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, my: 1 }}>
      {linhas.map(({ label, value }) => (
        <React.Fragment key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(label)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value || '—'}
          </Typography>
        </React.Fragment>
      ))}
    </Box>
  );
}

function AoVivo({ id, online }: { id: number; online: boolean }) {
  const [data, setData] = React.useState<Telemetria | null>(null);
  React.useEffect(() => {
    if (!online) return;
    let vivo = true;
    const ler = () =>
      apiFetch<Telemetria>(`/v1/ordensservicos/${id}/telemetria`).then(
        (reply) => vivo && setData(reply),
        () => undefined,
      );
    void ler();
    const timer = setInterval(() => void ler(), REFRESH_MS);
    return () => {
      vivo = false;
      clearInterval(timer);
    };
  }, [id, online]);
  if (!data)
    return online ? null : (
      <Typography variant="body2" color="text.secondary">
        {t('app.campo.validacao_sem_sinal')}
      </Typography>
    );
  if (data.integracao === false) return <Alert severity="info">{t('app.frota.validacao_inativa')}</Alert>;
  const { estado, recente } = data;
  if (!estado) return <Typography variant="body2">{t('app.frota.validacao_sem_rastreador')}</Typography>;
  const aviso = t(avisoValidacao(recente, estado.situacao));
  return (
    <>
      <Situacao situacao={estado.situacao} motivo={motivoSituacao(estado.situacao, estado.motivo, estado.lastUpdate)}>
        <Typography component="span" variant="body2" display="block">
          {aviso} · {t('app.frota.validacao_atualiza')}
        </Typography>
      </Situacao>
      <Leituras v={estado} />
      {!online && (
        <Typography variant="caption" color="text.secondary">
          {t('app.campo.validacao_sem_sinal')}
        </Typography>
      )}
    </>
  );
}

interface Guardada {
  em?: string;
  situacao?: SituacaoFrota | null;
  motivo?: string;
  semValidacao?: boolean;
  por?: { name?: string };
}

export function ValidacaoCampo({ ordem, online }: { ordem: OrdemCampo; online: boolean }) {
  const v = ordem.validacao as Guardada | null | undefined;
  let body: React.ReactNode;
  if (ordem.status === ORDEM_STATUS.EM_ABERTO)
    body = ordem.device ? (
      <AoVivo id={ordem.id} online={online} />
    ) : (
      <Typography variant="body2">{t('app.frota.validacao_sem_rastreador')}</Typography>
    );
  else if (!v) body = <Typography variant="body2">—</Typography>;
  else if (v.semValidacao)
    body = (
      <Typography variant="body2">
        {t('app.frota.sem_validacao_por', { nome: v.por?.name ?? '', quando: v.em ? formatDateTime(v.em) : '' })}
        {v.motivo ? ` (${v.motivo})` : ''}
      </Typography>
    );
  else
    body = (
      <>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('app.frota.validacao_guardada')} · {v.em ? formatDateTime(v.em) : ''}
        </Typography>
        {v.situacao && <Situacao situacao={v.situacao} motivo={v.motivo ?? ''} />}
      </>
    );
  return (
    <Box component="section" aria-labelledby="validacao-titulo">
      <Typography id="validacao-titulo" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('app.frota.validacao_title')}
      </Typography>
      {body}
    </Box>
  );
}
