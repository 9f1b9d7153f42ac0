/**
 * Defect 5 of issue 7 (SPEC 8, DESIGN section 4): a refused save shows the server's `message` in
 * the red snackbar AND each of its `errors` under its field, on every form. Each case opens the
 * real list screen at its edit or create route, changes one field, saves, and the data provider
 * refuses as the server does.
 */
import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, ResourceContextProvider, type DataProvider } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import ChipList from '../../src/resources/chips/ChipList';
import ClienteList from '../../src/resources/clientes/ClienteList';
import PlanoList from '../../src/resources/planos/PlanoList';
import RastreadorList from '../../src/resources/rastreadores/RastreadorList';
import UsuarioList from '../../src/resources/usuarios/UsuarioList';
import VeiculoList from '../../src/resources/veiculos/VeiculoList';
import { emptyDataProvider, TestAdmin } from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';

const cliente = {
  id: 42,
  cadastro: 'FISICA',
  name: 'Maria da Silva',
  cpf: '52998224725',
  cnpj: '',
  razaosocial: '',
  email: 'maria@exemplo.com.br',
  phone: '',
  mobilePhone: '11987654321',
  status: 0,
  login: '',
  contatos: [],
};
const records: Record<string, object> = {
  clientes: cliente,
  veiculos: {
    id: 10,
    idcliente: 42,
    cliente,
    category: 'car',
    marca: 'Fiat',
    modelo: 'Uno',
    ano: '2020',
    placa: 'ABC1D23',
    renavan: '12345678901',
    chassi: '9BWZZZ377VT004251',
    cor: 'Prata',
  },
  rastreadores: { id: 40, imei: '356938035643809', modelo: 'GT06', marca: 'Concox', chipId: 0, idveiculo: 0, idcliente: 0 },
  chips: { id: 7, phone: '11987654321', iccid: '8955101234567890123', operadora: 'Vivo', fonecedor: '', deviceId: 0, device: null },
  planos: { id: 5, name: 'Básico', descricao: 'Rastreamento 24h', limtdispositivos: 2, valor: 49.9, valoradd: 10, informacoes: '' },
  usuarios: { id: 9, name: 'Ana Lima', cpf: '52998224725', email: 'ana@exemplo.com.br', login: 'ana', acesso: 2, bloqueado: false },
};
const lists: Record<string, React.ComponentType> = {
  clientes: ClienteList,
  veiculos: VeiculoList,
  rastreadores: RastreadorList,
  chips: ChipList,
  planos: PlanoList,
  usuarios: UsuarioList,
};

/** The data provider refuses every write with `refusal`; reads answer the records above. */
function refusing(refusal: HttpError) {
  const refuse = vi.fn(async () => {
    throw refusal;
  });
  const dataProvider = emptyDataProvider({
    getOne: (async (resource: string) => ({ data: records[resource] })) as never,
    create: refuse as never,
    update: refuse as never,
  }) as DataProvider;
  return { dataProvider, refuse };
}

function renderScreen(resource: string, path: string, dataProvider: DataProvider) {
  const List = lists[resource];
  render(
    <TestAdmin initialEntries={[path]} dataProvider={dataProvider}>
      <ResourceContextProvider value={resource}>
        <List />
      </ResourceContextProvider>
      <NoticeProbe />
    </TestAdmin>,
  );
}

/** The refusal reached both places: the red snackbar and the field. */
async function expectBoth(field: RegExp, fieldText: string, message: string) {
  const dialog = screen.getByRole('dialog');
  await waitFor(() => expect(within(dialog).getByLabelText(field)).toHaveAccessibleDescription(fieldText));
  expect(within(dialog).getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(readNotices()).toContainEqual({ text: message, type: 'error', duration: '' }));
}

const conflict = (message: string, field: string) => new HttpError(message, 409, { message, errors: { [field]: message } });

interface EditCase {
  resource: string;
  dialog: string;
  /** The field typed into, so that the form has a change to save. */
  typeInto: RegExp;
  refusal: HttpError;
  field: RegExp;
  fieldText: string;
}

const editCases: EditCase[] = [
  {
    resource: 'clientes',
    dialog: 'Cliente',
    typeInto: /^Nome/,
    refusal: conflict(MSG.clienteCpfTaken, 'cpf'),
    field: /^CPF/,
    fieldText: MSG.clienteCpfTaken,
  },
  {
    resource: 'veiculos',
    dialog: 'Veículo',
    typeInto: /^Cor/,
    refusal: conflict(MSG.placaTaken, 'placa'),
    field: /^Placa/,
    fieldText: MSG.placaTaken,
  },
  {
    resource: 'rastreadores',
    dialog: 'Rastreador',
    typeInto: /^Modelo/,
    refusal: conflict(MSG.imeiTaken, 'imei'),
    field: /^IMEI/,
    fieldText: MSG.imeiTaken,
  },
  {
    resource: 'chips',
    dialog: 'Chip',
    typeInto: /^Fornecedor/,
    refusal: conflict(MSG.iccidTaken, 'iccid'),
    field: /^ICCID/,
    fieldText: MSG.iccidTaken,
  },
  {
    resource: 'planos',
    dialog: 'Plano',
    typeInto: /^Nome/,
    // A 400 names the field with its own text; the snackbar says what is wrong overall.
    refusal: new HttpError(MSG.invalidInput, 400, { message: MSG.invalidInput, errors: { descricao: MSG.controlChars } }),
    field: /^Descrição/,
    fieldText: MSG.controlChars,
  },
  {
    resource: 'usuarios',
    dialog: 'Usuário',
    typeInto: /^Nome/,
    refusal: conflict(MSG.emailTaken, 'email'),
    field: /^Email/,
    fieldText: MSG.emailTaken,
  },
];

describe('a refused save shows the server’s message in the red snackbar and under the field', () => {
  beforeEach(() => {
    // Uploads tabs list their files through fetch.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ meta: { total: 0 }, Items: [] }), { status: 200 })),
    );
    // react-admin logs a data provider's rejection in development: that one is expected here.
    vi.spyOn(console, 'error').mockImplementation((error: unknown) => {
      if (!(error instanceof HttpError)) throw new Error(`console.error: ${String(error)}`);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(editCases)('on the $resource edit form', async ({ resource, dialog, typeInto, refusal, field, fieldText }) => {
    const { dataProvider, refuse } = refusing(refusal);
    const id = (records[resource] as { id: number }).id;
    renderScreen(resource, `/${resource}/${id}`, dataProvider);
    const form = await screen.findByRole('dialog', { name: dialog });
    const user = userEvent.setup();
    await user.type(await within(form).findByLabelText(typeInto), ' X');
    await user.click(within(form).getByRole('button', { name: /^Salva/ }));
    await waitFor(() => expect(refuse).toHaveBeenCalledTimes(1));
    await expectBoth(field, fieldText, refusal.message);
  });

  it('on the new client form: a duplicate CPF (409)', async () => {
    const { dataProvider, refuse } = refusing(conflict(MSG.clienteCpfTaken, 'cpf'));
    renderScreen('clientes', '/clientes/create', dataProvider);
    const form = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Nome/), 'Maria da Silva');
    await user.type(within(form).getByLabelText(/^CPF/), '52998224725');
    await user.type(within(form).getByLabelText(/^Email/), 'maria@exemplo.com.br');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(refuse).toHaveBeenCalledTimes(1));
    await expectBoth(/^CPF/, MSG.clienteCpfTaken, MSG.clienteCpfTaken);
    // The dialog stays open with what was typed.
    expect(within(form).getByLabelText(/^Nome/)).toHaveValue('Maria da Silva');
  });

  it('on the new user form: a login already taken (409)', async () => {
    const { dataProvider, refuse } = refusing(conflict(MSG.loginTaken, 'login'));
    renderScreen('usuarios', '/usuarios/create', dataProvider);
    const form = await screen.findByRole('dialog', { name: 'Novo Usuário' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Nome/), 'Ana Lima');
    await user.type(within(form).getByLabelText(/^CPF/), '52998224725');
    await user.type(within(form).getByLabelText(/^Email/), 'ana@exemplo.com.br');
    await user.type(within(form).getByLabelText(/^Login/), 'ana');
    await user.type(within(form).getByLabelText(/^Senha/), 'segredo1');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(refuse).toHaveBeenCalledTimes(1));
    await expectBoth(/^Login/, MSG.loginTaken, MSG.loginTaken);
  });

  it('without a reply (network down): a pt-BR notice, never the browser’s English', async () => {
    const { dataProvider } = refusing(new HttpError('', 500));
    dataProvider.update = (async () => {
      throw new TypeError('Failed to fetch');
    }) as never;
    vi.mocked(console.error).mockImplementation(() => undefined);
    renderScreen('chips', '/chips/7', dataProvider);
    const form = await screen.findByRole('dialog', { name: 'Chip' });
    await userEvent.type(await within(form).findByLabelText(/^Fornecedor/), ' X');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(readNotices()).toContainEqual({ text: MSG.networkError, type: 'error', duration: '' }));
  });
});
