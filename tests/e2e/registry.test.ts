/**
 * The registry in Chromium through `npm start`: a client, a vehicle for it, a tracker and a chip;
 * the chip connected to the tracker and the tracker to the vehicle, both lists reflecting it;
 * disconnecting; removing the free chip; a plan; and a pre-registration completed from the copied
 * link in a fresh browser context, found afterwards with its documents.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { PDF_MINIMAL, PNG_1PX } from '../support/files';
import { fillIn, fillPlano, openNew, screenOf } from './screens';
import { installAdmin, launchBrowser, shot, signIn, startApp, watchErrors, type RunningApp } from './support';

const ADMIN = { name: 'Ana Administradora', email: 'ana@rastreio.test', password: 'senha-forte-1' };
const CLIENTE = { name: 'Joaquim Registro Teste', cpf: generateCPF(), email: 'joaquim@exemplo.com.br' };
const VEICULO = { marca: 'Fiat', modelo: 'Strada', placa: 'RST1E23', renavan: '12345678901', chassi: '9BD11122233344455' };
const TRACKER = { imei: '356789012345678', modelo: 'GT06', marca: 'Coban' };
const CHIP = { phone: '11987650001', phoneShown: '(11) 98765-0001', iccid: '8955100000000000001', operadora: 'Vivo' };
const PRE = { name: 'Beatriz Pré Cadastro', cpf: generateCPF(), email: 'beatriz@exemplo.com.br', mobilePhone: '21988887777' };

describe('registry in Chromium, through npm start', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let files: string;
  const errors: string[] = [];

  const { dialog, open, row } = screenOf(() => page);
  const save = () =>
    dialog()
      .getByRole('button', { name: /^(salvar|salva)$/i })
      .click();
  /** A document in the dialog's Uploads: its picture, or its link when the browser shows none. */
  const documentShown = (name: string) =>
    dialog()
      .getByRole('img', { name })
      .or(dialog().getByRole('link', { name: `Abrir ${name}` }))
      .first()
      .waitFor();
  /** Salvar on a create dialog, and its success message. */
  const saveCreated = async () => {
    await save();
    await page.getByText('Cadastro realizado com sucesso').waitFor();
  };

  beforeAll(async () => {
    app = await startApp();
    await installAdmin(app, ADMIN);
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: app.url, viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    page = await context.newPage();
    watchErrors(page, errors);
    files = mkdtempSync(path.join(tmpdir(), 'rastreio-docs-'));
    writeFileSync(path.join(files, 'rg-frente.png'), PNG_1PX);
    writeFileSync(path.join(files, 'rg-verso.pdf'), PDF_MINIMAL);
    await signIn(page, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (files) rmSync(files, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });

  it('creates a client: FISICA and JURIDICA fields, the Acesso tab, the list columns', async () => {
    await open('Clientes', '/clientes');
    await openNew(page, 'Novo Cliente');
    await dialog().getByLabel('Pessoa jurídica').check();
    await dialog()
      .getByLabel(/^Razão social/)
      .waitFor();
    await dialog().getByLabel(/^CNPJ/).waitFor();
    await shot(page, 'registry-01-cliente-juridica');
    await dialog().getByLabel('Pessoa física').check();
    await dialog().getByLabel(/^CNPJ/).waitFor({ state: 'detached' });
    await fillIn(dialog(), [/^Nome/, CLIENTE.name], [/^CPF/, CLIENTE.cpf], [/^Email/, CLIENTE.email]);
    await dialog()
      .getByLabel(/^Celular/)
      .first()
      .fill('11912345678');
    await shot(page, 'registry-02-cliente-informacoes');
    await dialog().getByRole('tab', { name: 'Acesso' }).click();
    await dialog()
      .getByLabel(/^Login/)
      .fill('joaquim.app');
    await shot(page, 'registry-03-cliente-acesso');
    await saveCreated();
    await dialog().waitFor({ state: 'detached' });
    const cpf = CLIENTE.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    const client = row(new RegExp(CLIENTE.name));
    await client.getByRole('cell', { name: cpf }).waitFor();
    await client.getByRole('cell', { name: '00001' }).waitFor();
    await client.getByRole('cell', { name: 'Ativo' }).waitFor();
    await shot(page, 'registry-04-clientes');
  });

  it('a second client with the same CPF is refused: the message in the red snackbar and under the CPF field', async () => {
    await openNew(page, 'Novo Cliente');
    await fillIn(dialog(), [/^Nome/, 'Outro Joaquim'], [/^CPF/, CLIENTE.cpf], [/^Email/, 'outro@exemplo.com.br']);
    await save();
    const message = 'Já existe um cliente com este CPF.';
    await page.locator('.MuiSnackbar-root').getByText(message).waitFor();
    await expect.poll(() => dialog().getByLabel(/^CPF/).getAttribute('aria-invalid')).toBe('true');
    await dialog().locator('.MuiFormHelperText-root', { hasText: message }).waitFor();
    // The snackbar is aria-hidden behind the modal: the dialog repeats the message as an ARIA alert.
    await dialog().getByRole('alert').filter({ hasText: message }).waitFor();
    await shot(page, 'registry-04b-cliente-cpf-duplicado');
    await dialog().getByRole('button', { name: 'Fechar' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('on a 390 px phone /clientes shows each client as a card with its actions, without horizontal scroll', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open('Clientes', '/clientes');
      const card = page.getByRole('listitem').filter({ hasText: CLIENTE.name });
      await card.getByRole('link', { name: 'Editar' }).waitFor();
      await card.getByRole('button', { name: 'Remover' }).waitFor();
      await expect.poll(() => page.getByRole('table').count()).toBe(0);
      const box = (await card.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeLessThan(160);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'registry-04c-clientes-celular');
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });

  it('the edit modal has Uploads once saved; a document lands in the gallery', async () => {
    await row(new RegExp(CLIENTE.name)).getByRole('link', { name: 'Editar' }).click();
    await dialog().getByText('Cliente', { exact: true }).first().waitFor();
    await dialog().getByRole('tab', { name: 'Uploads' }).click();
    await dialog().locator('input[type=file]').setInputFiles(path.join(files, 'rg-frente.png'));
    await page.getByText('Informações incluídas com sucesso').waitFor();
    await documentShown('rg-frente.png');
    await shot(page, 'registry-05-cliente-uploads');
    await dialog().getByRole('button', { name: 'Fechar' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('creates a vehicle for the client through its Cliente tab', async () => {
    await open('Veículos', '/veiculos');
    await openNew(page, 'Novo Veículo');
    await expect.poll(() => dialog().getByRole('tab', { name: 'Rastreador' }).count()).toBe(0);
    await dialog()
      .getByRole('combobox', { name: /Categoria/ })
      .click();
    await page.getByRole('option', { name: 'Carro' }).click();
    await fillIn(
      dialog(),
      [/^Marca/, VEICULO.marca],
      [/^Modelo/, VEICULO.modelo],
      [/^Placa/, VEICULO.placa.toLowerCase()],
      [/^Renavam/, VEICULO.renavan],
      [/^Chassi/, VEICULO.chassi],
    );
    await shot(page, 'registry-06-veiculo-informacoes');
    await dialog().getByRole('tab', { name: 'Cliente' }).click();
    const search = dialog().getByLabel('Nome, CPF/CNPJ, e-mail ou telefone');
    await search.fill('ninguem com este nome');
    await dialog().getByRole('button', { name: 'Procurar' }).click();
    await dialog().getByText('Cliente não encontrado').waitFor();
    await search.fill('');
    await dialog().getByRole('button', { name: 'Procurar' }).click();
    await dialog().getByText('ok', { exact: true }).waitFor();
    await search.fill('joaquim registro');
    await dialog().getByRole('button', { name: 'Procurar' }).click();
    await dialog()
      .getByRole('button', { name: new RegExp(CLIENTE.name) })
      .click();
    await dialog().getByRole('region', { name: 'Cliente do veículo' }).getByText(CLIENTE.name).waitFor();
    await shot(page, 'registry-07-veiculo-cliente');
    await saveCreated();
    await dialog().waitFor({ state: 'detached' });
    await row(new RegExp(VEICULO.placa)).getByRole('cell', { name: CLIENTE.name }).waitFor();
    await row(new RegExp(VEICULO.placa))
      .getByRole('cell', { name: `${VEICULO.marca} ${VEICULO.modelo}` })
      .waitFor();
    await shot(page, 'registry-08-veiculos');
  });

  it('creates a tracker and a chip; the chip is Livre', async () => {
    await open('Rastreadores', '/rastreadores');
    await openNew(page, 'Novo Rastreador');
    await fillIn(dialog(), [/^IMEI/, TRACKER.imei], [/^Modelo/, TRACKER.modelo], [/^Marca/, TRACKER.marca]);
    await shot(page, 'registry-09-rastreador-novo');
    await saveCreated();
    await row(new RegExp(TRACKER.imei)).getByLabel('Sem veículo').waitFor();

    await open('Chips', '/chips');
    await openNew(page, 'Novo Chip');
    await fillIn(dialog(), [/^Número/, CHIP.phone], [/^ICCID/, CHIP.iccid], [/^Operadora/, CHIP.operadora]);
    await shot(page, 'registry-10-chip-novo');
    await saveCreated();
    await row(new RegExp(CHIP.iccid)).getByText('Livre').waitFor();
    await expect.poll(() => row(new RegExp(CHIP.iccid)).getByRole('button', { name: 'Remover' }).count()).toBe(1);
  });

  it('connects the chip to the tracker (tab Chips) and the tracker to the vehicle (tab Rastreador); the lists show both', async () => {
    await open('Rastreadores', '/rastreadores');
    await row(new RegExp(TRACKER.imei)).getByRole('link', { name: 'Editar' }).click();
    await dialog().getByRole('tab', { name: 'Chips' }).click();
    await dialog()
      .getByRole('button', { name: `Conectar o chip ${CHIP.phoneShown}` })
      .click();
    await dialog().getByRole('region', { name: 'Chip conectado' }).getByText(CHIP.iccid).waitFor();
    await shot(page, 'registry-11-rastreador-chips');
    await dialog().getByRole('button', { name: 'Fechar' }).click();
    await row(new RegExp(TRACKER.imei)).getByRole('cell', { name: CHIP.phoneShown }).waitFor();

    await open('Veículos', '/veiculos');
    await row(new RegExp(VEICULO.placa)).getByRole('link', { name: 'Editar' }).click();
    await dialog().getByRole('tab', { name: 'Rastreador' }).click();
    await dialog().getByLabel('IMEI, modelo, marca ou chip').fill(TRACKER.imei);
    await dialog().getByRole('button', { name: 'Procurar' }).click();
    await dialog().getByRole('button', { name: 'Conectar' }).click();
    await page.getByText('Informações atualizadas com sucesso').first().waitFor();
    await dialog().getByRole('region', { name: 'Rastreador conectado' }).getByText(TRACKER.imei).waitFor();
    await shot(page, 'registry-12-veiculo-rastreador');
    await dialog().getByRole('tab', { name: 'Uploads' }).click();
    await shot(page, 'registry-13-veiculo-uploads');
    await dialog().getByRole('button', { name: 'Fechar' }).click();

    await open('Rastreadores', '/rastreadores');
    const tracker = row(new RegExp(TRACKER.imei));
    await tracker.getByLabel('Vinculado a um veículo').waitFor();
    await tracker.getByText(new RegExp(VEICULO.placa)).waitFor();
    await shot(page, 'registry-14-rastreadores-vinculado');
    await open('Chips', '/chips');
    await row(new RegExp(CHIP.iccid))
      .getByText(new RegExp(`Em uso.*${TRACKER.imei}`))
      .waitFor();
    // A chip in use offers no removal.
    await expect.poll(() => row(new RegExp(CHIP.iccid)).getByRole('button', { name: 'Remover' }).count()).toBe(0);
    await shot(page, 'registry-15-chips-em-uso');
  });

  it('disconnects both links, then removes the free chip through the snackbar', async () => {
    await open('Veículos', '/veiculos');
    await row(new RegExp(VEICULO.placa)).getByRole('link', { name: 'Editar' }).click();
    await dialog().getByRole('tab', { name: 'Rastreador' }).click();
    await dialog().getByRole('button', { name: 'Desconectar' }).click();
    await dialog().getByText('Nenhum rastreador conectado a este veículo.').waitFor();
    await dialog().getByRole('button', { name: 'Fechar' }).click();

    await open('Rastreadores', '/rastreadores');
    await row(new RegExp(TRACKER.imei)).getByLabel('Sem veículo').waitFor();
    await row(new RegExp(TRACKER.imei)).getByRole('link', { name: 'Editar' }).click();
    await dialog().getByRole('tab', { name: 'Chips' }).click();
    await dialog().getByRole('region', { name: 'Chip conectado' }).getByRole('button', { name: 'Desconectar' }).click();
    await dialog()
      .getByRole('button', { name: `Conectar o chip ${CHIP.phoneShown}` })
      .waitFor();
    await dialog().getByRole('button', { name: 'Fechar' }).click();

    await open('Chips', '/chips');
    const chip = row(new RegExp(CHIP.iccid));
    await chip.getByText('Livre').waitFor();
    await chip.getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Remover item?').waitFor();
    await page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Remover' }).first().click();
    await chip.waitFor({ state: 'detached' });
    await shot(page, 'registry-16-chips-removido');
  });

  it('creates a plan shown in reais', async () => {
    await open('Planos', '/planos');
    await openNew(page, 'Novo Plano');
    await fillPlano(dialog(), ['Plano Essencial', 'Rastreamento 24 h com aplicativo', '1', '49,90', '19,90']);
    await shot(page, 'registry-17-plano-novo');
    await saveCreated();
    await row(/Plano Essencial/)
      .getByRole('cell', { name: 'R$ 49,90' })
      .waitFor();
    await row(/Plano Essencial/)
      .getByRole('cell', { name: 'R$ 19,90' })
      .waitFor();
    await shot(page, 'registry-18-planos');
  });

  it('a pre-registration from the copied link, in a fresh browser: the client and its documents appear', async () => {
    await open('Clientes', '/clientes');
    await page.getByRole('button', { name: 'Link Pré-Cadastro' }).click();
    await page.getByText('Link copiado para a área de transferência!').waitFor();
    const link: string = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${app.url}/precadastro\\?token=[\\w-]+$`));

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR', isMobile: true });
    // A wrong token gets a clear page, not a form (its 404 is expected, so this page is not watched).
    const wrong = await visitor.newPage();
    await wrong.goto(`${app.url}/precadastro?token=errado`);
    await wrong.getByText('Link de pré-cadastro inválido').first().waitFor();
    await expect.poll(() => wrong.getByRole('button', { name: 'Continuar' }).count()).toBe(0);
    await shot(wrong, 'registry-19-precadastro-invalido');
    await wrong.close();

    const pre = await visitor.newPage();
    const visitorErrors: string[] = [];
    watchErrors(pre, visitorErrors);
    const scripts: string[] = [];
    pre.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await pre.goto(link);
    const continuar = pre.getByRole('button', { name: 'Continuar' });
    await continuar.waitFor();
    // The public entry serves the page: react-admin's inputs, not the Admin, its shell and resources.
    expect(scripts.filter((p) => /^\/assets\/App-[\w-]+\.js$/.test(p))).toEqual([]);
    await expect.poll(() => continuar.isDisabled()).toBe(true);
    await pre.getByLabel(/^Nome completo/).fill(PRE.name);
    await pre.getByLabel(/^CPF/).fill(PRE.cpf);
    await pre.getByLabel(/^Email/).fill(PRE.email);
    await expect.poll(() => continuar.isDisabled()).toBe(true);
    await pre.getByLabel(/^Celular/).fill(PRE.mobilePhone);
    await expect.poll(() => continuar.isDisabled()).toBe(false);
    await shot(pre, 'registry-20-precadastro-informacoes');
    await continuar.click();
    const finalizar = pre.getByRole('button', { name: 'Finalizar' });
    await finalizar.waitFor();
    await expect.poll(() => finalizar.isDisabled()).toBe(true);
    await pre.locator('input[type=file]').setInputFiles(path.join(files, 'rg-frente.png'));
    await pre.getByText('1 de 2 documentos anexados').waitFor();
    await expect.poll(() => finalizar.isDisabled()).toBe(true);
    await pre.locator('input[type=file]').setInputFiles(path.join(files, 'rg-verso.pdf'));
    await pre.getByText('2 de 2 documentos anexados').waitFor();
    await expect.poll(() => finalizar.isDisabled()).toBe(false);
    await shot(pre, 'registry-21-precadastro-documentos');
    await finalizar.click();
    await pre.getByText('Cadastro realizado com sucesso').first().waitFor();
    await shot(pre, 'registry-22-precadastro-concluido');
    expect(visitorErrors, visitorErrors.join('\n')).toEqual([]);
    await visitor.close();

    await page.getByLabel('Pesquisar').fill('beatriz pre');
    await page.getByRole('button', { name: 'Procurar' }).click();
    await row(new RegExp(PRE.name)).getByRole('link', { name: 'Editar' }).click();
    await dialog().getByRole('tab', { name: 'Uploads' }).click();
    await dialog().getByRole('link', { name: 'Abrir rg-verso.pdf' }).waitFor();
    await documentShown('rg-frente.png');
    await shot(page, 'registry-23-precadastro-no-cliente');
  });
});
