import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClienteCreateForm, ClienteEditForm } from '../../src/resources/clientes/ClienteForm';
import ClienteList from '../../src/resources/clientes/ClienteList';
import { PreCadastroLinkButton } from '../../src/resources/clientes/PreCadastroLinkButton';
import { setSessionUser } from '../../src/authProvider/session';
import { PreCadastrosAviso } from '../../src/layout/PreCadastrosAviso';
import {
  allowRefusalLogs,
  emptyDataProvider,
  renderCreateDialog,
  renderResource,
  ResourceForms,
  stubEmptyUploads,
  TestAdmin,
} from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';
import { mariaDaSilvaCadastro } from './fixtures';

const CLIENTE = {
  ...mariaDaSilvaCadastro,
  phone: '1134567890',
};

function renderDialog(path: string, dataProvider = emptyDataProvider()) {
  return render(
    <TestAdmin initialEntries={[path]} dataProvider={dataProvider}>
      <ResourceForms resource="clientes" create={<ClienteCreateForm />} edit={<ClienteEditForm />} />
      <NoticeProbe />
    </TestAdmin>,
  );
}

const uploadsFetch = () => stubEmptyUploads({ totalItens: 0 });

describe('client form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens 'Novo Cliente' with tabs Informações and Acesso, and no Uploads before saving", async () => {
    renderDialog('/clientes/create');
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    expect(within(dialog).getByRole('tab', { name: 'Informações' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Acesso' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it('shows Nome and CPF for a Pessoa física, Razão social, CNPJ and inscrições for a Pessoa jurídica', async () => {
    renderDialog('/clientes/create');
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    expect(within(dialog).getByRole('radio', { name: 'Pessoa física' })).toBeChecked();
    expect(within(dialog).getByLabelText(/^Nome/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^CPF/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Razão social/)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^CNPJ/)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Inscrição municipal/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pessoa jurídica' }));
    expect(await within(dialog).findByLabelText(/^Razão social/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^CNPJ/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Inscrição municipal/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Inscrição estadual/)).toBeInTheDocument();
    // The person becomes the company's optional responsible.
    expect(within(dialog).getByLabelText('Nome do responsável')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('CPF do responsável')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Nome \*/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pessoa física' }));
    await waitFor(() => expect(within(dialog).queryByLabelText(/^Razão social/)).not.toBeInTheDocument());
  });

  it('requires Razão social and CNPJ (with valid check digits) to save a Pessoa jurídica', async () => {
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { id: 1, ...p.data } }));
    renderDialog('/clientes/create', emptyDataProvider({ create: create as never }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Pessoa jurídica' }));
    await user.type(within(dialog).getByLabelText(/^CNPJ/), '11222333000100');
    await user.type(within(dialog).getByLabelText(/^Email/), 'contato@empresa.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('CNPJ inválido')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Campo obrigatório').length).toBeGreaterThan(0);
    expect(create).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/^Razão social/), 'Transportes Rápidos Ltda');
    await user.clear(within(dialog).getByLabelText(/^CNPJ/));
    await user.type(within(dialog).getByLabelText(/^CNPJ/), '11222333000181');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data).toMatchObject({
      cadastro: 'JURIDICA',
      razaosocial: 'Transportes Rápidos Ltda',
      cnpj: '11.222.333/0001-81',
    });
    await waitFor(() => expect(readNotices().map((n) => n.text)).toContain('Cadastro realizado com sucesso'));
  });

  it('locks the status select of a Vencido client (2)', async () => {
    uploadsFetch();
    renderDialog('/clientes/42', emptyDataProvider({ getOne: (async () => ({ data: { ...CLIENTE, status: 2 } })) as never }));
    const dialog = await screen.findByRole('dialog', { name: 'Cliente' });
    const status = await within(dialog).findByRole('combobox', { name: /^Status/ });
    expect(status).toHaveAttribute('aria-disabled', 'true');
    expect(status).toHaveTextContent('Vencido');
    expect(within(dialog).getByText('Cliente vencido: o status muda somente com o pagamento das cobranças.')).toBeInTheDocument();
  });

  it('lets staff switch an active client to Bloqueado, but never pick Vencido', async () => {
    uploadsFetch();
    renderDialog('/clientes/42', emptyDataProvider({ getOne: (async () => ({ data: CLIENTE })) as never }));
    const dialog = await screen.findByRole('dialog', { name: 'Cliente' });
    const status = await within(dialog).findByRole('combobox', { name: /^Status/ });
    expect(status).not.toHaveAttribute('aria-disabled');
    expect(status).toHaveTextContent('Ativo');
    await userEvent.click(status);
    const options = await screen.findByRole('listbox');
    expect(within(options).getByRole('option', { name: 'Bloqueado' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(options).getByRole('option', { name: 'Vencido' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("has tabs Informações, Acesso and Uploads once saved; the app password is write-only, with the 'keep' hint", async () => {
    uploadsFetch();
    renderDialog('/clientes/42', emptyDataProvider({ getOne: (async () => ({ data: { ...CLIENTE, temSenha: true } })) as never }));
    const dialog = await screen.findByRole('dialog', { name: 'Cliente' });
    expect(await within(dialog).findByRole('tab', { name: 'Uploads' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Acesso' }));
    expect(
      await within(dialog).findByText('Senha definida (não é mostrada nem guardada). Deixe em branco para manter a atual.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Login')).toHaveValue('maria');
    expect(within(dialog).getByLabelText('Senha')).toHaveValue('');
  });

  it('says when the client has no app password yet', async () => {
    uploadsFetch();
    renderDialog('/clientes/42', emptyDataProvider({ getOne: (async () => ({ data: { ...CLIENTE, temSenha: false } })) as never }));
    const dialog = await screen.findByRole('dialog', { name: 'Cliente' });
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Acesso' }));
    expect(
      await within(dialog).findByText('Nenhuma senha definida. A senha vai para o Traccar e não fica guardada no sistema.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s field errors under the fields', async () => {
    uploadsFetch();
    // react-admin logs a data provider's rejection in development: that one is expected here.
    allowRefusalLogs();
    const update = vi.fn(async () => {
      throw new HttpError('Já existe um cliente com este CPF.', 409, {
        message: 'Já existe um cliente com este CPF.',
        errors: { cpf: 'Já existe um cliente com este CPF.' },
      });
    });
    renderDialog('/clientes/42', emptyDataProvider({ getOne: (async () => ({ data: CLIENTE })) as never, update: update as never }));
    const dialog = await screen.findByRole('dialog', { name: 'Cliente' });
    await userEvent.type(await within(dialog).findByLabelText(/^Nome/), ' Souza');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const cpf = within(dialog).getByLabelText(/^CPF/);
    await waitFor(() => expect(cpf).toHaveAccessibleDescription('Já existe um cliente com este CPF.'));
    expect(cpf).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(readNotices().map((n) => n.text)).toContain('Já existe um cliente com este CPF.'));
  });
});

describe('client list', () => {
  it('shows the number zero-padded, the company name, formatted documents and the status chip', async () => {
    const getList = vi.fn(async () => ({
      data: [
        CLIENTE,
        {
          ...CLIENTE,
          id: 7,
          cadastro: 'JURIDICA',
          name: 'João',
          razaosocial: 'Frota Azul Ltda',
          cnpj: '11222333000181',
          mobilePhone: '',
          phone: '1134567890',
          status: 2,
        },
      ],
      total: 2,
    }));
    renderResource({ resource: 'clientes', List: ClienteList, dataProvider: emptyDataProvider({ getList: getList as never }) });
    const rows = await screen.findAllByRole('row');
    const maria = rows.find((row) => within(row).queryByText('Maria da Silva'))!;
    expect(within(maria).getByText('00042')).toBeInTheDocument();
    expect(within(maria).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(maria).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(within(maria).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(maria).getByText('Ativo')).toBeInTheDocument();
    expect(within(maria).getByRole('img', { name: 'Pessoa física' })).toBeInTheDocument();
    const frota = rows.find((row) => within(row).queryByText('Frota Azul Ltda'))!;
    expect(within(frota).getByText('00007')).toBeInTheDocument();
    expect(within(frota).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(frota).getByText('(11) 3456-7890')).toBeInTheDocument();
    expect(within(frota).getByText('Vencido')).toBeInTheDocument();
    expect(within(frota).getByRole('img', { name: 'Pessoa jurídica' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Pré-Cadastro' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
  });
});

describe('client list dialog', () => {
  it('a Pessoa física is saved without company data typed before switching back', async () => {
    const create = renderCreateDialog('clientes', ClienteList);
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Pessoa jurídica' }));
    await user.type(within(dialog).getByLabelText(/^Razão social/), 'Empresa Errada Ltda');
    await user.click(within(dialog).getByRole('radio', { name: 'Pessoa física' }));
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Maria da Silva');
    await user.type(within(dialog).getByLabelText(/^CPF/), '52998224725');
    await user.type(within(dialog).getByLabelText(/^Email/), 'maria@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data).toMatchObject({ cadastro: 'FISICA', name: 'Maria da Silva', razaosocial: '', cnpj: '' });
  });
});

describe("'Link Pré-Cadastro'", () => {
  beforeEach(() => setSessionUser({ id: 3, name: 'Operadora', token: 'tk_9f8e7d6c' }));
  afterEach(() => {
    setSessionUser(null);
    vi.unstubAllGlobals();
  });

  function renderButton() {
    render(
      <TestAdmin>
        <PreCadastroLinkButton />
        <NoticeProbe />
      </TestAdmin>,
    );
  }

  it("copies the link built from the user's token and says 'Link copiado para a área de transferência!'", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Link Pré-Cadastro' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/precadastro?token=tk_9f8e7d6c`));
    await waitFor(() =>
      expect(readNotices()).toEqual([{ text: 'Link copiado para a área de transferência!', type: 'success', duration: '' }]),
    );
  });

  it('falls back to a hidden text area where the Clipboard API is missing (plain http)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      copied = command === 'copy' ? (document.activeElement as HTMLTextAreaElement).value : '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Link Pré-Cadastro' }));
    await waitFor(() => expect(execCommand).toHaveBeenCalledWith('copy'));
    expect(copied).toBe(`${window.location.origin}/precadastro?token=tk_9f8e7d6c`);
    expect(document.querySelector('textarea')).toBeNull();
    await waitFor(() => expect(readNotices().map((n) => n.text)).toEqual(['Link copiado para a área de transferência!']));
    Reflect.deleteProperty(document, 'execCommand');
  });
});

describe('a pre-registration waiting for staff', () => {
  it('shows Pré-cadastro only in the list (never Ativo beside it)', async () => {
    const getList = vi.fn(async () => ({
      data: [{ ...CLIENTE, id: 50, name: 'Paulo Novo', revisao: 1, status: 0 }, CLIENTE],
      total: 2,
    }));
    renderResource({ resource: 'clientes', List: ClienteList, dataProvider: emptyDataProvider({ getList: getList as never }) });
    const rows = await screen.findAllByRole('row');
    const paulo = rows.find((row) => within(row).queryByText('Paulo Novo'))!;
    expect(within(paulo).getAllByText('Pré-cadastro')).toHaveLength(1);
    expect(within(paulo).queryByText('Ativo')).not.toBeInTheDocument();
    const maria = rows.find((row) => within(row).queryByText('Maria da Silva'))!;
    expect(within(maria).getByText('Ativo')).toBeInTheDocument();
    expect(within(maria).queryByText('Pré-cadastro')).not.toBeInTheDocument();
  });

  it("the top bar's bell counts the pre-registrations waiting and links to the clients list filtered to them", async () => {
    const getList = vi.fn(async (_resource: string, params: { filter: Record<string, unknown> }) => ({
      data: [],
      total: params.filter.revisao === 1 ? 3 : 0,
    }));
    render(
      <TestAdmin dataProvider={emptyDataProvider({ getList: getList as never })}>
        <PreCadastrosAviso />
      </TestAdmin>,
    );
    const bell = await screen.findByRole('link', { name: '3 pré-cadastros aguardando confirmação' });
    expect(bell).toHaveAttribute('href', `/clientes?filter=${encodeURIComponent('{"revisao":1}')}`);
    expect(within(bell).getByText('3')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('clientes', expect.objectContaining({ filter: { revisao: 1 } }));
  });

  it('the bell says when none is waiting, with no count', async () => {
    render(
      <TestAdmin>
        <PreCadastrosAviso />
      </TestAdmin>,
    );
    const bell = await screen.findByRole('link', { name: 'Nenhum pré-cadastro aguardando confirmação' });
    expect(within(bell).queryByText('0')).not.toBeInTheDocument();
  });
});
