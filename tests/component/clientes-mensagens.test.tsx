import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/dataProvider';
import { clienteTransform } from '../../src/resources/clientes/choices';
import { ClienteCreateForm, ClienteEditForm } from '../../src/resources/clientes/ClienteForm';
import { mockApi } from './apiMock';
import { ResourceForms, TestAdmin } from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';
import { mariaDaSilvaCadastro } from './fixtures';

const CLIENTE = {
  ...mariaDaSilvaCadastro,
  phone: '',
  naoEnviarMensagens: true,
};

function renderDialog(path: string, cliente = CLIENTE) {
  const api = mockApi({
    'GET /v1/clientes/42': () => cliente,
    'PUT /v1/clientes/42': ({ body }) => ({ ...cliente, ...body }),
    'POST /v1/clientes': ({ body }) => ({ ...body, id: 43 }),
    'GET /v1/uploads?unid=42&documento=cliente&pageSize=100': () => ({ meta: { totalItens: 0 }, Items: [] }),
  });
  render(
    <TestAdmin initialEntries={[path]} dataProvider={dataProvider}>
      <ResourceForms resource="clientes" create={<ClienteCreateForm />} edit={<ClienteEditForm />} transform={clienteTransform} />
      <NoticeProbe />
    </TestAdmin>,
  );
  return api;
}

const optOut = (dialog: HTMLElement) => within(dialog).findByRole('switch', { name: 'Não enviar mensagens' });
const notices = () => readNotices().map((notice) => notice.text);

afterEach(() => vi.unstubAllGlobals());

describe("the client's 'Não enviar mensagens'", () => {
  it('a new client receives messages unless staff switch it on, and the choice goes in the POST body', async () => {
    const api = renderDialog('/clientes/create');
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    const toggle = await optOut(dialog);
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'Os alertas de cobrança deste cliente não serão enviados pelo WhatsApp (ficam registrados como ignorados).',
    );

    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Nome/), 'João Pereira');
    await user.type(within(dialog).getByLabelText(/^CPF/), '52998224725');
    await user.type(within(dialog).getByLabelText(/^Email/), 'joao@exemplo.com.br');
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('POST /v1/clientes')).toHaveLength(1));
    expect(api.callsTo('POST /v1/clientes')[0].body).toMatchObject({ name: 'João Pereira', naoEnviarMensagens: true });
    await waitFor(() => expect(notices()).toContain('Cadastro realizado com sucesso'));
  });

  it('left alone on a new client, it is sent as false', async () => {
    const api = renderDialog('/clientes/create');
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Nome/), 'João Pereira');
    await user.type(within(dialog).getByLabelText(/^CPF/), '52998224725');
    await user.type(within(dialog).getByLabelText(/^Email/), 'joao@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('POST /v1/clientes')).toHaveLength(1));
    expect(api.callsTo('POST /v1/clientes')[0].body.naoEnviarMensagens).toBe(false);
  });

  it('shows the saved value when the client is opened, and a change goes in the PUT body', async () => {
    const api = renderDialog('/clientes/42');
    const dialog = await screen.findByRole('dialog', { name: 'Cliente' });
    const toggle = await optOut(dialog);
    await waitFor(() => expect(toggle).toBeChecked());

    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /v1/clientes/42')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/clientes/42')[0].body).toMatchObject({ id: 42, name: 'Maria da Silva', naoEnviarMensagens: false });
    await waitFor(() => expect(notices()).toContain('Informações atualizadas com sucesso'));
  });

  it('a client read without the field shows it off', async () => {
    const { naoEnviarMensagens: _omitted, ...older } = CLIENTE;
    renderDialog('/clientes/42', older as typeof CLIENTE);
    const dialog = await screen.findByRole('dialog', { name: 'Cliente' });
    await within(dialog).findByDisplayValue('Maria da Silva');
    expect(await optOut(dialog)).not.toBeChecked();
  });
});
