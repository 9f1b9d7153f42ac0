/**
 * The shared list table (SPEC 2.6; issues 12 and 17): with no rows every list still shows its table,
 * the column headers and one line 'Nenhum registro encontrado.'; below 600 px every list shows each
 * record as a compact card with the row's actions, instead of a squeezed table.
 */
import * as React from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AssinaturaList from '../../src/resources/assinaturas/AssinaturaList';
import ChipList from '../../src/resources/chips/ChipList';
import ClienteList from '../../src/resources/clientes/ClienteList';
import CobrancaList from '../../src/resources/cobrancas/CobrancaList';
import ContratoList from '../../src/resources/contratos/ContratoList';
import OrdemServicoList from '../../src/resources/ordensservicos/OrdemServicoList';
import PlanoList from '../../src/resources/planos/PlanoList';
import RastreadorList from '../../src/resources/rastreadores/RastreadorList';
import UsuarioList from '../../src/resources/usuarios/UsuarioList';
import VeiculoList from '../../src/resources/veiculos/VeiculoList';
import { emptyDataProvider, renderResource } from './helpers';
import { phoneScreen } from './media';

const EMPTY = 'Nenhum registro encontrado.';

/** Each list with the first and last of its column headers. */
const lists: { resource: string; List: React.ComponentType; first: string; last: string }[] = [
  { resource: 'clientes', List: ClienteList, first: '*', last: 'Ações' },
  { resource: 'veiculos', List: VeiculoList, first: '#', last: 'Ações' },
  { resource: 'rastreadores', List: RastreadorList, first: 'IMEI', last: 'Ações' },
  { resource: 'chips', List: ChipList, first: 'Número', last: 'Ações' },
  { resource: 'planos', List: PlanoList, first: 'Nome', last: 'Ações' },
  { resource: 'contratos', List: ContratoList, first: '#', last: 'Ações' },
  { resource: 'assinaturas', List: AssinaturaList, first: '#', last: 'Ações' },
  { resource: 'cobrancas', List: CobrancaList, first: '#', last: 'Ações' },
  { resource: 'ordensservicos', List: OrdemServicoList, first: '#', last: 'Ações' },
  { resource: 'usuarios', List: UsuarioList, first: 'Nome', last: 'Ações' },
];

function renderList(resource: string, List: React.ComponentType, dataProvider = emptyDataProvider()) {
  renderResource({ resource, List, dataProvider });
}

afterEach(() => vi.unstubAllGlobals());

describe('an empty list still shows its table', () => {
  it.each(lists)('$resource: the column headers and one line saying there is nothing', async ({ resource, List, first, last }) => {
    renderList(resource, List);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers[0]).toBe(first);
    expect(headers.at(-1)).toBe(last);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByRole('cell')).toHaveTextContent(EMPTY);
    expect(within(rows[1]).getByRole('cell')).toHaveAttribute('colspan', String(headers.length));
  });
});

const clientes = [
  {
    id: 41,
    cadastro: 'FISICA',
    name: 'Maria da Silva',
    cpf: '52998224725',
    email: 'maria@exemplo.com.br',
    mobilePhone: '11987654321',
    phone: '',
    dtcard: '2026-01-11',
    status: 0,
  },
  {
    id: 42,
    cadastro: 'JURIDICA',
    razaosocial: 'Transportes Sul Ltda',
    cnpj: '11222333000181',
    email: 'contato@sul.com.br',
    mobilePhone: '',
    phone: '1133334444',
    dtcard: '2026-01-12',
    status: 1,
  },
];

describe('below 600 px a list shows each record as a card', () => {
  it('clientes: name, status, document, phone and e-mail, with edit and remove', async () => {
    phoneScreen();
    const dataProvider = emptyDataProvider({ getList: (async () => ({ data: clientes, total: 2 })) as never });
    renderList('clientes', ClienteList, dataProvider);
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Maria da Silva');
    expect(cards[0]).toHaveTextContent('Ativo');
    expect(cards[0]).toHaveTextContent('529.982.247-25 · (11) 98765-4321 · maria@exemplo.com.br');
    expect(within(cards[0]).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/clientes/41');
    expect(within(cards[0]).getByRole('button', { name: 'Remover' })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Transportes Sul Ltda');
    expect(cards[1]).toHaveTextContent('11.222.333/0001-81');
  });

  it('cobrancas: the row actions Enviar, page, edit and remove are on the card', async () => {
    phoneScreen();
    const cobranca = {
      id: 7,
      idcliente: 41,
      cliente: clientes[0],
      descricao: 'Mensalidade',
      valor: 49.9,
      duedate: '2026-11-10',
      datecreated: '2026-11-01',
      status: 0,
      valorAtualizado: null,
    };
    const dataProvider = emptyDataProvider({ getList: (async () => ({ data: [cobranca], total: 1 })) as never });
    renderList('cobrancas', CobrancaList, dataProvider);
    const [card] = await screen.findAllByRole('listitem');
    expect(card).toHaveTextContent('Maria da Silva');
    expect(card).toHaveTextContent('R$ 49,90');
    expect(card).toHaveTextContent('10/11/2026');
    expect(within(card).getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Abrir a cobrança' })).toHaveAttribute('href', '/cobrancas/7');
    expect(within(card).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/cobrancas/7/edit');
    expect(within(card).getByRole('button', { name: 'Remover' })).toBeInTheDocument();
    // The client's name opens the client's page; the card's checkbox is still named by it.
    expect(within(card).getByRole('link', { name: 'Maria da Silva' })).toHaveAttribute('href', '/clientes/41/show');
    expect(within(card).getByRole('checkbox', { name: /Maria da Silva/ })).toBeInTheDocument();
  });

  /** A record of each list that names a client, on a phone. */
  const named: { resource: string; List: React.ComponentType; record: Record<string, unknown> }[] = [
    {
      resource: 'veiculos',
      List: VeiculoList,
      record: { id: 5, idcliente: 41, cliente: clientes[0], marca: 'Fiat', modelo: 'Uno', placa: 'ABC1D23' },
    },
    {
      resource: 'contratos',
      List: ContratoList,
      record: { id: 6, idcliente: 41, cliente: clientes[0], status: 0, plano: { descricao: 'Plano Ouro', valor: 59.9 } },
    },
    {
      resource: 'assinaturas',
      List: AssinaturaList,
      record: { id: 8, idcliente: 41, cadastro: 'FISICA', name: 'Maria da Silva', description: 'Mensal', valor: 59.9, status: 0 },
    },
    {
      resource: 'ordensservicos',
      List: OrdemServicoList,
      record: { id: 9, idcliente: 41, cliente: clientes[0], descricao: 'Instalação', status: 0, agendamento: '2026-11-10', horario: '' },
    },
  ];
  it.each(named)("$resource: the card's client is a link to the client's page", async ({ resource, List, record }) => {
    phoneScreen();
    const dataProvider = emptyDataProvider({ getList: (async () => ({ data: [record], total: 1 })) as never });
    renderList(resource, List, dataProvider);
    const [card] = await screen.findAllByRole('listitem');
    expect(within(card).getByRole('link', { name: 'Maria da Silva' })).toHaveAttribute('href', '/clientes/41/show');
  });

  it('an empty list says so', async () => {
    phoneScreen();
    renderList('chips', ChipList);
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
