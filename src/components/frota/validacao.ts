/**
 * The installation's validation as both its screens say it: the office's panel
 * (src/resources/frota/ValidacaoPanel.tsx) and the técnico's phone (src/campo/ValidacaoCampo.tsx,
 * which has no react-admin: hence plain functions over a translate function).
 */
import { formatDateTime } from '../../../domain/formatters';
import { formatIgnicao, formatTensao, tempoDesde, type SituacaoFrota } from '../../../domain/frota';

/** The tracker's readings, live or as Finalizar stored them. */
export interface LeiturasValidacao {
  ultimaComunicacao?: string | null;
  valid?: boolean | null;
  satelites?: number | null;
  ignicao?: boolean | null;
  tensao?: number | null;
}

/** Each reading's label key and its value in words ('' when unknown). */
export function leiturasValidacao(v: LeiturasValidacao, translate: (key: string) => string): { label: string; value: string }[] {
  return [
    {
      label: 'app.frota.ultimo_relato',
      value: v.ultimaComunicacao ? `${formatDateTime(v.ultimaComunicacao)} (${tempoDesde(v.ultimaComunicacao)})` : '',
    },
    { label: 'app.frota.gps_valido', value: v.valid == null ? '' : translate(v.valid ? 'app.frota.sim' : 'app.frota.nao') },
    { label: 'app.frota.satelites', value: v.satelites == null ? '' : String(v.satelites) },
    { label: 'app.frota.ignicao', value: formatIgnicao(v.ignicao) },
    { label: 'app.frota.tensao', value: formatTensao(v.tensao) },
  ];
}

/** The note under a live reading: an old report, a recent one communicating, or one in another situation. */
export function avisoValidacao(recente: boolean, situacao: SituacaoFrota): string {
  if (!recente) return 'app.frota.validacao_antiga';
  return situacao === 'comunicando' ? 'app.frota.validacao_recente' : 'app.frota.validacao_situacao';
}
