/**
 * "Validação da instalação" on the service order's page (DESIGN 10): while the order is open, the
 * order's tracker live (last report, GPS fix valid, satellites, ignition, voltage, position), read
 * again every 10 s; once finalized, the snapshot Finalizar stored with the order, or who finalized
 * it without validation. Printed on the A4 with the rest of the order.
 */
import * as React from 'react';
import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDateTime } from '../../../domain/formatters';
import { formatIgnicao, formatTensao, tempoDesde } from '../../../domain/frota';
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
  semValidacao?: boolean;
  por?: { id: number; name: string };
  motivo?: string;
}

const REFRESH_MS = 10_000;

function Leituras({ v }: { v: Validacao }) {
  const translate = useTranslate();
  const sim = (value: boolean | null | undefined) => (value == null ? '' : translate(value ? 'app.frota.sim' : 'app.frota.nao'));
  return (
    <InfoGrid
      items={[
        {
          label: 'app.frota.ultimo_relato',
          value: v.ultimaComunicacao ? `${formatDateTime(v.ultimaComunicacao)} (${tempoDesde(v.ultimaComunicacao)})` : '',
        },
        { label: 'app.frota.gps_valido', value: sim(v.valid) },
        { label: 'app.frota.satelites', value: v.satelites == null ? '' : String(v.satelites) },
        { label: 'app.frota.ignicao', value: formatIgnicao(v.ignicao) },
        { label: 'app.frota.tensao', value: formatTensao(v.tensao) },
        {
          label: 'app.frota.posicao',
          value: v.latitude != null && v.longitude != null ? `${v.latitude.toFixed(5)}, ${v.longitude.toFixed(5)}` : '',
        },
      ]}
    />
  );
}

function AoVivo({ id }: { id: number }) {
  const translate = useTranslate();
  const { data, reload } = useApiGet<{ estado: FrotaItem | null; recente: boolean; conexao: Conexao; integracao?: boolean }>(
    `/v1/ordensservicos/${id}/telemetria`,
  );
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
  return (
    <>
      <Alert severity={recente ? 'success' : 'warning'} sx={{ mb: 1 }} data-print="hide" data-testid="validacao-estado">
        {translate(recente ? 'app.frota.validacao_recente' : 'app.frota.validacao_antiga')} · {translate('app.frota.validacao_atualiza')}
      </Alert>
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
        <Leituras v={validacao} />
      </>
    );
  return <PrintSection title="app.frota.validacao_title">{body}</PrintSection>;
}
