import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionUser } from '../../src/authProvider';
import { i18nProvider } from '../../src/i18n';
import { translate } from '../../src/public/i18n';
import { isPublicPath, PublicApp } from '../../src/public/PublicApp';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The server as the pages before sign-in see it: nobody signed in, installed, one account. */
function fakeServer() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/v1/session' && init?.method === 'POST') {
      const form = new URLSearchParams(String(init.body));
      return form.get('password') === 'segredo'
        ? json(200, { id: 1, name: 'Ana', acesso: 1 })
        : json(401, { message: 'Login ou senha inválidos.' });
    }
    if (url === '/v1/session') return json(401, { message: 'Não autenticado.' });
    if (url === '/v1/install') return json(200, { status: true });
    return json(404, {});
  });
}

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

const renderAt = (path: string, loadApp = vi.fn(async () => undefined)) => {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PublicApp loadApp={loadApp} />
      <Where />
    </MemoryRouter>,
  );
  return loadApp;
};

describe('the public entry (no react-admin Admin before sign-in)', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    setSessionUser(null);
    server = fakeServer();
    vi.stubGlobal('fetch', server);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('serves /login, /install and /precadastro only', () => {
    for (const path of ['/login', '/install', '/precadastro', '/login/', '/static/contrato/abc123']) expect(isPublicPath(path)).toBe(true);
    for (const path of ['/', '/dashboard', '/loginx', '/usuarios', '/static/contrato/', '/contratos/1'])
      expect(isPublicPath(path)).toBe(false);
  });

  it('login: a refusal shows the server message in the snackbar; success posts the form to /v1/session, loads the app and goes to /dashboard', async () => {
    const loadApp = renderAt('/login');
    const entrar = await screen.findByRole('button', { name: 'Entrar' });
    expect(entrar).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Login ou e-mail'), ' ana@rastreio.test ');
    await userEvent.type(screen.getByLabelText('Senha'), 'errada{Enter}');
    expect(await screen.findByText('Login ou senha inválidos.')).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent('/login');

    await userEvent.clear(screen.getByLabelText('Senha'));
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo{Enter}');
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/dashboard'));
    expect(loadApp).toHaveBeenCalled();
    const post = server.mock.calls.filter(([url, init]) => url === '/v1/session' && init?.method === 'POST').at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(String(post[1]!.body)))).toEqual({ email: 'ana@rastreio.test', password: 'segredo' });
  });

  it('login of a browser already signed in goes to /dashboard; a server never installed sends the visitor to /install', async () => {
    setSessionUser({ id: 1, name: 'Ana' });
    renderAt('/login');
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/dashboard'));

    setSessionUser(null);
    server.mockImplementation(async (url: string) =>
      url === '/v1/install' ? json(200, { status: false }) : json(401, { message: 'Não autenticado.' }),
    );
    renderAt('/login');
    expect(await screen.findByRole('button', { name: 'Salva' })).toBeDisabled();
  });

  it('install: the first administrator, then /login with the success message in the snackbar', async () => {
    let installed = false;
    server.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/v1/install' && init?.method === 'POST') {
        installed = true;
        return json(201, { id: 1 });
      }
      if (url === '/v1/install') return json(200, { status: installed });
      return json(401, { message: 'Não autenticado.' });
    });
    renderAt('/install');
    const salva = await screen.findByRole('button', { name: 'Salva' });
    await userEvent.type(screen.getByLabelText('Nome'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@rastreio.test');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
    await userEvent.type(screen.getByLabelText('Nome da empresa'), 'Rastro Sul');
    await userEvent.click(salva);
    expect(await screen.findByText('Instalação concluída. Entre com o seu e-mail e senha.')).toBeInTheDocument();
    expect(screen.getByLabelText('path')).toHaveTextContent('/login');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('translates like the app’s polyglot provider', () => {
    const cases: [string, Record<string, unknown>?][] = [
      ['app.login.submit'],
      ['ra.auth.sign_in_error'],
      ['Login ou senha inválidos.', { _: 'Login ou senha inválidos.' }],
      ['app.precadastro.privacy', { empresa: 'Frota Ltda' }],
      ['ra.navigation.no_more_results', { page: 3 }],
      ['resources.clientes.name', { smart_count: 0 }],
      ['resources.clientes.name', { smart_count: 1 }],
      ['resources.clientes.name', { smart_count: 2 }],
    ];
    for (const [key, options] of cases) expect(translate(key, options)).toBe(i18nProvider.translate(key, options));
  });
});
