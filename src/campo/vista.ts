/**
 * An order as the técnico sees it on the phone: the server's last answer with what is still in the
 * queue on top (checklist answers, observations, photos, the signature, Finalizar), so the work
 * done offline shows at once and after the browser is opened again.
 */
import type { OrdemCampo } from './api';
import type { Pendente } from './fila';

export interface OrdemVista extends OrdemCampo {
  /** Operations of this order waiting to be sent. */
  pendentes: number;
  fotosPendentes: string[];
  assinaturaPendente: string | null;
  finalizacaoPendente: boolean;
}

export function vista(ordem: OrdemCampo, fila: Pendente[]): OrdemVista {
  const result: OrdemVista = {
    ...ordem,
    checklist: { ...ordem.checklist },
    pendentes: 0,
    fotosPendentes: [],
    assinaturaPendente: null,
    finalizacaoPendente: false,
  };
  for (const { op } of fila) {
    if (op.idordemservico !== ordem.id) continue;
    result.pendentes += 1;
    const dados = op.dados;
    if (op.tipo === 'checklist') Object.assign(result.checklist!, dados.itens as Record<string, string>);
    else if (op.tipo === 'observacao') result.informacoes = [result.informacoes, String(dados.texto)].filter(Boolean).join('\n');
    else if (op.tipo === 'foto') result.fotosPendentes.push(String(dados.name ?? ''));
    else if (op.tipo === 'assinatura') result.assinaturaPendente = String(dados.nome);
    else if (op.tipo === 'finalizar') result.finalizacaoPendente = true;
  }
  return result;
}
