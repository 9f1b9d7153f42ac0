import type { ClienteIdentity } from '../../../domain/clientes';

/** The plan as a contract keeps it: a copy of the chosen plan, editable. */
export interface PlanoCopia {
  name?: string;
  descricao?: string;
  limtdispositivos?: number;
  valor?: number;
  valoradd?: number;
  informacoes?: string;
  faixas?: { de: number; ate: number | null; valor: number }[];
  fidelidadeMeses?: number;
  multaFidelidade?: { tipo: 'proporcional' | 'fixa'; valor: number } | null;
}

/** The client a contract embeds: identity, contact and address. */
export interface ContratoCliente extends ClienteIdentity {
  id: number;
  email?: string;
  phone?: string;
  mobilePhone?: string;
  address?: string;
  addressNumber?: string;
  complement?: string;
  province?: string;
  cityandstate?: string;
  uf?: string;
  postalCode?: string;
  incmunicipal?: string;
  incestdudal?: string;
}

export interface Dadosempresa {
  nome?: string;
  contato?: string;
  cnpj?: string;
}

/** A contract as GET /v1/contratos/{id} returns it (the public call adds dadosempresa). */
export interface Contrato {
  id: number;
  idcliente: number;
  idplano?: number | null;
  plano?: PlanoCopia | null;
  informacoes?: string;
  status: number;
  token?: string;
  cliente?: ContratoCliente | null;
  dadosempresa?: Dadosempresa | null;
  createdAt?: string;
  datecreated?: string;
  /** Its items (DESIGN 11), with their effective monthly value. */
  itens?: ContratoItem[];
  reajuste?: ContratoReajuste;
}

/** A contract's item as its read carries it. */
export interface ContratoItem {
  id: number;
  tipo: string;
  idveiculo?: number | null;
  placa?: string;
  descricao?: string;
  veiculo?: { marca?: string; modelo?: string } | null;
  status: string;
  inicio?: string | null;
  fim?: string | null;
  /** Typed; null: the plan's value or its fleet tier. */
  valor?: number | null;
  valorEfetivo: number;
  fidelidadeMeses?: number;
  fimFidelidade?: string | null;
  multaFidelidade?: { tipo: 'proporcional' | 'fixa'; valor: number } | null;
  naoCobrarMulta?: boolean;
}

/** The contract's yearly readjustment (DESIGN 11). */
export interface ContratoReajuste {
  indice: 'IPCA' | 'IGPM' | 'fixo' | 'nenhum';
  percentual: number | null;
  mes: number | null;
}

/** A vehicle as the contract document lists it. */
export interface ContratoVeiculo {
  id: number;
  placa?: string;
  marca?: string;
  modelo?: string;
  ano?: string;
  cor?: string;
  renavan?: string;
  chassi?: string;
}
