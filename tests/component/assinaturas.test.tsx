import * as React from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type GetListParams } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import AssinaturaList from '../../src/resources/assinaturas/AssinaturaList';
import { adminUser } from './apiMock';
import { emptyDataProvider, expectCreated, renderResource } from './helpers';
import { assinaturaFrota, transportesRapidos } from './fixtures';
import { NoticeProbe, readNotices } from './noticeProbe';

const pessoa = {
  id: 3,
  cadastro: 'FISICA',
  name: 'Maria Souza',
  cpf: '52998224725',
  email: 'maria@exemplo.com',
  phone: '1133334444',
  mobilePhone: '11987654321',
};
const empresa = transportesRapidos;
const assinatura = {
  ...assinaturaFrota,
  status: 2,
};

function renderAt(path: string, overrides = {}) {
  const getList = vi.fn(async (resource: string, params: GetListParams) =>
    resource === 'clientes'
      ? { data: String(params.filter.pesquisa).startsWith('Trans') ? [empresa] : [pessoa], total: 1 }
      : { data: [assinatura], total: 1 },
  );
  const dataProvider = emptyDataProvider({ getList: getList as never, ...overrides });
  renderResource({ resource: 'assinaturas', List: AssinaturaList, path, dataProvider, beside: <NoticeProbe /> });
  return { getList };
}

const pickCliente = async (dialog: HTMLElement, term: string, name: string) => {
  await userEvent.type(within(dialog).getByLabelText(/^Nome, CPF\/CNPJ/), term);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Procurar' }));
  await userEvent.click(await within(dialog).findByText(name));
};

describe('subscriptions', () => {
  it('is titled "Assinaturas Cobranças Recorrentes", filters Todos/Ativa/Vencida/Bloqueada and lists the columns', async () => {
    renderAt('/assinaturas');
    expect(await screen.findByRole('heading', { name: 'Assinaturas Cobranças Recorrentes' })).toBeInTheDocument();
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => `${o.value}:${o.text}`)).toEqual(
      ['', '0:Ativa', '2:Vencida', '1:Bloqueada'].map((t) => (t ? t : ':Todos')),
    );
    const row = (await screen.findByText('Rastreamento frota')).closest('tr') as HTMLElement;
    for (const text of ['00012', 'Transportes Rápidos Ltda', '11.222.333/0001-81', '10/01/2026', '10/12/2026', 'R$ 299,90', 'Vencida'])
      expect(within(row).getByText(text)).toBeInTheDocument();
  });

  it('a new one starts with the client: a person shows name, CPF, e-mail, phone and mobile', async () => {
    renderAt('/assinaturas/create');
    const dialog = await screen.findByRole('dialog', { name: 'Nova Assinatura' });
    expect(within(dialog).getByText('Procure e escolha o cliente para preencher a assinatura.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Ciclo/)).toBeNull();
    await pickCliente(dialog, 'Maria', 'Maria Souza');
    expect(within(dialog).getByLabelText(/^Nome$/)).toHaveValue('Maria Souza');
    expect(within(dialog).getByLabelText(/^CPF$/)).toHaveValue('529.982.247-25');
    expect(within(dialog).getByLabelText(/^Email$/)).toHaveValue('maria@exemplo.com');
    expect(within(dialog).getByLabelText(/^Telefone$/)).toHaveValue('(11) 3333-4444');
    expect(within(dialog).getByLabelText(/^Celular$/)).toHaveValue('(11) 98765-4321');
    expect(within(dialog).queryByLabelText(/^CNPJ/)).toBeNull();
    expect(within(dialog).getByLabelText(/^Ciclo/)).toBeInTheDocument();
  });

  it('a company shows razão social, CNPJ, IM and IE; the seven cycles are in Portuguese; the body carries numbers', async () => {
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { ...p.data, id: 13 } }));
    renderAt('/assinaturas/create', { create });
    const dialog = await screen.findByRole('dialog', { name: 'Nova Assinatura' });
    await pickCliente(dialog, 'Trans', 'Transportes Rápidos Ltda');
    expect(within(dialog).getByLabelText(/^Razão social/)).toHaveValue('Transportes Rápidos Ltda');
    expect(within(dialog).getByLabelText(/^CNPJ/)).toHaveValue('11.222.333/0001-81');
    expect(within(dialog).getByLabelText(/^Inscrição municipal/)).toHaveValue('12345');
    expect(within(dialog).getByLabelText(/^Inscrição estadual/)).toHaveValue('67890');
    expect(within(dialog).queryByLabelText(/^CPF$/)).toBeNull();

    await userEvent.click(within(dialog).getByLabelText(/^Ciclo/));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Semanal', 'Quinzenal', 'Mensal', 'Bimestral', 'Trimestral', 'Semestral', 'Anual']);
    await userEvent.click(screen.getByRole('option', { name: 'Trimestral' }));

    await userEvent.type(within(dialog).getByLabelText(/^Descrição da cobrança/), 'Frota');
    await userEvent.type(within(dialog).getByLabelText(/^Valor/), '1.299,90');
    await userEvent.type(within(dialog).getByLabelText(/^Próximo vencimento/), '05/01/2027');
    await userEvent.type(within(dialog).getByLabelText(/^Multa/), '2');
    await userEvent.type(within(dialog).getByLabelText(/^Juros ao mês/), '1,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectCreated(create, 'assinaturas', {
      idcliente: 4,
      description: 'Frota',
      valor: 1299.9,
      nextduedate: '2027-01-05',
      cycle: 'QUARTERLY',
      multa: 2,
      jurosmensal: 1.5,
      enddate: null,
    });
  });

  const ASAAS = { api: 'asaas', token: '********', status: 1 };
  it.each([
    ['the gateway active: Asaas bills it', ASAAS, undefined, 'Cadastro realizado com sucesso. A cobrança será gerada pelo Asaas.'],
    [
      'no gateway, a charge generated now',
      { ...ASAAS, status: 0 },
      { id: 40 },
      'Cadastro realizado com sucesso. Cobrança gerada: nº 00040.',
    ],
    [
      'no gateway, none yet',
      { ...ASAAS, status: 0 },
      null,
      'Cadastro realizado com sucesso. A cobrança será gerada 5 dias antes do vencimento.',
    ],
  ])('once saved, the notice says where the first charge comes from (%s)', async (_case, gateway, cobrancaGerada, notice) => {
    const cobrancaPeloGateway = gateway.status === 1;
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { ...p.data, id: 13, cobrancaGerada, cobrancaPeloGateway } }));
    const getOne = vi.fn(async (_r: string, p: { id: number }) => ({ data: { ...adminUser({ gateway }), id: p.id } }));
    renderAt('/assinaturas/create', { create, getOne });
    const dialog = await screen.findByRole('dialog', { name: 'Nova Assinatura' });
    await pickCliente(dialog, 'Maria', 'Maria Souza');
    await userEvent.type(within(dialog).getByLabelText(/^Descrição da cobrança/), 'Rastreamento');
    await userEvent.type(within(dialog).getByLabelText(/^Valor/), '59,90');
    await userEvent.type(within(dialog).getByLabelText(/^Próximo vencimento/), '05/01/2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(readNotices().map((n) => n.text)).toContain(notice));
    expect(getOne).toHaveBeenCalledWith('usuarios', expect.objectContaining({ id: 7 }));
  });
});
