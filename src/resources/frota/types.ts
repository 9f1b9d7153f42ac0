/** A row of GET /v1/frota (server/frota/consultas.ts). */
import type { SituacaoFrota } from '../../../domain/frota';

export interface FrotaItem {
  id: number;
  /** Off its client's Traccar user: its contract blocked, or the client Bloqueado (DESIGN 11). */
  bloqueado?: boolean;
  imei: string;
  modelo: string;
  marca: string;
  idcliente: number;
  idveiculo: number;
  placa: string | null;
  veiculoMarca: string | null;
  veiculoModelo: string | null;
  clienteNome: string | null;
  situacao: SituacaoFrota;
  status: string | null;
  lastUpdate: string | null;
  fixTime: string | null;
  valid: boolean | null;
  latitude: number | null;
  longitude: number | null;
  velocidade: number | null;
  curso: number | null;
  ignicao: boolean | null;
  tensao: number | null;
  bateria: number | null;
  satelites: number | null;
  endereco: string;
  ultimoAlarme: string | null;
  ultimoAlarmeEm: string | null;
}

/** How the feed reads Traccar, for the banner (frota_conexao). */
export interface Conexao {
  modo: 'socket' | 'polling' | 'parado';
  conectado: boolean;
  atualizadoEm: string | null;
  erro: string;
  desde: string;
  ativo: boolean;
  fora: boolean;
}

export type Resumo = Record<SituacaoFrota | 'total', number>;
