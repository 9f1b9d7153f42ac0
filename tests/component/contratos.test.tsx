import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type GetListParams } from 'ra-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from '../../src/public/PublicApp';
import ContratoList from '../../src/resources/contratos/ContratoList';
import { emptyDataProvider, expectCreated, expectPrintsOneSecondAfterClick, renderResource } from './helpers';
import { mariaSouza } from './fixtures';

const cliente = {
  ...mariaSouza,
  address: 'Rua das Flores',
  addressNumber: '100',
  province: 'Centro',
  cityandstate: 'Campinas',
  uf: 'SP',
  postalCode: '13010000',
};
const planos = [
  { id: 1, name: 'Básico', descricao: 'Rastreamento 24h', limtdispositivos: 1, valor: 49.9, valoradd: 10, informacoes: 'App incluso' },
  { id: 2, name: 'Frota', descricao: 'Gestão de frota', limtdispositivos: 10, valor: 199, valoradd: 15.5, informacoes: '' },
];
const contrato = {
  id: 5,
  idcliente: 3,
  idplano: 2,
  plano: { ...planos[1], valor: 59.9 },
  informacoes: 'Cláusula 1: o serviço é mensal.',
  status: 0,
  token: 'tok',
  cliente,
};
const veiculos = [
  { id: 1, placa: 'ABC1D23', marca: 'Fiat', modelo: 'Uno', ano: '2020', cor: 'Prata' },
  { id: 2, placa: 'XYZ9A87', marca: 'VW', modelo: 'Gol', ano: '2019', cor: 'Preto' },
];

function renderAt(path: string, overrides = {}) {
  const getList = vi.fn(async (resource: string, _params: GetListParams) => {
    if (resource === 'clientes') return { data: [cliente], total: 1 };
    if (resource === 'planos') return { data: planos, total: 2 };
    if (resource === 'veiculos') return { data: veiculos, total: 2 };
    return { data: [contrato], total: 1 };
  });
  const dataProvider = emptyDataProvider({
    getList: getList as never,
    getOne: (async (resource: string, params: { id: number }) => ({
      data:
        resource === 'contratos'
          ? contrato
          : { id: params.id, dadosempresa: { nome: 'Rastreio Ltda', cnpj: '11222333000181', contato: '(11) 4000-0000' } },
    })) as never,
    ...overrides,
  });
  renderResource({ resource: 'contratos', List: ContratoList, path, dataProvider });
  return { getList };
}

afterEach(() => vi.unstubAllGlobals());

describe('contracts', () => {
  it('lists #, client, the plan’s description and value, and Ativo', async () => {
    renderAt('/contratos');
    const row = (await screen.findByText('Gestão de frota')).closest('tr') as HTMLElement;
    for (const text of ['00005', 'Maria Souza', 'R$ 59,90', 'Ativo']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Abrir o contrato' })).toHaveAttribute('href', '/contratos/5');
    expect(within(row).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/contratos/5/edit');
  });

  it('copies the picked plan into the contract, where it stays editable, and sends the copy', async () => {
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { id: 6, ...p.data } }));
    renderAt('/contratos/create', { create });
    const dialog = await screen.findByRole('dialog', { name: 'Novo Contrato' });
    await userEvent.type(within(dialog).getByLabelText(/^Nome, CPF\/CNPJ/), 'Maria');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Procurar' }));
    await userEvent.click(await within(dialog).findByText('Maria Souza'));

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Plano' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Plano/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Rastreamento 24h/ }));
    const descricao = within(dialog).getByLabelText(/^Descrição/);
    await waitFor(() => expect(descricao).toHaveValue('Rastreamento 24h'));
    const valor = within(dialog).getByLabelText(/^Valor\b(?! adicional)/);
    expect(valor).toHaveValue('49,90');
    expect(within(dialog).getByLabelText(/^Valor adicional/)).toHaveValue('10,00');
    await userEvent.clear(valor);
    await userEvent.type(valor, '45,00');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Termos' }));
    await userEvent.type(within(dialog).getByLabelText(/^Termos do contrato/), 'Prazo de 12 meses.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectCreated(create, 'contratos', {
      idcliente: 3,
      idplano: 1,
      informacoes: 'Prazo de 12 meses.',
      plano: {
        name: 'Básico',
        descricao: 'Rastreamento 24h',
        limtdispositivos: 1,
        valor: 45,
        valoradd: 10,
        informacoes: 'App incluso',
        // The plan's tiers, fidelity and fine travel with the copy (DESIGN 11).
        faixas: [],
        fidelidadeMeses: 0,
        multaFidelidade: null,
      },
      reajuste: { indice: 'nenhum', percentual: null, mes: null },
    });
  });

  it('the document shows the company, the client, the vehicles, the real vehicle count and the contract’s value', async () => {
    renderAt('/contratos/5');
    expect(await screen.findByText('Contrato nº 00005')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Rastreio Ltda').length).toBeGreaterThan(0));
    const contratante = screen.getByRole('region', { name: 'Dados do contratante' });
    for (const text of ['Maria Souza', '529.982.247-25', 'Rua das Flores, 100', 'Campinas / SP', '13010-000'])
      expect(within(contratante).getByText(text)).toBeInTheDocument();
    const frota = screen.getByRole('region', { name: 'Veículos' });
    await waitFor(() => expect(within(frota).getByText('ABC1D23')).toBeInTheDocument());
    const plano = screen.getByRole('region', { name: 'Plano contratado' });
    const row = within(plano).getByText('Gestão de frota').closest('tr') as HTMLElement;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('R$ 59,90')).toBeInTheDocument();
    expect(screen.queryByText('R$ 49,90')).toBeNull();
    expect(screen.getByText('Cláusula 1: o serviço é mensal.')).toBeInTheDocument();
    expect(screen.getByText('Contratada')).toBeInTheDocument();
    expect(screen.getByText('Contratante')).toBeInTheDocument();
    for (const name of ['Enviar', 'Imprimir', 'Sair']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('the document prints the contract’s items that are not cancelled, with their monthly value', async () => {
    const itens = [
      { id: 1, tipo: 'veiculo', placa: 'ABC1D23', descricao: 'Fiat Uno', status: 'ativo', inicio: '2026-03-10', valorEfetivo: 59.9 },
      { id: 2, tipo: 'servico', placa: '', descricao: 'Seguro', status: 'pendente', inicio: null, valorEfetivo: 12.5 },
      { id: 3, tipo: 'veiculo', placa: 'XYZ9A87', descricao: 'VW Gol', status: 'cancelado', inicio: '2026-01-01', valorEfetivo: 40 },
    ];
    renderAt('/contratos/5', {
      getOne: (async (resource: string, params: { id: number }) => ({
        data:
          resource === 'contratos'
            ? { ...contrato, itens }
            : { id: params.id, dadosempresa: { nome: 'Rastreio Ltda', cnpj: '11222333000181', contato: '(11) 4000-0000' } },
      })) as never,
    });
    const secao = await screen.findByRole('region', { name: 'Itens do contrato' });
    const uno = within(secao).getByText('Fiat Uno').closest('tr') as HTMLElement;
    for (const text of ['ABC1D23', 'Ativo', '10/03/2026', 'R$ 59,90']) expect(within(uno).getByText(text)).toBeInTheDocument();
    const seguro = within(secao).getByText('Seguro').closest('tr') as HTMLElement;
    for (const text of ['Pendente', 'R$ 12,50']) expect(within(seguro).getByText(text)).toBeInTheDocument();
    expect(within(secao).queryByText('VW Gol')).toBeNull();
  });

  it('Imprimir opens the print dialog after 1 s', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt('/contratos/5');
    const button = await screen.findByRole('button', { name: 'Imprimir' });
    await waitFor(() => expect(button).toBeEnabled());
    await expectPrintsOneSecondAfterClick(button, print);
  });
});

describe('the public contract page', () => {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

  it('shows the document from the public calls, without credentials, with Imprimir', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.startsWith('/v1/static/contrato')
        ? json(200, { ...contrato, dadosempresa: { nome: 'Rastreio Ltda', cnpj: '', contato: '' } })
        : json(200, { meta: { total: 2 }, Items: veiculos }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter initialEntries={['/static/contrato/tok']}>
        <PublicApp />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Contrato nº 00005')).toBeInTheDocument();
    expect(await screen.findByText('XYZ9A87')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    expect(fetch).toHaveBeenCalledWith('/v1/static/contrato?token=tok', expect.objectContaining({ credentials: 'omit' }));
    expect(fetch).toHaveBeenCalledWith('/v1/static/veiculos?idCliente=3&token=tok', expect.objectContaining({ credentials: 'omit' }));
  });

  it('a wrong token shows a clear page with no data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { message: 'Contrato não encontrado.' })),
    );
    render(
      <MemoryRouter initialEntries={['/static/contrato/errado']}>
        <PublicApp />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Contrato não encontrado' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).toBeNull();
    expect(screen.queryByText(/Contrato nº/)).toBeNull();
  });
});
