import * as React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DataProvider, HttpError, useCanAccess } from 'ra-core';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import OrdemServicoList from '../../src/resources/ordensservicos/OrdemServicoList';
import { OrdemServicoPage } from '../../src/resources/ordensservicos/OrdemServicoPage';
import { OrdemServicoCreateForm, OrdemServicoEditForm, ordemTransform } from '../../src/resources/ordensservicos/OrdemServicoForm';
import { mockApi } from './apiMock';
import {
  allowRefusalLogs,
  expectCreated,
  expectPrintsOneSecondAfterClick,
  fakeAuthProvider,
  type Lists,
  listsProvider,
  renderResource,
  ResourceForms,
  stubEmptyUploads,
  tabNames,
  TestAdmin,
} from './helpers';
import { fiatUno, gt06 } from './fixtures';

const maria = { id: 3, cadastro: 'FISICA', name: 'Maria Souza', cpf: '52998224725', email: 'maria@exemplo.com' };
const uno = { id: 10, idcliente: 3, ...fiatUno };
const tracker = (overrides: object = {}) => ({
  ...gt06,
  chipId: 0,
  phone: '11987654321',
  iccid: '',
  idcliente: 0,
  idveiculo: 0,
  idVeiculo: 0,
  ...overrides,
});
const ordem = (overrides: object = {}) => ({
  id: 21,
  idcliente: 3,
  idveiculo: 10,
  iddevice: 40,
  idtecnico: null,
  descricao: 'Instalação do rastreador',
  agendamento: '2026-03-10',
  horario: '09:30',
  informacoes: 'Cliente prefere pela manhã',
  status: 0,
  checklist: {},
  cliente: {
    ...maria,
    phone: '',
    mobilePhone: '11912345678',
    contatos: [{ name: 'João', email: 'joao@exemplo.com', phone: '', mobilePhone: '' }],
  },
  veiculo: uno,
  device: tracker({ idveiculo: 10, idVeiculo: 10 }),
  tecnico: null,
  ...overrides,
});
/** Tests that walk through many screens get more time on a busy machine. */
const HEAVY = 180_000;
const allAnswered = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK']));

const providerWith = (lists: Lists, overrides: Partial<DataProvider> = {}) =>
  listsProvider(
    lists,
    (resource, id) =>
      resource === 'clientes' ? maria : resource === 'veiculos' ? uno : resource === 'rastreadores' ? tracker() : ordem({ id }),
    overrides,
  );

function Dialog({ dataProvider, path, acesso = 1 }: { dataProvider: DataProvider; path: string; acesso?: 1 | 2 }) {
  return (
    <TestAdmin dataProvider={dataProvider} initialEntries={[path]} authProvider={fakeAuthProvider(acesso)}>
      <ResourceForms
        resource="ordensservicos"
        create={<OrdemServicoCreateForm />}
        edit={<OrdemServicoEditForm />}
        transform={ordemTransform}
      />
      <Notification />
      <AccessProbe />
    </TestAdmin>
  );
}

/** Says when the dialog's own access question (is this an administrator?) has its answer: the positive sign before asserting a button's absence. */
function AccessProbe() {
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: 'usuarios' });
  return isPending ? null : <span>acesso decidido: {canAccess ? 'sim' : 'não'}</span>;
}

const search = async (label: RegExp, term: string) => {
  const box = screen.getByLabelText(label);
  await userEvent.clear(box);
  if (term) await userEvent.type(box, term);
  await userEvent.click(within(box.closest('div.MuiBox-root') as HTMLElement).getByRole('button', { name: 'Procurar' }));
};
const openTab = async (name: string) => userEvent.click(await screen.findByRole('tab', { name }));
const pickClient = async () => {
  await openTab('Cliente');
  await search(/Nome, CPF\/CNPJ/, 'Maria');
  await userEvent.click(
    within(await screen.findByRole('region', { name: 'Clientes encontrados' })).getByRole('button', { name: /Maria Souza/ }),
  );
};
const pickVehicle = async () => {
  await openTab('Veículo');
  await search(/Placa, Renavam ou chassi/, 'ABC1D23');
  await userEvent.click(
    within(await screen.findByRole('region', { name: 'Veículos encontrados' })).getByRole('button', { name: /Fiat Uno 2020/ }),
  );
};

beforeEach(() => {
  // The Uploads tab of a saved order lists its files through fetch.
  stubEmptyUploads();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('service order form, the tab rules', () => {
  it("tab Veículo needs a client and tab Rastreador a vehicle: 'Dados do cliente obrigatórios', 'Dados do veículo obrigatórios'", async () => {
    const { dataProvider } = providerWith({});
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/create" />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova Ordem de Serviço' });
    expect(tabNames(dialog)).toEqual(['Informações', 'Cliente', 'Veículo', 'Rastreador']);
    await openTab('Veículo');
    expect(await screen.findByText('Dados do cliente obrigatórios')).toBeVisible();
    await openTab('Rastreador');
    expect(await screen.findByText('Dados do veículo obrigatórios')).toBeVisible();
  });

  it("searches the client's vehicles: an empty term needs placa, Renavam or chassi, no match is 'Veículo não encontrado'", async () => {
    const { dataProvider, getList } = providerWith({
      clientes: () => ({ data: [maria] }),
      veiculos: (p) => ({ data: p.filter.pesquisa === 'ABC1D23' ? [uno] : [] }),
    });
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/create" />);
    await pickClient();
    await openTab('Veículo');
    await search(/Placa, Renavam ou chassi/, '');
    expect(await screen.findByText('Obrigatório informar placa, Renavam ou chassi')).toBeVisible();
    expect(getList).not.toHaveBeenCalledWith('veiculos', expect.objectContaining({ filter: expect.objectContaining({ pesquisa: '' }) }));

    await search(/Placa, Renavam ou chassi/, 'XYZ9999');
    expect(await screen.findByText('Veículo não encontrado')).toBeVisible();
    expect(getList).toHaveBeenCalledWith('veiculos', expect.objectContaining({ filter: { idcliente: 3, pesquisa: 'XYZ9999' } }));

    await search(/Placa, Renavam ou chassi/, 'ABC1D23');
    await userEvent.click(
      within(await screen.findByRole('region', { name: 'Veículos encontrados' })).getByRole('button', { name: /Fiat Uno 2020/ }),
    );
    const chosen = screen.getByRole('region', { name: 'Veículo da ordem' });
    expect(within(chosen).getByText('Fiat Uno 2020')).toBeInTheDocument();
  });

  it(
    "accepts exactly one tracker, free or on this vehicle: one on another vehicle is 'Rastreador não encontrado'",
    async () => {
      const trackers: Record<string, object[]> = {
        outro: [tracker({ id: 41, imei: '356938035643810', idveiculo: 99, idVeiculo: 99 })],
        dois: [tracker(), tracker({ id: 41, imei: '356938035643810' })],
        livre: [tracker()],
      };
      const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 22, ...params.data } }));
      const { dataProvider } = providerWith(
        {
          clientes: () => ({ data: [maria] }),
          veiculos: () => ({ data: [uno] }),
          rastreadores: (p) => ({ data: p.filter.idveiculo ? [] : (trackers[String(p.filter.pesquisa)] ?? []) }),
        },
        { create: create as never },
      );
      render(<Dialog dataProvider={dataProvider} path="/ordensservicos/create" />);
      await userEvent.type(await screen.findByLabelText(/^Descrição/), 'Instalação');
      await pickClient();
      await pickVehicle();
      await openTab('Rastreador');

      await search(/IMEI, modelo/, '');
      expect(await screen.findByText('ok')).toBeVisible();
      await search(/IMEI, modelo/, 'outro');
      expect(await screen.findByText('Rastreador não encontrado')).toBeVisible();
      await search(/IMEI, modelo/, 'dois');
      expect(await screen.findByText('Rastreador não encontrado')).toBeVisible();
      await search(/IMEI, modelo/, 'livre');
      const chosen = await screen.findByRole('region', { name: 'Rastreador da ordem' });
      expect(await within(chosen).findByText('IMEI 356938035643809')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
      await expectCreated(create, 'ordensservicos', {
        idcliente: 3,
        idveiculo: 10,
        iddevice: 40,
        descricao: 'Instalação',
        status: 0,
        idtecnico: null,
      });
    },
    HEAVY,
  );

  it("tab Veículo lists the chosen client's vehicles to pick from (GET /v1/veiculos?idcliente=); the search stays", async () => {
    const gol = { ...uno, id: 11, marca: 'Volkswagen', modelo: 'Gol', ano: '2021', placa: 'OSV1A23', chassi: '9BWAA05U0BP000001' };
    const { dataProvider, getList } = providerWith({
      clientes: () => ({ data: [maria] }),
      veiculos: (p) => ({ data: p.filter.pesquisa ? [] : [uno, gol] }),
    });
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/create" />);
    await pickClient();
    await openTab('Veículo');
    const lista = await screen.findByRole('region', { name: 'Veículos do cliente' });
    await userEvent.click(await within(lista).findByRole('button', { name: /Volkswagen Gol 2021/ }));
    expect(getList).toHaveBeenCalledWith('veiculos', expect.objectContaining({ filter: { idcliente: 3 } }));
    expect(within(screen.getByRole('region', { name: 'Veículo da ordem' })).getByText('Volkswagen Gol 2021')).toBeInTheDocument();
    expect(within(lista).getByRole('button', { name: /Volkswagen Gol 2021/ })).toHaveClass('Mui-selected');
    expect(screen.getByLabelText(/Placa, Renavam ou chassi/)).toBeInTheDocument();
  });

  it('picking another client forgets the vehicle chosen for the previous one', async () => {
    const joana = { id: 4, cadastro: 'FISICA', name: 'Joana Lima', cpf: '11144477735', email: 'joana@exemplo.com' };
    const { dataProvider } = providerWith({
      clientes: (p) => ({ data: p.filter.pesquisa === 'Joana' ? [joana] : [maria] }),
      veiculos: () => ({ data: [uno] }),
    });
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/create" />);
    await pickClient();
    await pickVehicle();
    await openTab('Cliente');
    await search(/Nome, CPF\/CNPJ/, 'Joana');
    await userEvent.click(
      within(await screen.findByRole('region', { name: 'Clientes encontrados' })).getByRole('button', { name: /Joana Lima/ }),
    );
    await openTab('Veículo');
    expect(within(screen.getByRole('region', { name: 'Veículo da ordem' })).getByText(/Nenhum veículo escolhido/)).toBeInTheDocument();
  });

  it('refuses to save without the links and says which tab to visit', async () => {
    const create = vi.fn();
    const { dataProvider } = providerWith({}, { create: create as never });
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/create" />);
    await userEvent.type(await screen.findByLabelText(/^Descrição/), 'Instalação');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Escolha o cliente da ordem na aba Cliente.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cliente' })).toHaveClass('error');
    expect(create).not.toHaveBeenCalled();
  });
});

describe('service order form, the buttons', () => {
  it('a new order has Salva and Limpa but no Finalizar; Limpa empties it', async () => {
    const { dataProvider } = providerWith({});
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/create" />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova Ordem de Serviço' });
    expect(within(dialog).getByRole('button', { name: 'Salva' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Finalizar' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Descrição/), 'Instalação');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Limpa' }));
    await waitFor(() => expect(screen.getByLabelText(/^Descrição/)).toHaveValue(''));
  });

  it('an open saved order has Salva, Limpa, Finalizar and the Uploads tab; Finalizar asks first, then saves status 1 and says so', async () => {
    const update = vi.fn(async (_resource: string, params: { id: number; data: object }) => ({ data: { ...params.data, id: params.id } }));
    const { dataProvider } = providerWith({}, { update: update as never });
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/21" />);
    const dialog = await screen.findByRole('dialog', { name: 'Ordem de Serviço' });
    await waitFor(() => expect(tabNames(dialog)).toEqual(['Informações', 'Cliente', 'Veículo', 'Rastreador', 'Uploads']));
    expect(within(dialog).getByRole('button', { name: 'Salva' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Limpa' })).toBeInTheDocument();
    // Cancelar in the confirmation saves nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
    let confirm = await screen.findByRole('dialog', { name: 'Finalizar a ordem de serviço?' });
    expect(within(confirm).getByText(/Somente um administrador pode reabri-la/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Finalizar a ordem de serviço?' })).not.toBeInTheDocument());
    expect(update).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
    confirm = await screen.findByRole('dialog', { name: 'Finalizar a ordem de serviço?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Finalizar' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'ordensservicos',
        expect.objectContaining({ id: '21', data: expect.objectContaining({ status: 1, idcliente: 3, idveiculo: 10, iddevice: 40 }) }),
      ),
    );
    expect(await screen.findByText('Ordem de serviço finalizada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ordem de Serviço' })).not.toBeInTheDocument());
  });

  it("Finalizar refused for an incomplete checklist: the server's message in the snackbar and under the checklist", async () => {
    const message = 'Para concluir, responda todos os itens do checklist com OK ou NT (faltam 18 itens).';
    // react-admin logs a data provider's rejection in development: that one is expected here.
    allowRefusalLogs();
    const update = vi.fn(async () => {
      throw new HttpError(message, 400, { message, errors: { checklist: message } });
    });
    const { dataProvider } = providerWith({}, { update: update as never });
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/21" />);
    const dialog = await screen.findByRole('dialog', { name: 'Ordem de Serviço' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Finalizar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Finalizar a ordem de serviço?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    const checklist = within(dialog).getByRole('region', { name: 'Checklist' });
    expect(within(checklist).getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Ordem de Serviço' })).toBeInTheDocument();
  });

  it('a finalized order opens read-only: no Salva, Limpa, Finalizar, searches or editable inputs', async () => {
    const { dataProvider } = providerWith({}, { getOne: (async () => ({ data: ordem({ status: 1, checklist: allAnswered }) })) as never });
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/21" acesso={2} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ordem de Serviço' });
    expect(await within(dialog).findByText('Ordem concluída: somente leitura.')).toBeInTheDocument();
    expect(await screen.findByText('acesso decidido: não')).toBeInTheDocument();
    for (const name of ['Salva', 'Limpa', 'Finalizar', 'Reabrir'])
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Descrição/)).toBeDisabled();
    expect(within(dialog).getByLabelText('Agendamento')).toBeDisabled();
    expect(within(dialog).getByLabelText('Horário')).toBeDisabled();
    await openTab('Veículo');
    expect(within(dialog).queryByLabelText(/Placa, Renavam ou chassi/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Veículo da ordem' })).getByText('Fiat Uno 2020')).toBeInTheDocument();
  });

  it("Horário is typed and shown as 24-hour HH:mm (kept as HH:MM): 25:00 says 'Horário inválido' and is not saved, 14:45 is", async () => {
    const update = vi.fn(async (_resource: string, params: { id: number; data: object }) => ({ data: { ...params.data, id: params.id } }));
    const { dataProvider } = providerWith({}, { update: update as never });
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/21" />);
    const dialog = await screen.findByRole('dialog', { name: 'Ordem de Serviço' });
    const horario = await within(dialog).findByLabelText('Horário');
    await waitFor(() => expect(horario).toHaveValue('09:30'));
    expect(horario).toHaveAttribute('type', 'text');
    await userEvent.clear(horario);
    await userEvent.type(horario, '2500');
    expect(horario).toHaveValue('25:00');
    expect(await within(dialog).findByText('Horário inválido')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    // The refused submit has run once the form puts the focus back on the invalid field.
    await waitFor(() => expect(horario).toHaveFocus());
    expect(update).not.toHaveBeenCalled();
    await userEvent.clear(horario);
    await userEvent.type(horario, '1445');
    expect(horario).toHaveValue('14:45');
    await waitFor(() => expect(within(dialog).queryByText('Horário inválido')).not.toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'ordensservicos',
        expect.objectContaining({ data: expect.objectContaining({ horario: '14:45' }) }),
      ),
    );
  });

  it('an administrator may reopen a finalized order (status back to 0)', async () => {
    const update = vi.fn(async (_resource: string, params: { id: number; data: object }) => ({ data: { ...params.data, id: params.id } }));
    const { dataProvider } = providerWith({}, { getOne: (async () => ({ data: ordem({ status: 1 }) })) as never, update: update as never });
    render(<Dialog dataProvider={dataProvider} path="/ordensservicos/21" acesso={1} />);
    // The button waits for the access check (an administrator's).
    await userEvent.click(await screen.findByRole('button', { name: 'Reabrir' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('ordensservicos', expect.objectContaining({ data: expect.objectContaining({ status: 0 }) })),
    );
  });
});

describe('service order page /ordenservico/:id', () => {
  const Page = ({ dataProvider }: { dataProvider: DataProvider }) => (
    <TestAdmin dataProvider={dataProvider} initialEntries={['/ordenservico/21']}>
      <Routes>
        <Route path="/ordenservico/:id" element={<OrdemServicoPage />} />
      </Routes>
      <Notification />
    </TestAdmin>
  );

  it(
    'shows the order, client contacts, vehicle and tracker; Finalizar is disabled until all 18 items are answered, then asks, saves status 1 and says so',
    async () => {
      const update = vi.fn(async (_resource: string, params: { id: number; data: object }) => ({
        data: { ...params.data, id: params.id },
      }));
      const { dataProvider } = providerWith({}, { update: update as never });
      render(<Page dataProvider={dataProvider} />);
      expect(await screen.findByRole('heading', { name: 'Ordem de Serviço', level: 1 })).toBeInTheDocument();
      expect(screen.getByText('Nº 00021 · Em Aberto')).toBeInTheDocument();
      // The client's name, and again under the client's signature line.
      expect(screen.getAllByText('Maria Souza')).toHaveLength(2);
      expect(screen.getByRole('link', { name: 'Maria Souza' })).toHaveAttribute('href', '/clientes/3/show');
      expect(screen.getByText('529.982.247-25')).toBeInTheDocument();
      expect(screen.getByText('(11) 91234-5678')).toBeInTheDocument();
      expect(screen.getByText('maria@exemplo.com · joao@exemplo.com')).toBeInTheDocument();
      expect(screen.getByText('356938035643809')).toBeInTheDocument();
      expect(screen.getByText('10/03/2026 09:30')).toBeInTheDocument();

      const finalizar = screen.getByRole('button', { name: 'Finalizar' });
      expect(finalizar).toBeDisabled();
      const groups = screen.getAllByRole('radiogroup');
      expect(groups).toHaveLength(18);
      // fireEvent: 17 clicks through userEvent's pointer simulation are slow on a busy machine.
      for (const group of groups.slice(0, 17)) fireEvent.click(within(group).getByRole('radio', { name: 'OK' }));
      expect(finalizar).toBeDisabled();
      await userEvent.click(within(groups[17]).getByRole('radio', { name: 'NT' }));
      expect(finalizar).toBeEnabled();

      await userEvent.click(finalizar);
      const confirm = await screen.findByRole('dialog', { name: 'Finalizar a ordem de serviço?' });
      expect(update).not.toHaveBeenCalled();
      await userEvent.click(within(confirm).getByRole('button', { name: 'Finalizar' }));
      await waitFor(() =>
        expect(update).toHaveBeenCalledWith(
          'ordensservicos',
          expect.objectContaining({
            id: 21,
            data: expect.objectContaining({
              status: 1,
              checklist: expect.objectContaining({ Buzina: 'OK', 'Notificações do Rastreador': 'NT' }),
            }),
          }),
        ),
      );
      expect(await screen.findByText('Ordem de serviço finalizada')).toBeInTheDocument();
    },
    HEAVY,
  );

  it(
    'the validation shows the fleet situation and why in its colour; Finalizar with the tracker not Comunicando asks first, then sends aceitarSituacao',
    async () => {
      const now = new Date().toISOString();
      const estado = {
        id: 40,
        situacao: 'alimentacao',
        lastUpdate: now,
        valid: true,
        satelites: 9,
        ignicao: true,
        tensao: 12.9,
        latitude: -23.5,
        longitude: -46.6,
        motivo: { alarme: 'powerCut', alarmeEm: new Date(Date.now() - 5 * 60_000).toISOString(), tensaoBaixa: false },
      };
      // react-admin logs a data provider's rejection in development: the 409 is expected here.
      allowRefusalLogs();
      mockApi({ 'GET /v1/ordensservicos/21/telemetria': () => ({ estado, recente: true, conexao: {}, integracao: true }) });
      const message =
        'O rastreador não está Comunicando: Alimentação (Alarme de corte de alimentação há 5 min). Confirme para finalizar com esta validação.';
      const update = vi.fn(async (_resource: string, params: { id: number; data: Record<string, unknown> }) => {
        if (!params.data.aceitarSituacao) throw new HttpError(message, 409, { message, errors: { situacao: message } });
        return { data: { ...params.data, id: params.id } };
      });
      const { dataProvider } = providerWith(
        {},
        { update: update as never, getOne: (async () => ({ data: ordem({ checklist: allAnswered }) })) as never },
      );
      render(<Page dataProvider={dataProvider} />);
      const painel = await screen.findByRole('region', { name: 'Validação da instalação' });
      const alerta = await within(painel).findByTestId('validacao-estado');
      expect(alerta).toHaveAttribute('data-situacao', 'alimentacao');
      expect(alerta).toHaveTextContent('Alimentação: Alarme de corte de alimentação há 5 min.');
      expect(alerta).not.toHaveTextContent('Comunicando:');
      expect(alerta.className).toMatch(/Warning/);
      expect(within(alerta).getByText('Alimentação')).toHaveStyle({ color: '#ef6c00' });

      await userEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Finalizar a ordem de serviço?' })).getByRole('button', { name: 'Finalizar' }),
      );
      const pergunta = await screen.findByRole('dialog', { name: 'Finalizar com o rastreador fora de Comunicando?' });
      expect(pergunta).toHaveTextContent(message);
      expect(update).toHaveBeenCalledTimes(1);
      await userEvent.click(within(pergunta).getByRole('button', { name: 'Finalizar assim' }));
      await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
      expect(update.mock.calls[1][1].data).toMatchObject({ status: 1, aceitarSituacao: true });
      expect(update.mock.calls[1][1].data).not.toHaveProperty('semValidacao');
      expect(await screen.findByText('Ordem de serviço finalizada')).toBeInTheDocument();
    },
    HEAVY,
  );

  it('a finalized order shows the situation stored with its validation', async () => {
    const validacao = {
      em: '2026-03-10T12:00:00.000Z',
      ultimaComunicacao: '2026-03-10T11:59:00.000Z',
      valid: false,
      satelites: 0,
      situacao: 'sem_gps',
      motivo: 'Relata, mas a posição GPS é inválida.',
    };
    const { dataProvider } = providerWith(
      {},
      { getOne: (async () => ({ data: ordem({ status: 1, checklist: allAnswered, validacao }) })) as never },
    );
    render(<Page dataProvider={dataProvider} />);
    const painel = await screen.findByRole('region', { name: 'Validação da instalação' });
    expect(await within(painel).findByTestId('validacao-estado')).toHaveTextContent('Sem GPS: Relata, mas a posição GPS é inválida.');
  });

  it('a finalized order has no Finalizar and its answers cannot change; Imprimir prints after 1 s', async () => {
    const { dataProvider } = providerWith({}, { getOne: (async () => ({ data: ordem({ status: 1, checklist: allAnswered }) })) as never });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(<Page dataProvider={dataProvider} />);
    await screen.findByText('Nº 00021 · Concluído');
    expect(screen.queryByRole('button', { name: 'Finalizar' })).not.toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    await expectPrintsOneSecondAfterClick(screen.getByRole('button', { name: 'Imprimir' }), print);
  });
});

describe('service orders list', () => {
  it(
    'opens on Concluído in the current month of America/Sao_Paulo (the browser zone aside); Todos clears every filter',
    async () => {
      // 01:00 UTC on March 1st is still February 28th in São Paulo.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-01T01:00:00Z'));
      const { dataProvider, getList } = providerWith({ ordensservicos: () => ({ data: [ordem({ status: 1 })] }) });
      renderResource({ resource: 'ordensservicos', List: OrdemServicoList, dataProvider });
      expect(await screen.findByRole('heading', { name: 'Ordens de Serviço', level: 1 })).toBeInTheDocument();
      await waitFor(() =>
        expect(getList).toHaveBeenCalledWith(
          'ordensservicos',
          expect.objectContaining({ filter: { status: 1, dataInicio: '2026-02-01', dataFim: '2026-02-28' } }),
        ),
      );
      expect(screen.getByLabelText('Data inicial')).toHaveValue('01/02/2026');
      expect(screen.getByLabelText('Data final')).toHaveValue('28/02/2026');
      expect(screen.getByLabelText('Status')).toHaveValue('1');
      const row = await screen.findByRole('row', { name: /Maria Souza/ });
      expect(within(row).getByText('Fiat Uno 2020')).toBeInTheDocument();
      expect(within(row).getByText('10/03/2026 09:30')).toBeInTheDocument();
      expect(within(row).getByText('Concluído')).toBeInTheDocument();
      expect(within(row).getByRole('link', { name: 'Abrir a página da ordem' })).toHaveAttribute('href', '/ordenservico/21');
      // A finalized order cannot be removed: no Remover on its row.
      expect(within(row).queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();

      await userEvent.selectOptions(screen.getByLabelText('Status'), 'Em Aberto');
      await waitFor(() =>
        expect(getList).toHaveBeenLastCalledWith(
          'ordensservicos',
          expect.objectContaining({ filter: { status: 0, dataInicio: '2026-02-01', dataFim: '2026-02-28' } }),
        ),
      );
      await userEvent.click(screen.getByRole('switch', { name: 'Minhas ordens' }));
      await waitFor(() =>
        expect(getList).toHaveBeenLastCalledWith(
          'ordensservicos',
          expect.objectContaining({ filter: expect.objectContaining({ idtecnico: 7 }) }),
        ),
      );
      // Todos clears every filter, the list's defaults too: an order of any status or date shows.
      await userEvent.click(screen.getByRole('button', { name: 'Todos' }));
      await waitFor(() => expect(getList).toHaveBeenLastCalledWith('ordensservicos', expect.objectContaining({ filter: {} })));
      expect(screen.getByLabelText('Status')).toHaveValue('');
      expect(screen.getByLabelText('Data inicial')).toHaveValue('');
    },
    HEAVY,
  );

  it(
    'the Agenda shows the week of open orders by day, Monday to Sunday, and moves a week at a time',
    async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-11T15:00:00Z')); // a Wednesday
      const { dataProvider, getList } = providerWith({
        ordensservicos: (p) => ({
          data: p.filter.dataInicio === '2026-03-09' ? [ordem({ tecnico: { id: 7, name: 'Pessoa Teste' } })] : [],
        }),
      });
      renderResource({ resource: 'ordensservicos', List: OrdemServicoList, dataProvider });
      await userEvent.click(await screen.findByRole('button', { name: 'Agenda' }));
      await waitFor(() =>
        expect(getList).toHaveBeenCalledWith(
          'ordensservicos',
          expect.objectContaining({
            filter: { status: 0, dataInicio: '2026-03-09', dataFim: '2026-03-15' },
            sort: { field: 'agendamento', order: 'ASC' },
            pagination: { page: 1, perPage: 100 },
          }),
        ),
      );
      const tuesday = await screen.findByRole('region', { name: 'Terça-feira 10/03/2026' });
      const card = await within(tuesday).findByRole('link', { name: /09:30 Maria Souza/ });
      expect(card).toHaveAttribute('href', '/ordensservicos/21');
      expect(within(card).getByText('Pessoa Teste')).toBeInTheDocument();
      // The client's name beside the card opens the client's page.
      expect(within(tuesday).getByRole('link', { name: 'Maria Souza' })).toHaveAttribute('href', '/clientes/3/show');
      expect(screen.getByText('Semana de 09/03/2026 a 15/03/2026')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Próxima semana' }));
      await waitFor(() =>
        expect(getList).toHaveBeenLastCalledWith(
          'ordensservicos',
          expect.objectContaining({ filter: { status: 0, dataInicio: '2026-03-16', dataFim: '2026-03-22' } }),
        ),
      );
    },
    HEAVY,
  );
});
