import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type GetListParams } from 'ra-core';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import RastreadorList from '../../src/resources/rastreadores/RastreadorList';
import { emptyDataProvider, ResourceScreen, tabNames } from './helpers';
import { trackerInStock } from './fixtures';

const tracker = trackerInStock;
const freeChips = [
  { id: 7, phone: '11987654321', iccid: '8955101234567890123', operadora: 'Vivo', fonecedor: 'Distribuidora', deviceId: 0, device: null },
  { id: 8, phone: '21998765432', iccid: '8955101234567890124', operadora: 'Claro', fonecedor: '', deviceId: 0, device: null },
];

function setup(record: object, rows: object[] = []) {
  const getList = vi.fn(async (resource: string, _params: GetListParams) =>
    resource === 'chips' ? { data: freeChips, total: freeChips.length } : { data: rows, total: rows.length },
  );
  const state = { record };
  const update = vi.fn(async (_resource: string, params: { id: number; data: { chipId?: number } }) => {
    const chip = freeChips.find((c) => c.id === params.data.chipId);
    state.record = { ...params.data, phone: chip?.phone ?? '', iccid: chip?.iccid ?? '', operadora: chip?.operadora ?? '' };
    return { data: { ...state.record, id: params.id } };
  });
  const dataProvider = emptyDataProvider({
    getList: getList as never,
    getOne: (async () => ({ data: state.record })) as never,
    update: update as never,
  });
  return { dataProvider, getList, update };
}

function Screen({ dataProvider, path }: { dataProvider: ReturnType<typeof setup>['dataProvider']; path: string }) {
  return <ResourceScreen resource="rastreadores" List={RastreadorList} path={path} dataProvider={dataProvider} beside={<Notification />} />;
}

describe('trackers list', () => {
  it('shows the chip number formatted, the vehicle, and whether the tracker is linked', async () => {
    const rows = [
      tracker({
        id: 1,
        chipId: 7,
        phone: '11987654321',
        idveiculo: 10,
        idVeiculo: 10,
        Veiculo: { id: 10, marca: 'Fiat', modelo: 'Uno', placa: 'ABC1D23' },
      }),
      tracker({ id: 2, imei: '356938035643810' }),
    ];
    const { dataProvider } = setup(tracker(), rows);
    render(<Screen dataProvider={dataProvider} path="/rastreadores" />);
    const linkedRow = (await screen.findByText('356938035643809')).closest('tr') as HTMLElement;
    expect(within(linkedRow).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(within(linkedRow).getByText('Fiat Uno ABC1D23')).toBeInTheDocument();
    expect(within(linkedRow).getByRole('img', { name: 'Vinculado a um veículo' })).toBeInTheDocument();
    const freeRow = screen.getByText('356938035643810').closest('tr') as HTMLElement;
    expect(within(freeRow).getByRole('img', { name: 'Sem veículo' })).toBeInTheDocument();
  });
});

describe('tracker form, tab Chips', () => {
  it('a new tracker has only the Informações tab', async () => {
    const { dataProvider } = setup(tracker());
    render(<Screen dataProvider={dataProvider} path="/rastreadores/create" />);
    const dialog = await screen.findByRole('dialog', { name: 'Novo Rastreador' });
    expect(tabNames(dialog)).toEqual(['Informações']);
  });

  it('lists only free chips (deviceId 0), searchable, and Conectar puts the chip id on the tracker', async () => {
    const { dataProvider, getList, update } = setup(tracker());
    render(<Screen dataProvider={dataProvider} path="/rastreadores/40" />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Chips' }));
    const list = await screen.findByRole('region', { name: 'Chips livres' });
    expect(await within(list).findByText('(11) 98765-4321')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('chips', expect.objectContaining({ filter: { deviceId: 0 } }));

    await userEvent.type(screen.getByLabelText(/Número, ICCID/), 'claro{Enter}');
    await waitFor(() =>
      expect(getList).toHaveBeenCalledWith('chips', expect.objectContaining({ filter: { deviceId: 0, pesquisa: 'claro' } })),
    );
    // Enter searched: the tracker form was not submitted.
    expect(update).not.toHaveBeenCalled();

    await userEvent.click(within(list).getByRole('button', { name: 'Conectar o chip (11) 98765-4321' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'rastreadores',
        expect.objectContaining({ id: 40, data: expect.objectContaining({ id: 40, imei: '356938035643809', chipId: 7 }) }),
      ),
    );
    expect(await screen.findByText('Informações atualizadas com sucesso')).toBeInTheDocument();
    // The record is read again: the tab now shows the connected chip.
    const connected = await screen.findByRole('region', { name: 'Chip conectado' });
    expect(within(connected).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(within(connected).getByText(/8955101234567890123/)).toBeInTheDocument();
  });

  it('Desconectar sends chipId 0', async () => {
    const { dataProvider, update } = setup(tracker({ chipId: 8, phone: '21998765432', iccid: '8955101234567890124', operadora: 'Claro' }));
    render(<Screen dataProvider={dataProvider} path="/rastreadores/40" />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Chips' }));
    const connected = await screen.findByRole('region', { name: 'Chip conectado' });
    expect(within(connected).getByText('(21) 99876-5432')).toBeInTheDocument();
    expect(within(connected).getByText(/Claro/)).toBeInTheDocument();
    await userEvent.click(within(connected).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'rastreadores',
        expect.objectContaining({ id: 40, data: expect.objectContaining({ chipId: 0 }) }),
      ),
    );
    expect(await screen.findByRole('region', { name: 'Chips livres' })).toBeInTheDocument();
  });

  it("saving the tracker's Informações leaves its chip and vehicle links out of the body", async () => {
    const { dataProvider, update } = setup(tracker({ chipId: 8, phone: '21998765432', idveiculo: 10, idVeiculo: 10, idcliente: 3 }));
    render(<Screen dataProvider={dataProvider} path="/rastreadores/40" />);
    const modelo = await screen.findByLabelText(/^Modelo/);
    await userEvent.clear(modelo);
    await userEvent.type(modelo, 'GT06N');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const body = update.mock.calls[0][1].data;
    expect(body).toMatchObject({ id: 40, imei: '356938035643809', modelo: 'GT06N', marca: 'Concox' });
    for (const link of ['chipId', 'idveiculo', 'idVeiculo', 'idcliente']) expect(body).not.toHaveProperty(link);
  });
});

describe('tracker form, Tensão nominal', () => {
  it('offers 12 V, 24 V or Deduzida das leituras, shows the saved one and sends the chosen system', async () => {
    const { dataProvider, update } = setup(tracker({ tensaoNominal: null }));
    render(<Screen dataProvider={dataProvider} path="/rastreadores/40" />);
    const select = await screen.findByRole('combobox', { name: /Tensão nominal/ });
    expect(select).not.toHaveTextContent(/V/);
    await userEvent.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Deduzida das leituras', '12 V', '24 V']);
    await userEvent.click(screen.getByRole('option', { name: '24 V' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1].data).toMatchObject({ id: 40, tensaoNominal: 24 });
  });

  it('a tracker set to 24 V opens with 24 V', async () => {
    const { dataProvider } = setup(tracker({ tensaoNominal: 24 }));
    render(<Screen dataProvider={dataProvider} path="/rastreadores/40" />);
    expect(await screen.findByRole('combobox', { name: /Tensão nominal/ })).toHaveTextContent('24 V');
  });
});

describe('tracker form, its vehicle and client', () => {
  it("shows the vehicle it is on and, through it, its client as a link to the client's page", async () => {
    const linked = tracker({
      idcliente: 3,
      idveiculo: 10,
      idVeiculo: 10,
      Veiculo: { id: 10, marca: 'Fiat', modelo: 'Uno', placa: 'ABC1D23' },
    });
    const getOne = vi.fn(async (resource: string) =>
      resource === 'veiculos'
        ? { data: { id: 10, idcliente: 3, placa: 'ABC1D23', cliente: { id: 3, cadastro: 'FISICA', name: 'Maria Souza', razaosocial: '' } } }
        : { data: linked },
    );
    const dataProvider = emptyDataProvider({ getOne: getOne as never });
    render(<Screen dataProvider={dataProvider} path="/rastreadores/40" />);
    const dialog = await screen.findByRole('dialog', { name: 'Rastreador' });
    expect(await within(dialog).findByRole('link', { name: 'Maria Souza' })).toHaveAttribute('href', '/clientes/3/show');
    expect(within(dialog).getByText('Fiat Uno ABC1D23')).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledWith('veiculos', expect.objectContaining({ id: 10 }));
  });

  it('says Sem veículo, and asks for no vehicle, when the tracker is on none', async () => {
    const getOne = vi.fn(async (_resource: string) => ({ data: tracker() }));
    const dataProvider = emptyDataProvider({ getOne: getOne as never });
    render(<Screen dataProvider={dataProvider} path="/rastreadores/40" />);
    const dialog = await screen.findByRole('dialog', { name: 'Rastreador' });
    expect(await within(dialog).findByText('Sem veículo')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Souza/ })).not.toBeInTheDocument();
    expect(getOne.mock.calls.filter(([resource]) => resource === 'veiculos')).toEqual([]);
  });
});
