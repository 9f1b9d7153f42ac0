import type { Checklist } from '../../../domain/ordensservicos';
import type { ClienteResumo } from '../clientes/types';
import type { Tracker } from '../rastreadores/types';
import type { Veiculo } from '../veiculos/types';
import type { Validacao } from '../frota/ValidacaoPanel';

/** A staff user an order can be assigned to (GET /v1/tecnicos). */
export interface Tecnico {
  id: number;
  name: string;
}

/** The client as an order embeds it: enough for the order page (documents, contacts). */
export interface OrdemCliente extends ClienteResumo {
  phone?: string;
  mobilePhone?: string;
  contatos?: { name?: string; email?: string; phone?: string; mobilePhone?: string }[];
}

/** A service order as GET /v1/ordensservicos returns it, with its client, vehicle, tracker and técnico. */
export interface OrdemServico {
  id: number;
  idcliente: number;
  idveiculo: number;
  iddevice: number;
  idtecnico: number | null;
  descricao: string;
  /** 'YYYY-MM-DD' or null. */
  agendamento: string | null;
  /** 'HH:MM' or ''. */
  horario: string;
  informacoes: string;
  status: number;
  checklist: Checklist;
  cliente?: OrdemCliente | null;
  veiculo?: Pick<Veiculo, 'id' | 'marca' | 'modelo' | 'ano' | 'placa' | 'renavan' | 'chassi'> | null;
  device?: Pick<Tracker, 'id' | 'imei' | 'modelo' | 'marca' | 'phone' | 'iccid'> | null;
  tecnico?: Tecnico | null;
  /** What Finalizar stored: the tracker's live state, or who finalized without validation (DESIGN 10). */
  validacao?: Validacao | null;
  /** The office's Reprovar of a técnico's Finalizar (DESIGN 11): why, who and when; cleared when the técnico finalizes again. */
  rejeicao?: Rejeicao | null;
}

export interface Rejeicao {
  motivo: string;
  por?: { id: number; name: string } | null;
  /** ISO moment. */
  em?: string;
}
