/**
 * The queue's replay (DESIGN 11, "The técnico's phone"): the técnico's operations are sent one at a
 * time, oldest first, each kept in IndexedDB until the server answered it:
 * - 200 `aplicada`, or `repetida` (the same uuid sent before, its answer lost): done, removed;
 * - 409 `conflito` (the office changed the order), or another 4xx refusal: removed, and the reason
 *   kept on the order for the técnico to read;
 * - no signal, a timeout or a 5xx: the queue stops there and is tried again after a back-off
 *   (2 s, 4 s, 8 s… at most a minute), when the phone is back online, and when /campo starts;
 * - 401: the queue waits for the técnico to sign in again.
 */
import { HttpError } from 'ra-core';
import { apiFetch } from '../dataProvider/http';
import { conflitoDe, mensagemDe, type OrdemCampo } from './api';
import { enfileirar, guardarConflito, novoId, pendentes, remover, type ConflitoGuardado, type Operacao } from './fila';

export type Resultado = 'aplicada' | 'pendente' | 'conflito';

export interface EventosSincronia {
  /** The order as the server left it (an answer, or a conflict's order). */
  ordem: (ordem: OrdemCampo) => void;
  conflito: (conflito: ConflitoGuardado) => void;
  /** The queue changed (an operation added, sent or refused). */
  mudou: () => void;
  sessaoPerdida: () => void;
}

const ESPERA_MIN_MS = 2000;
const ESPERA_MAX_MS = 60_000;

export class Sincronia {
  private rodando: Promise<void> | null = null;
  private denovo = false;
  private tentativas = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private parada = false;
  private readonly resultados = new Map<string, Resultado>();

  constructor(
    private readonly usuario: number,
    private readonly eventos: EventosSincronia,
  ) {}

  /** An operation made now on `ordem` (versaoBase its versao as the phone has it), queued then sent. */
  async enviar(ordem: Pick<OrdemCampo, 'id' | 'versao'>, tipo: Operacao['tipo'], dados: Record<string, unknown>): Promise<Resultado> {
    const op: Operacao = { id: novoId(), idordemservico: ordem.id, versaoBase: ordem.versao, em: new Date().toISOString(), tipo, dados };
    await enfileirar(this.usuario, op);
    this.eventos.mudou();
    await this.sincronizar();
    return this.resultados.get(op.id) ?? 'pendente';
  }

  /** Sends what waits; a call while sending makes the loop read the queue once more. */
  sincronizar(): Promise<void> {
    if (this.parada) return Promise.resolve();
    if (this.rodando) {
      this.denovo = true;
      return this.rodando;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.rodando = this.rodar().finally(() => {
      this.rodando = null;
    });
    return this.rodando;
  }

  parar() {
    this.parada = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private depois() {
    if (this.parada) return;
    const espera = Math.min(ESPERA_MAX_MS, ESPERA_MIN_MS * 2 ** this.tentativas);
    this.tentativas += 1;
    this.timer = setTimeout(() => void this.sincronizar(), espera);
  }

  private async rodar() {
    do {
      this.denovo = false;
      for (const pendente of await pendentes(this.usuario)) {
        if (this.parada) return;
        const { op } = pendente;
        let reply: { resultado: string; ordem: OrdemCampo };
        try {
          reply = await apiFetch('/v1/campo/operacoes', { method: 'POST', body: op });
        } catch (error) {
          const http = error instanceof HttpError ? error.status : 0;
          if (http === 401) {
            this.eventos.sessaoPerdida();
            return;
          }
          // No answer (no signal), a timeout, too many requests or the server's failure: later.
          if (!http || http >= 500 || http === 408 || http === 429) {
            this.depois();
            return;
          }
          await this.recusada(pendente.seq!, op, error);
          continue;
        }
        await remover(pendente.seq!);
        this.resultados.set(op.id, 'aplicada');
        if (reply.ordem) this.eventos.ordem(reply.ordem);
        this.eventos.mudou();
      }
      this.tentativas = 0;
    } while (this.denovo);
  }

  /** A 409 or another refusal: nothing was applied; the reason stays on the order. */
  private async recusada(seq: number, op: Operacao, error: unknown) {
    const conflito = conflitoDe(error);
    const chave =
      op.tipo === 'finalizar' && conflito?.motivo === 'validacao'
        ? Object.keys(conflito.errors ?? {}).find((key) => key === 'semValidacao' || key === 'aceitarSituacao')
        : undefined;
    const guardado: ConflitoGuardado = {
      idordemservico: op.idordemservico,
      message: conflito?.message ?? mensagemDe(error),
      motivo: conflito?.motivo ?? 'recusada',
      tipo: op.tipo,
      ...(chave ? { confirmar: { ...(op.dados as Record<string, boolean>), [chave]: true } } : {}),
    };
    await guardarConflito(guardado);
    await remover(seq);
    this.resultados.set(op.id, 'conflito');
    if (conflito?.ordem) this.eventos.ordem(conflito.ordem);
    this.eventos.conflito(guardado);
    this.eventos.mudou();
  }
}
