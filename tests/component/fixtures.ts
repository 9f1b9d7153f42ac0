/**
 * Records several screens' tests share, as the API returns them. A test spreads one and adds the
 * fields its screen reads, so each file still shows the whole record it renders.
 */

/** A person client with a mobile phone: the owner of the charges and contracts. */
export const mariaSouza = {
  id: 3,
  cadastro: 'FISICA',
  name: 'Maria Souza',
  cpf: '52998224725',
  email: 'maria@exemplo.com',
  mobilePhone: '11987654321',
};

/** The client the client forms edit: /clientes/42. */
export const mariaDaSilva = {
  id: 42,
  cadastro: 'FISICA',
  name: 'Maria da Silva',
  cpf: '52998224725',
  cnpj: '',
  razaosocial: '',
  email: 'maria@exemplo.com.br',
};

/** Client 42 as the client dialog reads it: a mobile phone, an app login, no contacts. */
export const mariaDaSilvaCadastro = {
  ...mariaDaSilva,
  mobilePhone: '11987654321',
  dtcard: '2026-03-05T14:00:00.000Z',
  status: 0,
  login: 'maria',
  password: '',
  contatos: [],
};

/** Maria Souza's open charge of November. */
export const cobrancaAberta = {
  id: 7,
  idcliente: 3,
  cliente: mariaSouza,
  descricao: 'Mensalidade novembro',
  valor: 49.9,
  duedate: '2026-11-10',
  datecreated: '2026-11-01',
  status: 0,
  valorAtualizado: null,
  encargos: null,
};

/** Her overdue charge of October: 45 days late, its updated value with 2 % fine and 1 % a month. */
export const cobrancaVencida = {
  ...cobrancaAberta,
  id: 8,
  descricao: 'Mensalidade outubro',
  valor: 100,
  duedate: '2026-10-10',
  status: 2,
  valorAtualizado: 103.5,
  encargos: { dias: 45, multa: 2, juros: 1.5, taxaMulta: 2, taxaJurosMensal: 1 },
};

/** A Fiat Uno's identity: the vehicle of the forms and service orders. */
export const fiatUno = {
  marca: 'Fiat',
  modelo: 'Uno',
  ano: '2020',
  placa: 'ABC1D23',
  renavan: '12345678901',
  chassi: '9BWZZZ377VT004251',
};

/** A GT06 tracker's identity: tracker 40. */
export const gt06 = { id: 40, imei: '356938035643809', modelo: 'GT06', marca: 'Concox' };

/** Tracker 40 as the trackers' list returns it in stock: no chip, no client, no vehicle. */
export const trackerInStock = (overrides: object = {}) => ({
  ...gt06,
  chipId: 0,
  phone: '',
  iccid: '',
  operadora: '',
  idcliente: 0,
  idveiculo: 0,
  idVeiculo: 0,
  Veiculo: null,
  ...overrides,
});

/** A company client (JURIDICA) with its registrations. */
export const transportesRapidos = {
  id: 4,
  cadastro: 'JURIDICA',
  name: 'João Gestor',
  razaosocial: 'Transportes Rápidos Ltda',
  cnpj: '11222333000181',
  incmunicipal: '12345',
  incestdudal: '67890',
  email: 'contato@rapidos.com.br',
};

/** transportesRapidos' monthly subscription, as the list and the form get it (with the client's fields). */
export const assinaturaFrota = {
  ...transportesRapidos,
  id: 12,
  idcliente: 4,
  description: 'Rastreamento frota',
  valor: 299.9,
  nextduedate: '2026-12-10',
  datecreated: '2026-01-10',
  cycle: 'MONTHLY',
  multa: 2,
  jurosmensal: 1,
};
