/**
 * "Validação da instalação" on the service order's page (DESIGN 10): while the order is open, the
 * order's tracker live (its fleet situation and why, last report, GPS fix valid, satellites,
 * ignition, voltage, position), read again every 10 s; once finalized, the snapshot Finalizar
 * stored with the order, or who finalized it without validation. Printed on the A4 with the rest
 * of the order. Only Comunicando is green: Alimentação, Sem GPS and Sem comunicação show in the
 * fleet's colour with the reason the fleet's rule gave (server/frota/estado.ts).
 */
import * as React from 'react';
import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDateTime } from '../../../domain/formatters';
import { motivoSituacao, SITUACAO_COR, situacaoLabel, type MotivoFatos, type SituacaoFrota } from '../../../domain/frota';
import { avisoValidacao, leiturasValidacao } from '../../components/frota/validacao';
import { useApiGet } from '../../dataProvider/useApiGet';
import { InfoGrid, PrintSection } from '../../print/PrintParts';
import type { Conexao, FrotaItem } from './types';

/** What Finalizar stores (server/frota/consultas.ts `validacaoDe`), or the confirmation without it. */
export interface Validacao {
  em?: string;
  ultimaComunicacao?: string | null;
  valid?: boolean | null;
  satelites?: number | null;
  ignicao?: boolean | null;
  tensao?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  /** The fleet's situation at Finalizar, and why (absent on orders finalized before it was stored). */
  situacao?: SituacaoFrota | null;
  semValidacao?: boolean;
  por?: { id: number; name: string };
  motivo?: string;
}

const REFRESH_MS = 10_000;

function Leituras({ v }: { v: Validacao }) {
  const translate = useTranslate();
  const posicao = v.latitude != null && v.longitude != null ? `${v.latitude.toFixed(5)}, ${v.longitude.toFixed(5)}` : '';
  return <InfoGrid items={[...leiturasValidacao(v, translate), { label: 'app.frota.posicao', value: posicao }]} />;
}

/** The situation as the fleet names it, in its colour, with the reason; Comunicando is the only green one. */
function SituacaoAlert({ situacao, motivo, children }: { situacao: SituacaoFrota; motivo: string; children?: React.ReactNode }) {
  const cor = SITUACAO_COR[situacao] ?? SITUACAO_COR.nunca;
  const ok = situacao === 'comunicando';
  return (
    <Alert
      severity={ok ? 'success' : 'warning'}
      sx={{ mb: 1, ...(ok ? {} : { borderLeft: `6px solid ${cor}`, '& .MuiAlert-icon': { color: cor } }) }}
      data-testid="validacao-estado"
      data-situacao={situacao}
    >
      <Typography component="span" variant="body2" sx={{ fontWeight: 700, color: ok ? undefined : cor }}>
        {situacaoLabel(situacao)}
      </Typography>
      {motivo ? `: ${motivo}` : ''}
      {children}
    </Alert>
  );
}

function AoVivo({ id }: { id: number }) {
  const translate = useTranslate();
  const { data, reload } = useApiGet<{
    estado: (FrotaItem & { motivo?: MotivoFatos }) | null;
    recente: boolean;
    conexao: Conexao;
    integracao?: boolean;
  }>(`/v1/ordensservicos/${id}/telemetria`);
  React.useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  if (!data) return null;
  const { estado, recente } = data;
  if (data.integracao === false)
    return (
      <Alert severity="info" data-print="hide" data-testid="validacao-estado">
        {translate('app.frota.validacao_inativa')}
      </Alert>
    );
  if (!estado) return <Typography variant="body2">{translate('app.frota.validacao_sem_rastreador')}</Typography>;
  const aviso = translate(avisoValidacao(recente, estado.situacao));
  return (
    <>
      <SituacaoAlert situacao={estado.situacao} motivo={motivoSituacao(estado.situacao, estado.motivo, estado.lastUpdate)}>
        <Typography component="span" variant="body2" display="block" data-print="hide">
          {aviso} · {translate('app.frota.validacao_atualiza')}
        </Typography>
      </SituacaoAlert>
      <Leituras
        v={{
          ultimaComunicacao: estado.lastUpdate,
          valid: estado.valid,
          satelites: estado.satelites,
          ignicao: estado.ignicao,
          tensao: estado.tensao,
          latitude: estado.latitude,
          longitude: estado.longitude,
        }}
      />
    </>
  );
}

export function ValidacaoPanel({ id, concluida, validacao }: { id: number; concluida: boolean; validacao?: Validacao | null }) {
  const translate = useTranslate();
  let body: React.ReactNode;
  if (!concluida) body = <AoVivo id={id} />;
  else if (!validacao) body = <Typography variant="body2">—</Typography>;
  else if (validacao.semValidacao)
    body = (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('app.frota.sem_validacao_por', { nome: validacao.por?.name ?? '', quando: formatDateTime(validacao.em) })}
        {validacao.motivo ? ` (${validacao.motivo})` : ''}
      </Typography>
    );
  else
    body = (
      <>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {translate('app.frota.validacao_guardada')} · {formatDateTime(validacao.em)}
        </Typography>
        {validacao.situacao ? <SituacaoAlert situacao={validacao.situacao} motivo={validacao.motivo ?? ''} /> : null}
        <Leituras v={validacao} />
      </>
    );
  return <PrintSection title="app.frota.validacao_title">{body}</PrintSection>;
}
