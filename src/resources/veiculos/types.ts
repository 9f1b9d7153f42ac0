import type { ClienteResumo } from '../clientes/types';

/** A vehicle as the registry API returns it, with its client embedded. */
export interface Veiculo {
  id: number;
  /** Off its client's Traccar user: its contract blocked, or the client Bloqueado (DESIGN 11). */
  bloqueado?: boolean;
  idcliente: number;
  cliente?: ClienteResumo | null;
  category: string;
  marca: string;
  modelo: string;
  ano?: string;
  placa: string;
  renavan: string;
  chassi: string;
  cor?: string;
  deviceId?: number;
}
