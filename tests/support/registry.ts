/** Valid registry records for API and end-to-end tests: unique CPFs, CNPJs, plates, IMEIs, ICCIDs. */
import { generateCNPJ, generateCPF } from '@brazilian-utils/brazilian-utils';
import type { Client } from './app';

let sequence = Math.floor(Math.random() * 1000);
const next = () => ++sequence;
const digits = (length: number, seed: number) => String(seed).padStart(length, '0').slice(-length);
const letters = (n: number) => Array.from({ length: 3 }, (_, i) => String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26))).join('');

/** A client's address in Campinas, as its fields: 'Rua das Flores, 120, Centro, Campinas - SP, 13010000'. */
export const ENDERECO_CAMPINAS = {
  address: 'Rua das Flores',
  addressNumber: '120',
  province: 'Centro',
  cityandstate: 'Campinas',
  uf: 'SP',
  postalCode: '13010000',
};

export function newCliente(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    cadastro: 'FISICA',
    name: `Cliente Teste ${n}`,
    cpf: generateCPF(),
    email: `cliente${n}@exemplo.com.br`,
    mobilePhone: '11987654321',
    ...overrides,
  };
}

export function newEmpresa(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    cadastro: 'JURIDICA',
    razaosocial: `Transportes Teste ${n} Ltda`,
    cnpj: generateCNPJ(),
    email: `empresa${n}@exemplo.com.br`,
    ...overrides,
  };
}

/** Mercosul plate (ABC1D23) unless `old` asks for ABC1234. */
export function placa(old = false) {
  const n = next();
  return old ? `${letters(n)}${digits(4, n)}` : `${letters(n)}${n % 10}${String.fromCharCode(65 + (n % 26))}${digits(2, n)}`;
}

export function newVeiculo(idcliente: number, overrides: Record<string, unknown> = {}) {
  return {
    idcliente,
    category: 'car',
    marca: 'Fiat',
    modelo: 'Strada',
    ano: '2022/2023',
    placa: placa(),
    renavan: digits(11, next() * 7919),
    chassi: `9BD${digits(14, next() * 104729)}`,
    cor: 'Branco',
    ...overrides,
  };
}

export function newTracker(overrides: Record<string, unknown> = {}) {
  return { imei: `35${digits(13, next() * 15485863)}`, modelo: 'GT06', marca: 'Coban', ...overrides };
}

export function newChip(overrides: Record<string, unknown> = {}) {
  return {
    phone: `119${digits(8, next() * 7907)}`,
    iccid: `8955${digits(15, next() * 32452843)}`,
    operadora: 'Vivo',
    fonecedor: 'Distribuidora Sul',
    ...overrides,
  };
}

export function newPlano(overrides: Record<string, unknown> = {}) {
  return {
    name: `Plano ${next()}`,
    descricao: 'Rastreamento 24 h com aplicativo',
    limtdispositivos: 1,
    valor: 49.9,
    valoradd: 19.9,
    ...overrides,
  };
}

/** A client's charge 'Mensalidade' of R$ 100,00: `fields` give its due date and replace the rest. */
export function newCobranca(idcliente: number, fields: Record<string, unknown>) {
  return { idcliente, descricao: 'Mensalidade', valor: 100, ...fields };
}

/** A monthly subscription of a client, with a 2 % fine and 1 % interest a month, due on `nextduedate`. */
export function newAssinatura(idcliente: number, overrides: { nextduedate: string } & Record<string, unknown>) {
  return { idcliente, description: 'Rastreamento mensal', valor: 59.9, cycle: 'MONTHLY', multa: 2, jurosmensal: 1, ...overrides };
}

/** A service order for a client's vehicle and a tracker (free or already on it), open, unscheduled unless overridden. */
export function newOrdem(links: { idcliente: number; idveiculo: number; iddevice: number }, overrides: Record<string, unknown> = {}) {
  return { ...links, descricao: `Instalação de rastreador ${next()}`, ...overrides };
}

/** A client and a plan created by `admin`: what a contract needs. */
export async function clienteEPlano(admin: Client, cliente: Record<string, unknown> = newCliente(), plano = newPlano()) {
  const c = (await admin.post('/v1/clientes', cliente)).body;
  const p = (await admin.post('/v1/planos', plano)).body;
  return { cliente: c, plano: p };
}
