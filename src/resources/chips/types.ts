/** A SIM chip as the API returns it; deviceId 0 means free. */
export interface Chip {
  id: number;
  phone: string;
  iccid: string;
  operadora?: string;
  fonecedor?: string;
  deviceId: number;
  device?: { id: number; imei?: string; modelo?: string; marca?: string } | null;
  /** What it costs a month, in reais (DESIGN 10). */
  custoMensal?: number | string;
  situacao?: string;
  idtecnico?: number | null;
  tecnico?: { id: number; name: string } | null;
  motivo?: string;
}
