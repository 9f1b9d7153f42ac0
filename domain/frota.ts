/** The fleet's situations and alarms as the screens show them (DESIGN 10, "Fleet"), and "há 3 h". */
import { opcoes } from './opcoes';

/** In the order of the summary cards: what needs attention first, then the healthy ones. */
export const { valores: SITUACOES_ORDEM, labels: SITUACAO_LABEL } = opcoes({
  alimentacao: 'Alimentação',
  silencioso: 'Sem comunicação',
  sem_gps: 'Sem GPS',
  nunca: 'Nunca comunicou',
  comunicando: 'Comunicando',
});
export type SituacaoFrota = (typeof SITUACOES_ORDEM)[number];

export const SITUACAO_COR: Record<SituacaoFrota, string> = {
  comunicando: '#2e7d32',
  silencioso: '#c62828',
  alimentacao: '#ef6c00',
  sem_gps: '#6a1b9a',
  nunca: '#616161',
};

export const ALARME_LABEL: Record<string, string> = {
  powerCut: 'Corte de alimentação',
  lowPower: 'Alimentação baixa',
  lowBattery: 'Bateria baixa',
  sos: 'SOS',
  tampering: 'Violação',
  removing: 'Remoção',
  gpsAntennaCut: 'Antena GPS cortada',
  jamming: 'Interferência (jammer)',
};

export const situacaoLabel = (value: unknown) => SITUACAO_LABEL[value as SituacaoFrota] ?? String(value ?? '');
export const alarmeLabel = (value: unknown) => ALARME_LABEL[String(value)] ?? String(value ?? '');

/** "agora", "há 5 min", "há 3 h", "há 2 dias"; '' without a date. */
export function tempoDesde(value: unknown, now: number = Date.now()): string {
  if (!value) return '';
  const time = new Date(value as string).getTime();
  if (!Number.isFinite(time)) return '';
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < 60) return 'agora';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `há ${hours} h`;
  const days = Math.floor(hours / 24);
  return `há ${days} dias`;
}

/** "12,6 V" / "80 %"; '' when absent. */
export const formatTensao = (value: unknown) =>
  typeof value === 'number' ? `${value.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 2 })} V` : '';
export const formatVelocidade = (value: unknown) => (typeof value === 'number' ? `${Math.round(value)} km/h` : '');
export const formatIgnicao = (value: unknown) => (value === true ? 'Ligada' : value === false ? 'Desligada' : '');

/** The facts of the situation rule for one tracker (server/frota/estado.ts `motivoSql`). */
export interface MotivoFatos {
  alarme?: string | null;
  alarmeEm?: string | null;
  tensaoBaixa?: boolean;
  tensao?: number | null;
  sistema?: number;
  piso?: number;
  horasSilencio?: number;
  gpsInvalido?: boolean;
  atrasoGpsMin?: number | null;
  minutosGps?: number;
}

const volts = (value: number) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} V`;

/**
 * Why a tracker is in its situation, in words ('' for Comunicando): the situation is the server's
 * rule (estado.ts `situacaoSql`); this only words the facts that rule looked at.
 */
export function motivoSituacao(
  situacao: unknown,
  fatos: MotivoFatos | null | undefined,
  ultimaComunicacao?: unknown,
  now: number = Date.now(),
): string {
  const f = fatos ?? {};
  switch (situacao as SituacaoFrota) {
    case 'nunca':
      return 'O rastreador nunca comunicou.';
    case 'alimentacao':
      if (f.alarmeEm) return `Alarme de ${alarmeLabel(f.alarme ?? 'powerCut').toLowerCase()} ${tempoDesde(f.alarmeEm, now)}.`;
      if (f.tensaoBaixa && typeof f.tensao === 'number' && f.piso)
        return `Tensão de ${formatTensao(f.tensao)}, abaixo de ${volts(f.piso)} do sistema de ${f.sistema ?? 12} V.`;
      return 'Problema de alimentação.';
    case 'silencioso':
      return `Sem relato ${tempoDesde(ultimaComunicacao, now) || 'há muito tempo'} (limite de ${f.horasSilencio ?? 24} h).`;
    case 'sem_gps':
      if (f.gpsInvalido) return 'Relata, mas a posição GPS é inválida.';
      return `Relata, mas a posição GPS é de ${f.atrasoGpsMin ?? '?'} min antes do relato (limite de ${f.minutosGps ?? 60} min).`;
    default:
      return '';
  }
}
