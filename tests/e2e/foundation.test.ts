import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG_1PX } from '../support/files';
import { launchBrowser, shot, startApp, watchErrors, type RunningApp } from './support';

const ADMIN = { name: 'Ana Administradora', email: 'ana@rastreio.test', password: 'senha-forte-1' };
const EMPRESA = 'Rastro Sul Rastreamento';
const USUARIO = { name: 'Bruno Operador', cpf: generateCPF(), email: 'bruno@rastreio.test', login: 'bruno', password: 'senha-bruno' };

describe('foundation in Chromium, through npm start', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: app.url, viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
    page = await context.newPage();
    watchErrors(page, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opening / logged out reaches the login without a redirect loop, and a fresh install goes to /install', async () => {
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await page.goto('/');
    await page.waitForURL('**/install');
    await page.waitForTimeout(1000);
    // A redirect loop makes thousands; / → /login → /install takes a handful.
    expect(navigations).toBeLessThan(10);
    expect(new URL(page.url()).pathname).toBe('/install');
  });

  it("installs the first administrator and the company: Salva waits for the company's name, e-mail and password, then /login; /install again goes to /login", async () => {
    const salva = page.getByRole('button', { name: 'Salva' });
    await expect.poll(() => salva.isDisabled()).toBe(true);
    await page.getByLabel('Nome', { exact: true }).fill(ADMIN.name);
    await page.getByLabel('Email').fill(ADMIN.email);
    await expect.poll(() => salva.isDisabled()).toBe(true);
    await page.getByLabel('Senha').fill(ADMIN.password);
    await expect.poll(() => salva.isDisabled()).toBe(true);
    await page.getByLabel('Nome da empresa').fill(EMPRESA);
    await page.getByLabel('CNPJ (opcional)').fill('11.222.333/0001-81');
    await expect.poll(() => salva.isDisabled()).toBe(false);
    await shot(page, '01-install');
    await salva.click();
    await page.waitForURL('**/login');
    await page.goto('/install');
    await page.waitForURL('**/login');
  });

  it('login: the button waits for both fields, a wrong password shows the server message, Enter signs in', async () => {
    const entrar = page.getByRole('button', { name: 'Entrar' });
    await expect.poll(() => entrar.isDisabled()).toBe(true);
    await page.getByLabel('Login ou e-mail').fill(ADMIN.email);
    await expect.poll(() => entrar.isDisabled()).toBe(true);
    await page.getByLabel('Senha').fill('errada');
    await expect.poll(() => entrar.isDisabled()).toBe(false);
    await entrar.click();
    await page.getByText('Login ou senha inválidos.').waitFor();
    await shot(page, '02-login-error');
    await page.getByLabel('Senha').fill(ADMIN.password);
    await page.getByLabel('Senha').press('Enter');
    await page.waitForURL('**/dashboard');
  });

  it("the company named at install heads the payment page a client opens; the dashboard's first steps show it done", async () => {
    const passos = page.getByRole('region', { name: 'Primeiros passos' });
    await passos.getByText('1 de 6 concluídos').waitFor();
    expect(await passos.getByRole('link', { name: /Dados da empresa/ }).getAttribute('data-feito')).toBe('sim');
    expect(await passos.getByRole('link', { name: /Primeiro cliente/ }).getAttribute('data-feito')).toBe('nao');
    await shot(page, '02b-primeiros-passos');
    const post = async (url: string, data: object) => {
      const reply = await page.request.fetch(url, { method: 'POST', data, headers: { 'content-type': 'application/json' } });
      expect(reply.status(), await reply.text()).toBe(201);
      return reply.json();
    };
    const cliente = await post('/v1/clientes', {
      cadastro: 'FISICA',
      name: 'Paula Pagante',
      cpf: generateCPF(),
      email: 'paula@exemplo.com.br',
      mobilePhone: '11987650002',
    });
    const cobranca = await post('/v1/cobrancas', {
      idcliente: cliente.id,
      descricao: 'Mensalidade',
      valor: 99.9,
      duedate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    const visitor = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    try {
      const pagamento = await visitor.newPage();
      await pagamento.goto(`/static/cobranca/${cobranca.token}`);
      await pagamento.getByRole('heading', { level: 1, name: EMPRESA }).waitFor();
      await pagamento.getByText(/CNPJ 11\.222\.333\/0001-81/).waitFor();
      await shot(pagamento, '02c-pagamento-empresa');
    } finally {
      await visitor.close();
    }
  });

  it('the dashboard shows the four counts from the API and the two lists', async () => {
    for (const card of ['Clientes', 'Veículos', 'Clientes Vencidos', 'Clientes Bloqueados']) {
      await page
        .getByRole('region', { name: card, exact: true })
        .or(page.getByText(card, { exact: true }).first())
        .first()
        .waitFor();
    }
    await page.getByText('Nenhuma cobrança por enquanto.').waitFor();
    await page.getByText('Nenhuma ordem de serviço agendada.').waitFor();
    await shot(page, '03-dashboard');
  });

  it('an administrator creates a user in the modal, finds it by search and removes it through the snackbar', async () => {
    await page.getByRole('navigation').getByText('Configurações').hover();
    await page.getByRole('menuitem', { name: 'Usuários' }).click();
    await page.waitForURL('**/usuarios');
    await page
      .getByRole('link', { name: 'Novo' })
      .or(page.getByRole('button', { name: 'Novo' }))
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Novo Usuário').waitFor();
    await dialog.getByLabel('Nome').fill(USUARIO.name);
    // The shared zod schema checks the CPF in the browser before anything is sent.
    await dialog.getByLabel('CPF/CNPJ').fill('111.111.111-11');
    await dialog.getByLabel('Email').fill(USUARIO.email);
    await dialog.getByLabel('Login').fill(USUARIO.login);
    await dialog.getByLabel(/^Senha/).fill(USUARIO.password);
    await dialog.getByRole('combobox', { name: 'Acesso' }).click();
    await page.getByRole('option', { name: 'Usuário' }).click();
    await dialog.getByRole('button', { name: /salvar/i }).click();
    await dialog.getByText('CPF inválido').waitFor();
    // In the red snackbar, and repeated as an alert inside the dialog (the page behind it is aria-hidden).
    await page.locator('.MuiSnackbar-root').getByText('O formulário tem erros. Corrija os campos destacados.').waitFor();
    await dialog.getByRole('alert').getByText('O formulário tem erros. Corrija os campos destacados.').waitFor();
    await shot(page, '04-user-create-invalid');
    await dialog.getByLabel('CPF/CNPJ').fill(USUARIO.cpf);
    // The server's refusal shows in the red snackbar and under the field: the administrator's e-mail is taken.
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByRole('button', { name: /salvar/i }).click();
    await page.locator('.MuiSnackbar-root').getByText('Já existe um usuário com este e-mail.').waitFor();
    await dialog.locator('.MuiFormHelperText-root', { hasText: 'Já existe um usuário com este e-mail.' }).waitFor();
    await dialog.getByLabel('Email').fill(USUARIO.email);
    await shot(page, '04-user-create');
    await dialog.getByRole('button', { name: /salvar/i }).click();
    await page.getByText('Cadastro realizado com sucesso').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Find it by search (accent- and case-insensitive), then reset with Todos.
    await page.getByLabel('Pesquisar').fill('bruno OPERADOR');
    await page.getByRole('button', { name: 'Procurar' }).click();
    await page.getByRole('cell', { name: USUARIO.name }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await shot(page, '05-users-search');
    await page.getByRole('button', { name: 'Todos' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(3);

    // Open it: the edit modal has the four tabs.
    await page
      .getByRole('row', { name: new RegExp(USUARIO.name) })
      .getByRole('link', { name: 'Editar' })
      .click();
    for (const tab of ['Informações', 'Endereço', 'Acesso', 'Uploads'])
      await page.getByRole('dialog').getByRole('tab', { name: tab }).waitFor();
    await shot(page, '06-user-edit');
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // User 1 has no remove; the new one does, confirmed by the snackbar.
    expect(
      await page
        .getByRole('row', { name: new RegExp(ADMIN.name) })
        .getByRole('button', { name: 'Remover' })
        .count(),
    ).toBe(0);
    await page
      .getByRole('row', { name: new RegExp(USUARIO.name) })
      .getByRole('button', { name: 'Remover' })
      .click();
    await page.getByText('Remover item?').waitFor();
    await shot(page, '07-remove-snackbar');
    await page.getByRole('alert').or(page.locator('.MuiSnackbar-root')).getByRole('button', { name: 'Remover' }).first().click();
    await page.getByRole('cell', { name: USUARIO.name }).waitFor({ state: 'detached' });
  });

  it('the integration screens open inside the shell; unknown routes show not found', async () => {
    await page.goto('/integrations/traccar');
    await page.getByRole('heading', { name: 'Traccar', level: 1 }).waitFor();
    await page.getByRole('navigation').waitFor();
    // The second spelling of the service orders path opens their screen (SPEC 2.1).
    await page.goto('/odensservicos');
    await page.getByRole('heading', { name: 'Ordens de Serviço', level: 1 }).waitFor();
    await page.waitForURL(/\/ordensservicos(\?|$)/);
    await page.goto('/nao-existe');
    await page
      .getByText(/não encontrada/i)
      .first()
      .waitFor();
    await shot(page, '08-not-found');
    await page.goto('/settings/perfil/');
    await page.getByRole('heading', { name: 'Meu perfil' }).first().waitFor();
    await shot(page, '09-profile');
  });

  it('the profile photo and a user’s documents are sent through their drop zones', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rastreio-files-'));
    const photo = path.join(dir, 'foto.png');
    const notImage = path.join(dir, 'notas.txt');
    writeFileSync(photo, PNG_1PX);
    writeFileSync(notImage, 'texto');

    await page.goto('/settings/perfil/');
    await page.getByRole('button', { name: 'Alterar foto do perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar foto' });
    const enviar = dialog.getByRole('button', { name: 'Enviar' });
    await expect.poll(() => enviar.isDisabled()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles(notImage);
    await page.getByText(/Arquivo notas\.txt recusado/).waitFor();
    await expect.poll(() => enviar.isDisabled()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles(photo);
    await dialog.getByText('foto.png').waitFor();
    await shot(page, '10-photo-dialog');
    await enviar.click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page.evaluate(() =>
          fetch('/v1/uploads?unid=1&documento=imgPerfil')
            .then((r) => r.json())
            .then((b) => b.meta.totalItens),
        ),
      )
      .toBe(1);

    await page.goto('/usuarios/1');
    await page.getByRole('dialog').getByRole('tab', { name: 'Uploads' }).click();
    await page.getByRole('dialog').locator('input[type=file]').setInputFiles(photo);
    await page.getByText('Informações incluídas com sucesso').waitFor();
    await page.getByRole('dialog').getByRole('link', { name: 'Abrir foto.png' }).waitFor();
    await shot(page, '11-user-uploads');
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Remover item?').waitFor();
    await page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Remover' }).click();
    await page.getByRole('dialog').getByText('Nenhum arquivo enviado.').waitFor();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a Usuario does not see Configurações and is sent away from /usuarios; logout ends the session', async () => {
    await page.goto('/dashboard');
    // Recreate the Usuario through the API as the administrator (the UI flow was covered above).
    const created = await page.evaluate(async (user) => {
      const response = await fetch('/v1/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...user, acesso: 2 }),
      });
      return response.status;
    }, USUARIO);
    expect(created).toBe(201);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => fetch('/v1/session').then((r) => r.status))).toBe(401);

    const other = await browser.newContext({ baseURL: app.url, viewport: { width: 1366, height: 900 } });
    const usuario = await other.newPage();
    watchErrors(usuario, errors);
    const scripts: string[] = [];
    usuario.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const appChunk = (path: string) => /^\/assets\/App-[\w-]+\.js$/.test(path);
    await usuario.goto('/login', { waitUntil: 'networkidle' });
    await usuario.getByLabel('Login ou e-mail').fill(USUARIO.login);
    // A fresh /login paints from the public entry: react-admin's Admin and the shell are not loaded yet.
    expect(scripts.filter(appChunk)).toEqual([]);
    await usuario.getByLabel('Senha').fill(USUARIO.password);
    await usuario.getByRole('button', { name: 'Entrar' }).click();
    await usuario.waitForURL('**/dashboard');
    expect(scripts.filter(appChunk)).toHaveLength(1);
    await usuario.getByRole('navigation').getByText('Financeiro').waitFor();
    await expect.poll(() => usuario.getByRole('navigation').getByText('Configurações').count()).toBe(0);
    await shot(usuario, '12-usuario-dashboard');
    await usuario.goto('/usuarios');
    await usuario.waitForURL((url) => url.pathname !== '/usuarios');
    await expect.poll(() => usuario.getByRole('cell', { name: ADMIN.name }).count()).toBe(0);
    await shot(usuario, '13-usuario-denied');
    await other.close();
  });

  it('raised no page errors', () => {
    if (errors.length) console.log(errors.join('\n'));
    expect(errors.join('\n')).toBe('');
  });
});
