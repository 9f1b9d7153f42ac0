import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import { EngineCommands } from '../../src/resources/rastreadores/EngineCommands';
import { rastreadorTransform } from '../../src/resources/rastreadores/RastreadorForm';
import RastreadorList from '../../src/resources/rastreadores/RastreadorList';
import { json, mockApi, type ApiHandler } from './apiMock';
import { emptyDataProvider, renderResource, TestAdmin } from './helpers';
import { noticeKinds, NoticeProbe } from './noticeProbe';
import { gt06 } from './fixtures';

const PATH = '/v1/veiculos/10/comandos';

function renderCommands(routes: Record<string, ApiHandler>, props: { placa?: string; imei?: string } = { placa: 'ABC1D23' }) {
  const api = mockApi(routes);
  render(
    <TestAdmin>
      <EngineCommands path={PATH} {...props} />
      <NoticeProbe />
    </TestAdmin>,
  );
  return api;
}

const notices = noticeKinds;

describe('engine commands (DESIGN 7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the commands Traccar lists for the device', async () => {
    renderCommands({ [`GET ${PATH}`]: () => ({ types: ['engineResume'] }) });
    expect(await screen.findByRole('button', { name: 'Desbloquear motor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bloquear motor' })).not.toBeInTheDocument();
  });

  it('nothing is sent until the dialog naming the plate is confirmed; Cancelar sends nothing', async () => {
    const api = renderCommands({
      [`GET ${PATH}`]: () => ({ types: ['engineStop', 'engineResume'] }),
      [`POST ${PATH}`]: () => ({ result: 'enviado', message: 'Bloqueio do motor enviado ao rastreador.' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bloquear motor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear o motor do veículo ABC1D23?' });
    expect(within(dialog).getByText(/cortar o motor em movimento é perigoso/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST ${PATH}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Bloquear motor' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(api.callsTo(`POST ${PATH}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${PATH}`)[0].body).toEqual({ type: 'engineStop' });
    await waitFor(() => expect(notices()).toEqual([{ text: 'Bloqueio do motor enviado ao rastreador.', type: 'success' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a queued command is a green notice saying it runs when the tracker connects', async () => {
    renderCommands({
      [`GET ${PATH}`]: () => ({ types: ['engineStop', 'engineResume'] }),
      [`POST ${PATH}`]: () => ({ result: 'pendente', message: MSG.comandoQueued }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Desbloquear motor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desbloquear o motor do veículo ABC1D23?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(notices()).toEqual([{ text: MSG.comandoQueued, type: 'success' }]));
  });

  it('a refusal is a red notice with Traccar’s reason', async () => {
    renderCommands({
      [`GET ${PATH}`]: () => ({ types: ['engineStop'] }),
      [`POST ${PATH}`]: () => json({ message: 'O rastreador não aceita este comando (engineStop, protocolo gt06).' }, 409),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bloquear motor' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(notices()).toEqual([{ text: 'O rastreador não aceita este comando (engineStop, protocolo gt06).', type: 'error' }]),
    );
  });

  it('without a plate the dialog names the tracker’s IMEI', async () => {
    renderCommands({ [`GET ${PATH}`]: () => ({ types: ['engineStop'] }) }, { imei: '356938035643809' });
    await userEvent.click(await screen.findByRole('button', { name: 'Bloquear motor' }));
    expect(
      await screen.findByRole('dialog', { name: 'Bloquear o motor do veículo do rastreador IMEI 356938035643809?' }),
    ).toBeInTheDocument();
  });

  it('a tracker not yet on Traccar shows the reason and no button', async () => {
    renderCommands({ [`GET ${PATH}`]: () => json({ message: MSG.traccarNotSynced }, 409) });
    expect(await screen.findByText(MSG.traccarNotSynced)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('trackers and Traccar', () => {
  afterEach(() => vi.unstubAllGlobals());

  const tracker = (overrides: object = {}) => ({
    ...gt06,
    chipId: 0,
    idcliente: 3,
    idveiculo: 10,
    idVeiculo: 10,
    Veiculo: { id: 10, marca: 'Fiat', modelo: 'Uno', placa: 'ABC1D23' },
    traccarSync: { status: 'sincronizado', erro: '', em: '2025-01-01T12:00:00.000Z' },
    ...overrides,
  });

  function renderList(path: string, rows: object[], record: object = tracker()) {
    const dataProvider = emptyDataProvider({
      getList: (async () => ({ data: rows, total: rows.length })) as never,
      getOne: (async () => ({ data: record })) as never,
    });
    renderResource({ resource: 'rastreadores', List: RastreadorList, path, dataProvider, beside: <NoticeProbe /> });
  }

  it('the list shows each tracker’s sync: Sincronizado, Pendente, or Falhou with the reason', async () => {
    mockApi({});
    renderList('/rastreadores', [
      tracker({ id: 1 }),
      tracker({ id: 2, imei: '356938035643810', traccarSync: { status: 'pendente', erro: '', em: null } }),
      tracker({
        id: 3,
        imei: '356938035643811',
        traccarSync: { status: 'falhou', erro: 'Não foi possível conectar ao Traccar: verifique o endereço do servidor.', em: null },
      }),
      tracker({ id: 4, imei: '356938035643812', traccarSync: { status: null, erro: '', em: null } }),
    ]);
    const row = async (imei: string) => (await screen.findByText(imei)).closest('tr') as HTMLElement;
    expect(within(await row('356938035643809')).getByRole('img', { name: 'Sincronizado' })).toBeInTheDocument();
    expect(within(await row('356938035643810')).getByRole('img', { name: 'Pendente' })).toBeInTheDocument();
    expect(
      within(await row('356938035643811')).getByRole('img', {
        name: 'Falhou: Não foi possível conectar ao Traccar: verifique o endereço do servidor.',
      }),
    ).toBeInTheDocument();
    expect(within(await row('356938035643812')).queryByRole('img', { name: /Sincronizado|Pendente|Falhou/ })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Traccar' })).toBeInTheDocument();
  });

  it('the tracker form offers the commands, named by its vehicle’s plate, and the save never sends the sync back', async () => {
    const api = mockApi({
      'GET /v1/trackres/40/comandos': () => ({ types: ['engineStop', 'engineResume'] }),
      'POST /v1/trackres/40/comandos': () => ({ result: 'enviado', message: 'Desbloqueio do motor enviado ao rastreador.' }),
    });
    renderList('/rastreadores/40', []);
    const form = await screen.findByRole('dialog', { name: 'Rastreador' });
    expect(await within(form).findByText('Sincronizado')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await within(form).findByRole('button', { name: 'Desbloquear motor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Desbloquear o motor do veículo ABC1D23?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(api.callsTo('POST /v1/trackres/40/comandos')).toHaveLength(1));
    await waitFor(() => expect(notices()).toEqual([{ text: 'Desbloqueio do motor enviado ao rastreador.', type: 'success' }]));
    // The confirmation did not submit the tracker form around it, and a save would not send the sync back.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Desbloquear o motor/ })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Rastreador' })).toBeInTheDocument();
    expect(rastreadorTransform(tracker())).not.toHaveProperty('traccarSync');
  });
});
