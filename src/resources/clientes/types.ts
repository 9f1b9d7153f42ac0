import type { ClienteIdentity } from '../../../domain/clientes';

/** A client as other screens embed or find it (the vehicle's Cliente tab, the dashboard). */
export interface ClienteResumo extends ClienteIdentity {
  id: number;
  email?: string;
}

/** A client as GET /v1/clientes lists it. */
export interface Cliente extends ClienteResumo {
  cadastro: 'FISICA' | 'JURIDICA';
  phone: string;
  mobilePhone: string;
  email: string;
  dtcard: string;
  status: number;
  /** Created by the public pre-registration and not yet confirmed by staff. */
  revisao?: boolean;
  naoEnviarMensagens?: boolean;
  /** The block per contract (DESIGN 11): how many of its vehicles are off its Traccar user. */
  bloqueio?: { situacao: 'nenhum' | 'parcial' | 'total'; veiculos: number; total: number };
}
