import type { TraccarSyncStatus } from '../../../domain/schemas/traccar';

/** A tracker as the API returns it (resource `rastreadores`, path /v1/trackres). */
export interface Tracker {
  id: number;
  imei: string;
  modelo: string;
  marca: string;
  chipId: number;
  phone?: string;
  iccid?: string;
  operadora?: string;
  idcliente: number;
  idveiculo: number;
  idVeiculo?: number;
  Veiculo?: { id?: number; marca?: string; modelo?: string; placa?: string } | null;
  /** The Traccar device's sync (issue 10): status null when never synced. */
  traccarSync?: TraccarSync | null;
  /** Where it is (DESIGN 10): estoque, tecnico, instalado, manutencao, baixado. */
  situacao?: string;
  idtecnico?: number | null;
  tecnico?: { id: number; name: string } | null;
  motivo?: string;
  /** The last alarm Traccar reported (kind and when; null kind when none), from the fleet's state. */
  alarme?: { id: number; tipo: string | null; em: string | null } | null;
}

export interface TraccarSync {
  status: TraccarSyncStatus | null;
  /** Why the last attempt failed (pt-BR), '' otherwise. */
  erro: string;
  /** When it was last attempted (ISO), null when never. */
  em: string | null;
}

/** idveiculo and idVeiculo carry the same value (DESIGN section 4); either may come. */
export const trackerVeiculoId = (tracker: Pick<Tracker, 'idveiculo' | 'idVeiculo'>) => Number(tracker.idveiculo ?? tracker.idVeiculo ?? 0);
