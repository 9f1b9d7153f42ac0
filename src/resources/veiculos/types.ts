/** The shapes the registry API returns (.scratch/registry-contract.md), as the vehicle screens use them. */
export interface ClienteResumo {
  id: number;
  cadastro?: 'FISICA' | 'JURIDICA';
  name?: string;
  razaosocial?: string;
  cpf?: string;
  cnpj?: string;
  email?: string;
}

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

/** A JURIDICA client is known by its razão social, a FISICA one by its name. */
export const clienteNome = (cliente?: ClienteResumo | null) =>
  cliente ? (cliente.cadastro === 'JURIDICA' ? cliente.razaosocial || cliente.name : cliente.name || cliente.razaosocial) || '' : '';

export const clienteDocumento = (cliente?: ClienteResumo | null) =>
  cliente ? (cliente.cadastro === 'JURIDICA' ? cliente.cnpj || cliente.cpf : cliente.cpf || cliente.cnpj) || '' : '';
