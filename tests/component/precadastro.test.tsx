import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PreCadastroPage from '../../src/custom-pages/precadastro/PreCadastroPage';
import { TestAdmin } from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';

type Reply = { status: number; body: unknown };

/** The public API: GET answers `info`, POST answers `post`; every call is recorded. */
function stubApi({
  info = { status: 200, body: { valid: true, empresa: 'Rastreio Sul' } },
  post = { status: 201, body: { id: 12 } },
}: { info?: Reply; post?: Reply } = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const reply = (init.method ?? 'GET') === 'POST' ? post : info;
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderPage(path = '/precadastro?token=tok123') {
  render(
    <TestAdmin initialEntries={[path]}>
      <PreCadastroPage />
      <NoticeProbe />
    </TestAdmin>,
  );
}

const doc = (name: string, type = 'image/jpeg') => new File(['conteúdo'], name, { type });
const setup = () => userEvent.setup({ applyAccept: false });

async function fillPessoaFisica(user: ReturnType<typeof setup>) {
  await user.type(await screen.findByLabelText(/^Nome completo/), 'Maria da Silva');
  await user.type(screen.getByLabelText(/^CPF/), '52998224725');
  await user.type(screen.getByLabelText(/^Email/), 'maria@exemplo.com.br');
  await user.type(screen.getByLabelText(/^Celular/), '11987654321');
}

const continuar = () => screen.getByRole('button', { name: 'Continuar' });
const finalizar = () => screen.getByRole('button', { name: 'Finalizar' });
const dropInput = () => screen.getByLabelText('Arraste os documentos aqui ou clique para escolher');

describe('pre-registration page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a clear page, not a form, for a token the server does not know (404)', async () => {
    const calls = stubApi({ info: { status: 404, body: { message: 'Link de pré-cadastro inválido ou expirado.' } } });
    renderPage('/precadastro?token=ruim');
    expect(await screen.findByRole('heading', { name: 'Link de pré-cadastro inválido' })).toBeInTheDocument();
    expect(screen.getByText(/Peça um novo link de pré-cadastro/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/v1/static/precadastro/ruim');
    // Public call: never the staff session cookie.
    expect(calls[0].init.credentials).toBe('omit');
  });

  it('shows the same page without asking the server when the link has no token', async () => {
    const calls = stubApi();
    renderPage('/precadastro');
    expect(await screen.findByRole('heading', { name: 'Link de pré-cadastro inválido' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('keeps Continuar disabled until nome, a valid CPF, a valid e-mail and celular are given', async () => {
    stubApi();
    renderPage();
    const user = setup();
    expect(await screen.findByText('Rastreio Sul')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continuar' })).toBeDisabled();

    await user.type(screen.getByLabelText(/^Nome completo/), 'Maria da Silva');
    await user.type(screen.getByLabelText(/^CPF/), '11111111111');
    await user.type(screen.getByLabelText(/^Email/), 'maria@');
    await user.type(screen.getByLabelText(/^Celular/), '11987654321');
    expect(continuar()).toBeDisabled();
    // Errors show once a field has been left.
    expect(screen.getByLabelText(/^CPF/)).toHaveAccessibleDescription('CPF inválido');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('E-mail inválido');

    await user.clear(screen.getByLabelText(/^CPF/));
    await user.type(screen.getByLabelText(/^CPF/), '52998224725');
    expect(continuar()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Email/), 'exemplo.com.br');
    await waitFor(() => expect(continuar()).toBeEnabled());

    await user.clear(screen.getByLabelText(/^Celular/));
    await waitFor(() => expect(continuar()).toBeDisabled());
  });

  it('asks a company also for razão social and a valid CNPJ before Continuar', async () => {
    stubApi();
    renderPage();
    const user = setup();
    await fillPessoaFisica(user);
    await waitFor(() => expect(continuar()).toBeEnabled());
    await user.click(screen.getByRole('radio', { name: 'Pessoa jurídica' }));
    await waitFor(() => expect(continuar()).toBeDisabled());
    expect(screen.getByLabelText('Nome do responsável *')).toHaveValue('Maria da Silva');
    await user.type(screen.getByLabelText(/^Razão social/), 'Frota Azul Ltda');
    await user.type(screen.getByLabelText(/^CNPJ/), '11222333000100');
    await user.tab();
    expect(screen.getByLabelText(/^CNPJ/)).toHaveAccessibleDescription('CNPJ inválido');
    expect(continuar()).toBeDisabled();
    await user.clear(screen.getByLabelText(/^CNPJ/));
    await user.type(screen.getByLabelText(/^CNPJ/), '11222333000181');
    await waitFor(() => expect(continuar()).toBeEnabled());
  });

  it('a person sends exactly 2 documents: Finalizar waits for them, Voltar keeps the data, one POST carries everything', async () => {
    const calls = stubApi();
    renderPage();
    const user = setup();
    await fillPessoaFisica(user);
    await waitFor(() => expect(continuar()).toBeEnabled());
    await user.click(continuar());

    expect(await screen.findByText(/Envie a frente e o verso do documento de identidade/)).toBeInTheDocument();
    expect(screen.queryByText(/cartão CNPJ/)).not.toBeInTheDocument();
    expect(finalizar()).toBeDisabled();
    await user.upload(dropInput(), doc('frente.jpg'));
    expect(await screen.findByText('1 de 2 documentos anexados')).toBeInTheDocument();
    expect(finalizar()).toBeDisabled();
    await user.upload(dropInput(), doc('verso.pdf', 'application/pdf'));
    expect(await screen.findByText('2 de 2 documentos anexados')).toBeInTheDocument();
    expect(finalizar()).toBeEnabled();

    // A third one is refused: the widget holds at most 2 here.
    await user.upload(dropInput(), doc('extra.jpg'));
    await waitFor(() => expect(readNotices().map((n) => n.text)).toContain('Número máximo de arquivos excedido. Apenas 2 permitidos.'));
    expect(screen.getByText('2 de 2 documentos anexados')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover verso.pdf' }));
    expect(await screen.findByText('1 de 2 documentos anexados')).toBeInTheDocument();
    expect(finalizar()).toBeDisabled();
    expect(readNotices().map((n) => n.text)).toContain('Arquivo verso.pdf removido.');
    await user.upload(dropInput(), doc('verso.png', 'image/png'));
    await waitFor(() => expect(finalizar()).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByLabelText(/^Nome completo/)).toHaveValue('Maria da Silva');
    expect(screen.getByLabelText(/^CPF/)).toHaveValue('529.982.247-25');
    await waitFor(() => expect(continuar()).toBeEnabled());
    await user.click(continuar());
    expect(await screen.findByText('2 de 2 documentos anexados')).toBeInTheDocument();

    await user.click(finalizar());
    expect(await screen.findByRole('heading', { name: 'Cadastro realizado com sucesso' })).toBeInTheDocument();
    const posts = calls.filter((call) => call.init.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/v1/static/precadastro/tok123');
    expect(posts[0].init.credentials).toBe('omit');
    const body = JSON.parse(String(posts[0].init.body));
    expect(body).toMatchObject({ cadastro: 'FISICA', name: 'Maria da Silva', email: 'maria@exemplo.com.br', cnpj: '', razaosocial: '' });
    expect(body.documentos.map((d: { name: string; type: string }) => [d.name, d.type])).toEqual([
      ['frente.jpg', 'image/jpeg'],
      ['verso.png', 'image/png'],
    ]);
    expect(body.documentos[0].base64).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('a company needs exactly 3 documents, including the CNPJ card or articles', async () => {
    stubApi();
    renderPage();
    const user = setup();
    await user.click(await screen.findByRole('radio', { name: 'Pessoa jurídica' }));
    await user.type(screen.getByLabelText(/^Razão social/), 'Frota Azul Ltda');
    await user.type(screen.getByLabelText(/^CNPJ/), '11222333000181');
    await fillPessoaFisicaAsResponsavel(user);
    await waitFor(() => expect(continuar()).toBeEnabled());
    await user.click(continuar());
    expect(await screen.findByText(/cartão CNPJ ou contrato social/)).toBeInTheDocument();
    await user.upload(dropInput(), [doc('frente.jpg'), doc('verso.jpg')]);
    expect(await screen.findByText('2 de 3 documentos anexados')).toBeInTheDocument();
    expect(finalizar()).toBeDisabled();
    await user.upload(dropInput(), doc('cartao-cnpj.pdf', 'application/pdf'));
    expect(await screen.findByText('3 de 3 documentos anexados')).toBeInTheDocument();
    expect(finalizar()).toBeEnabled();
  });

  it("shows the server's message in the red snackbar and its field errors under the fields of the first step", async () => {
    stubApi({ post: { status: 409, body: { message: 'Já existe um cliente com este CPF.', errors: { cpf: 'CPF já cadastrado' } } } });
    renderPage();
    const user = setup();
    await fillPessoaFisica(user);
    await waitFor(() => expect(continuar()).toBeEnabled());
    await user.click(continuar());
    await user.upload(await screen.findByLabelText('Arraste os documentos aqui ou clique para escolher'), [doc('a.jpg'), doc('b.jpg')]);
    await waitFor(() => expect(finalizar()).toBeEnabled());
    await user.click(finalizar());
    await waitFor(() => expect(readNotices()).toContainEqual({ text: 'Já existe um cliente com este CPF.', type: 'error', duration: '' }));
    expect(await screen.findByLabelText(/^CPF/)).toHaveAccessibleDescription('CPF já cadastrado');
    expect(screen.getByLabelText(/^Nome completo/)).toHaveValue('Maria da Silva');
    expect(screen.queryByRole('heading', { name: 'Cadastro realizado com sucesso' })).not.toBeInTheDocument();
  });
});

async function fillPessoaFisicaAsResponsavel(user: ReturnType<typeof setup>) {
  await user.type(screen.getByLabelText(/^Nome do responsável/), 'João Souza');
  await user.type(screen.getByLabelText(/^CPF do responsável/), '52998224725');
  await user.type(screen.getByLabelText(/^Email/), 'frota@exemplo.com.br');
  await user.type(screen.getByLabelText(/^Celular/), '11987654321');
}
