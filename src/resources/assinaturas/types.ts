import type { DescontoRegra } from '../../../domain/desconto';
import type { FormaEstado } from './FormaCobranca';
import type { ClienteIdentity } from '../../../domain/clientes';

/** A subscription as /v1/assinaturas returns it: its client's data is a copy the server keeps. */
export interface Assinatura extends ClienteIdentity, FormaEstado {
  id: number;
  idcliente: number;
  incmunicipal?: string;
  incestdudal?: string;
  email?: string;
  phone?: string;
  mobilePhone?: string;
  description: string;
  valor: number;
  nextduedate: string;
  cycle: string;
  multa?: number;
  jurosmensal?: number;
  enddate?: string | null;
  informacoes?: string;
  datecreated?: string;
  status: number;
  formaCobranca?: string;
  /** Its own early-payment discount; null: the plan's (DESIGN 11). */
  desconto?: DescontoRegra | null;
}
