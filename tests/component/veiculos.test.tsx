import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'ra-core';
import { Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VeiculoCreateForm, VeiculoEditForm, veiculoTransform } from '../../src/resources/veiculos/VeiculoForm';
import { expectCreated, type Lists, listsProvider, ResourceForms, stubEmptyUploads, tabNames, TestAdmin } from './helpers';
import { fiatUno, trackerInStock } from './fixtures';

const maria = { id: 3, cadastro: 'FISICA', name: 'Maria Souza', cpf: '52998224725', email: 'maria@exemplo.com' };
const veiculo = {
  id: 10,
  idcliente: 3,
  cliente: { id: 3, name: 'Maria Souza', razaosocial: '', cadastro: 'FISICA' },
  category: 'car',
  ...fiatUno,
  cor: 'Prata',
  deviceId: 0,
};
const tracker = trackerInStock;

const providerWith = (lists: Lists, overrides: Partial<DataProvider> = {}) =>
  listsProvider(lists, (resource, id) => (resource === 'clientes' ? maria : { ...veiculo, id }), overrides);

function Screen({ dataProvider, path }: { dataProvider: DataProvider; path: string }) {
  return (
    <TestAdmin dataProvider={dataProvider} initialEntries={[path]}>
      <ResourceForms resource="veiculos" create={<VeiculoCreateForm />} edit={<VeiculoEditForm />} transform={veiculoTransform} />
      <Notification />
    </TestAdmin>
  );
}

const search = async (label: RegExp, term: string) => {
  const box = screen.getByLabelText(label);
  await userEvent.clear(box);
  if (term) await userEvent.type(box, term);
  await userEvent.click(within(box.closest('div.MuiBox-root') as HTMLElement).getByRole('button', { name: 'Procurar' }));
};

const fillInformacoes = async () => {
  await userEvent.click(screen.getByLabelText(/^Categoria/));
  await userEvent.click(await screen.findByRole('option', { name: 'Carro' }));
  await userEvent.type(screen.getByLabelText(/^Marca/), 'Fiat');
  await userEvent.type(screen.getByLabelText(/^Modelo/), 'Uno');
  await userEvent.type(screen.getByLabelText(/^Placa/), 'abc1d23');
  await userEvent.type(screen.getByLabelText(/^Renavam/), '12345678901');
  await userEvent.type(screen.getByLabelText(/^Chassi/), '9bwzzz377vt004251');
};

beforeEach(() => {
  // The Uploads tab of a saved vehicle lists its files through fetch.
  stubEmptyUploads();
});
afterEach(() => vi.unstubAllGlobals());

describe('vehicle form, tab Cliente', () => {
  it("answers 'ok' to an empty search and 'Cliente não encontrado' to a term without match", async () => {
    const { dataProvider, getList } = providerWith({ clientes: (p) => ({ data: p.filter.pesquisa === 'Maria' ? [maria] : [] }) });
    render(<Screen dataProvider={dataProvider} path="/veiculos/create" />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Cliente' }));

    await search(/Nome, CPF\/CNPJ/, '');
    expect(await screen.findByText('ok')).toBeInTheDocument();
    expect(getList).not.toHaveBeenCalledWith('clientes', expect.anything());

    await search(/Nome, CPF\/CNPJ/, 'Zé Ninguém');
    expect(await screen.findByText('Cliente não encontrado')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('clientes', expect.objectContaining({ filter: { pesquisa: 'Zé Ninguém' } }));
  });

  it('picks a client from the results, shows it with its CPF and saves its id as idcliente', async () => {
    const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 11, ...params.data } }));
    const { dataProvider } = providerWith({ clientes: () => ({ data: [maria] }) }, { create: create as never });
    render(<Screen dataProvider={dataProvider} path="/veiculos/create" />);
    await fillInformacoes();
    expect(screen.getByLabelText(/^Placa/)).toHaveValue('ABC1D23');

    await userEvent.click(screen.getByRole('tab', { name: 'Cliente' }));
    await search(/Nome, CPF\/CNPJ/, 'Maria');
    const results = await screen.findByRole('region', { name: 'Clientes encontrados' });
    await userEvent.click(within(results).getByRole('button', { name: /Maria Souza/ }));

    const chosen = screen.getByRole('region', { name: 'Cliente do veículo' });
    expect(within(chosen).getByText('Maria Souza')).toBeInTheDocument();
    expect(within(chosen).getByRole('link', { name: 'Maria Souza' })).toHaveAttribute('href', '/clientes/3/show');
    expect(within(chosen).getByText('529.982.247-25')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await expectCreated(create, 'veiculos', { idcliente: 3, category: 'car', placa: 'ABC1D23', chassi: '9BWZZZ377VT004251' });
  });

  it('refuses to save without a client and says so on the Cliente tab', async () => {
    const create = vi.fn();
    const { dataProvider } = providerWith({}, { create: create as never });
    render(<Screen dataProvider={dataProvider} path="/veiculos/create" />);
    await fillInformacoes();
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Escolha o cliente do veículo na aba Cliente.')).toBeInTheDocument();
    const clienteTab = screen.getByRole('tab', { name: 'Cliente' });
    expect(clienteTab).toHaveClass('error');
    await userEvent.click(clienteTab);
    expect(screen.getByText('Cliente obrigatório')).toBeVisible();
    expect(create).not.toHaveBeenCalled();
  });

  it('Limpa empties the new vehicle form', async () => {
    const { dataProvider } = providerWith({});
    render(<Screen dataProvider={dataProvider} path="/veiculos/create" />);
    await userEvent.type(await screen.findByLabelText(/^Marca/), 'Fiat');
    await userEvent.click(screen.getByRole('button', { name: 'Limpa' }));
    await waitFor(() => expect(screen.getByLabelText(/^Marca/)).toHaveValue(''));
  });
});

describe('vehicle form tabs', () => {
  it('a new vehicle has no Rastreador or Uploads tab; a saved one has both', async () => {
    const { dataProvider } = providerWith({});
    const { unmount } = render(<Screen dataProvider={dataProvider} path="/veiculos/create" />);
    const dialog = await screen.findByRole('dialog', { name: 'Novo Veículo' });
    expect(tabNames(dialog)).toEqual(['Informações', 'Cliente']);
    expect(within(dialog).queryByRole('button', { name: 'Limpa' })).toBeInTheDocument();
    unmount();

    render(<Screen dataProvider={dataProvider} path="/veiculos/10" />);
    const edit = await screen.findByRole('dialog', { name: 'Veículo' });
    await waitFor(() => expect(tabNames(edit)).toEqual(['Informações', 'Cliente', 'Rastreador', 'Uploads']));
    expect(within(edit).queryByRole('button', { name: 'Limpa' })).not.toBeInTheDocument();
  });
});

describe('vehicle form, tab Rastreador', () => {
  const openTab = async () => {
    await userEvent.click(await screen.findByRole('tab', { name: 'Rastreador' }));
    await screen.findByLabelText(/IMEI, modelo/);
  };

  it("accepts exactly one tracker that is free or already this vehicle's, and refuses the others", async () => {
    const results: Record<string, object[]> = {
      dois: [tracker(), tracker({ id: 41, imei: '356938035643810' })],
      outro: [tracker({ id: 42, idveiculo: 99, idVeiculo: 99, idcliente: 8 })],
      proprio: [tracker({ id: 43, imei: '356938035643811', idveiculo: 10, idVeiculo: 10, idcliente: 3 })],
      livre: [tracker()],
    };
    const { dataProvider, getList } = providerWith({
      rastreadores: (p) => (p.filter.idveiculo ? { data: [] } : { data: results[p.filter.pesquisa] ?? [] }),
    });
    render(<Screen dataProvider={dataProvider} path="/veiculos/10" />);
    await openTab();
    expect(screen.getByText('Nenhum rastreador conectado a este veículo.')).toBeInTheDocument();

    await search(/IMEI, modelo/, '');
    expect(await screen.findByText('ok')).toBeInTheDocument();

    for (const term of ['dois', 'outro', 'nada']) {
      await search(/IMEI, modelo/, term);
      await waitFor(() =>
        expect(getList).toHaveBeenLastCalledWith('rastreadores', expect.objectContaining({ filter: { pesquisa: term } })),
      );
      expect(await screen.findByText('Rastreador não encontrado')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Conectar' })).not.toBeInTheDocument();
    }

    await search(/IMEI, modelo/, 'proprio');
    const own = await screen.findByRole('region', { name: 'Rastreador encontrado' });
    expect(within(own).getByText('IMEI 356938035643811')).toBeInTheDocument();

    await search(/IMEI, modelo/, 'livre');
    const free = await screen.findByRole('region', { name: 'Rastreador encontrado' });
    expect(within(free).getByText('IMEI 356938035643809')).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Conectar' })).toBeEnabled();
  });

  it('Conectar puts the tracker on the vehicle and its client; Desconectar sets both to 0', async () => {
    let linked: object | null = null;
    const update = vi.fn(async (_resource: string, params: { id: number; data: { idveiculo: number } }) => {
      linked = params.data.idveiculo ? params.data : null;
      return { data: { ...params.data, id: params.id } };
    });
    const { dataProvider } = providerWith(
      { rastreadores: (p) => (p.filter.idveiculo ? { data: linked ? [linked] : [] } : { data: [tracker()] }) },
      { update: update as never },
    );
    render(<Screen dataProvider={dataProvider} path="/veiculos/10" />);
    await openTab();
    await search(/IMEI, modelo/, '356938035643809');
    await userEvent.click(await screen.findByRole('button', { name: 'Conectar' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'rastreadores',
        expect.objectContaining({
          id: 40,
          data: expect.objectContaining({ id: 40, imei: '356938035643809', idveiculo: 10, idcliente: 3 }),
        }),
      ),
    );
    expect(await screen.findByText('Informações atualizadas com sucesso')).toBeInTheDocument();
    // After the refresh, the tab shows the linked tracker with Desconectar.
    const current = await screen.findByRole('region', { name: 'Rastreador conectado' });
    await userEvent.click(within(current).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() =>
      expect(update).toHaveBeenLastCalledWith(
        'rastreadores',
        expect.objectContaining({ id: 40, data: expect.objectContaining({ idveiculo: 0, idcliente: 0 }) }),
      ),
    );
    expect(await screen.findByText('Nenhum rastreador conectado a este veículo.')).toBeInTheDocument();
  });

  it("shows the server's refusal (409) in the error snackbar", async () => {
    // react-admin logs every dataProvider rejection in development: expected here.
    vi.mocked(console.error).mockImplementation(() => undefined);
    const { HttpError } = await import('ra-core');
    const update = vi.fn(async () => {
      throw new HttpError('Este veículo já tem outro rastreador. Desconecte-o primeiro.', 409, {});
    });
    const { dataProvider } = providerWith(
      { rastreadores: (p) => ({ data: p.filter.idveiculo ? [] : [tracker()] }) },
      { update: update as never },
    );
    render(<Screen dataProvider={dataProvider} path="/veiculos/10" />);
    await openTab();
    await search(/IMEI, modelo/, 'GT06');
    await userEvent.click(await screen.findByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('Este veículo já tem outro rastreador. Desconecte-o primeiro.')).toBeInTheDocument();
  });
});
