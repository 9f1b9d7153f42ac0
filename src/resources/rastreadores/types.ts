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
}

/** idveiculo and idVeiculo carry the same value (DESIGN section 4); either may come. */
export const trackerVeiculoId = (tracker: Pick<Tracker, 'idveiculo' | 'idVeiculo'>) => Number(tracker.idveiculo ?? tracker.idVeiculo ?? 0);
