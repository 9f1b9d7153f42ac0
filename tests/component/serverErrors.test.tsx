/**
 * Defect 5 of issue 7 (SPEC 8, DESIGN section 4): a refused save shows the server's `message` in
 * the red snackbar AND each of its `errors` under its field, on every form. Each case opens the
 * real list screen at its edit or create route, changes one field, saves, and the data provider
 * refuses as the server does.
 */
import * as React from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type DataProvider } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../domain/messages';
import ChipList from '../../src/resources/chips/ChipList';
import ClienteList from '../../src/resources/clientes/ClienteList';
import PlanoList from '../../src/resources/planos/PlanoList';
import RastreadorList from '../../src/resources/rastreadores/RastreadorList';
import UsuarioList from '../../src/resources/usuarios/UsuarioList';
import VeiculoList from '../../src/resources/veiculos/VeiculoList';
import { allowRefusalLogs, emptyDataProvider, renderResource, stubEmptyUploads } from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';
import { fiatUno, gt06, mariaDaSilva } from './fixtures';

const cliente = {
  ...mariaDaSilva,
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
    ...fiatUno,
    cor: 'Prata',
  },
  rastreadores: { ...gt06, chipId: 0, idveiculo: 0, idcliente: 0 },
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
  renderResource({ resource, List: lists[resource], path, dataProvider, beside: <NoticeProbe /> });
}

/** Opens `resource`'s create dialog, types each field's text, and saves: the data provider refuses it once with `refusal`. */
async function createRefused(resource: string, dialog: string, refusal: HttpError, fields: [RegExp, string][]) {
  const { dataProvider, refuse } = refusing(refusal);
  renderScreen(resource, `/${resource}/create`, dataProvider);
  const form = await screen.findByRole('dialog', { name: dialog });
  const user = userEvent.setup();
  for (const [label, text] of fields) await user.type(within(form).getByLabelText(label), text);
  await user.click(within(form).getByRole('button', { name: 'Salvar' }));
  await waitFor(() => expect(refuse).toHaveBeenCalledTimes(1));
  return form;
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
    stubEmptyUploads();
    // react-admin logs a data provider's rejection in development: that one is expected here.
    allowRefusalLogs();
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
    const form = await createRefused('clientes', 'Novo Cliente', conflict(MSG.clienteCpfTaken, 'cpf'), [
      [/^Nome/, 'Maria da Silva'],
      [/^CPF/, '52998224725'],
      [/^Email/, 'maria@exemplo.com.br'],
    ]);
    await expectBoth(/^CPF/, MSG.clienteCpfTaken, MSG.clienteCpfTaken);
    // The dialog stays open with what was typed.
    expect(within(form).getByLabelText(/^Nome/)).toHaveValue('Maria da Silva');
  });

  it('on the new user form: a login already taken (409)', async () => {
    await createRefused('usuarios', 'Novo Usuário', conflict(MSG.loginTaken, 'login'), [
      [/^Nome/, 'Ana Lima'],
      [/^CPF/, '52998224725'],
      [/^Email/, 'ana@exemplo.com.br'],
      [/^Login/, 'ana'],
      [/^Senha/, 'segredo1'],
    ]);
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
