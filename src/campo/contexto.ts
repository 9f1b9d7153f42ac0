/**
 * What /campo's pages share (CampoApp.tsx makes it): the agenda, the queue, a message, a 401. Its
 * own module, so the pages and CampoApp do not import each other.
 */
import type { Agenda, OrdemCampo } from './api';
import type * as fila from './fila';
import type { Resultado } from './sincronia';

export type Aviso = { texto: string; tipo: 'error' | 'success' | 'info' };

/** What the pages share: the agenda, the queue, a message, a 401. */
export interface CampoContexto {
  agenda: Agenda | null;
  erro: string | null;
  /** The agenda shown is the one kept on the phone (the server could not be reached). */
  salva: boolean;
  online: boolean;
  pendentes: fila.Pendente[];
  conflitos: Record<number, fila.ConflitoGuardado>;
  recarregar: () => void;
  /** Queues an operation made now on the order and sends it if there is signal. */
  enviar: (ordem: Pick<OrdemCampo, 'id' | 'versao'>, tipo: fila.Operacao['tipo'], dados: Record<string, unknown>) => Promise<Resultado>;
  descartarConflito: (id: number) => void;
  avisar: (aviso: Aviso) => void;
  falhou: (error: unknown) => boolean;
}
