import type { ClienteResumo } from '../clientes/types';

/** A vehicle as the registry API returns it, with its client embedded. */
export interface Veiculo {
  id: number;
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
