/**
 * Finance in Chromium, through `npm start`: a plan; a contract made in its dialog, its document
 * (/contratos/{id}) and its public page (/static/contrato/{token}, in a fresh browser context),
 * both printed (window.print after 1 s); a subscription started from its client; a charge already
 * past due, so its client is Vencido; the charge sent while messaging is off (the server's message
 * in the red snackbar) and again once it is on ('Foi enviada com sucesso'); the charge's page
 * (sent again only after a confirmation); the charge paid (status 1), so its client is Ativo again;
 * /financeiro with its charts; the dashboard.
 * Screenshots of every screen and document, documents in print media too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { addDays } from '../../domain/calendar';
import { MSG } from '../../domain/messages';
import { clicksOf, printsOf, recordPrints, shot, startApp, watchErrors, type RunningApp } from './support';
import { emptyUploadsThenClose, fillIn, fillPlano, openNew, pickClient, screenOf } from './screens';
import { hoje } from './fixtures';
import { closeAllWithoutErrors, jsonApi, signedInBrowser } from './session';

const ADMIN = { name: 'Ana Financeira', email: 'ana@financeiro.test', password: 'senha-forte-1' };
const CLIENTE = {
  cadastro: 'FISICA',
  name: 'Carlos Pagador Teste',
  cpf: generateCPF(),
  email: 'carlos@exemplo.com.br',
  mobilePhone: '11987651234',
  address: 'Avenida Paulista',
  addressNumber: '1000',
  province: 'Bela Vista',
  cityandstate: 'São Paulo',
  uf: 'SP',
  postalCode: '01310100',
};
const ontem = () => addDays(hoje(), -1);
const brDate = (date: string) => date.split('-').reverse().join('/');

describe('finance in Chromium, through npm start', () => {
  let app: RunningApp;
  let browser: Browser, page: Page;
  let idcliente = 0;
  const errors: string[] = [];

  const { dialog, open, row, snackbar } = screenOf(() => page);
  const save = () => dialog().getByRole('button', { name: 'Salvar' }).click();
  /** Salvar on a create dialog, and its success message. */
  const saveCreated = async () => {
    await save();
    await page.getByText('Cadastro realizado com sucesso').waitFor();
  };
  const api = jsonApi(() => page);
  const pickCliente = () => pickClient(dialog(), 'Carlos Pagador', /Carlos Pagador Teste/);
  /** Imprimir: nothing at once, window.print about 1 s later. */
  const printsAfterOneSecond = async (target: Page) => {
    const before = (await printsOf(target)).length;
    await target.getByRole('button', { name: 'Imprimir' }).click();
    // Measured on the times the page stored, from the click to the print (not by looking right after
    // the click): a loaded machine only prints later, so the bound on the wait is generous.
    await target.waitForFunction((n) => (window as unknown as { __prints: number[] }).__prints.length > n, before, { timeout: 30_000 });
    const printedAt = (await printsOf(target)).at(-1)!;
    expect(printedAt - (await clicksOf(target)).at(-1)!).toBeGreaterThanOrEqual(950);
  };
  const printShot = async (target: Page, name: string) => {
    await target.emulateMedia({ media: 'print' });
    await shot(target, name);
    await target.emulateMedia({ media: 'screen' });
  };

  beforeAll(async () => {
    app = await startApp();
    ({ browser, page } = await signedInBrowser(app, ADMIN, errors, { prepare: recordPrints }));
    await api('PUT', '/v1/users/1', {
      dadosempresa: { nome: 'Rastreio Segurança Ltda', cnpj: '11222333000181', contato: '(11) 4000-1234' },
    });
    idcliente = (await api('POST', '/v1/clientes', CLIENTE)).id;
    await api('POST', '/v1/veiculos', {
      idcliente,
      category: 'car',
      marca: 'Fiat',
      modelo: 'Strada',
      ano: '2022',
      placa: 'FIN1A23',
      renavan: '12345678901',
      chassi: '9BD11122233344455',
      cor: 'Branca',
    });
  });
  afterAll(() => closeAllWithoutErrors(errors, browser, app));

  it('a plan for the contracts', async () => {
    await open('Planos', '/planos');
    await openNew(page, 'Novo Plano');
    await fillPlano(dialog(), ['Plano Frota', 'Rastreamento com bloqueio remoto', '3', '89,90', '29,90']);
    await saveCreated();
    await row(/Plano Frota/).waitFor();
  });

  it('a contract in its dialog: client, plan copied and edited, terms; the list shows it', async () => {
    await open('Contratos', '/contratos');
    await shot(page, 'financeiro-01-contratos-vazio');
    await openNew(page, 'Novo Contrato');
    await pickCliente();
    await shot(page, 'financeiro-02-contrato-cliente');
    await dialog().getByRole('tab', { name: 'Plano' }).click();
    await dialog()
      .getByRole('combobox', { name: /^Plano/ })
      .click();
    await page.getByRole('option', { name: /Rastreamento com bloqueio remoto/ }).click();
    const valor = dialog().getByLabel(/^Valor\s*\*?$/);
    await expect.poll(() => valor.inputValue()).toBe('89,90');
    await valor.fill('79,90');
    await shot(page, 'financeiro-03-contrato-plano');
    await dialog().getByRole('tab', { name: 'Termos' }).click();
    await dialog()
      .getByLabel(/^Termos do contrato/)
      .fill('1. O serviço de rastreamento é prestado 24 horas por dia.\n2. O pagamento é mensal, até o vencimento.');
    await shot(page, 'financeiro-04-contrato-termos');
    await saveCreated();
    const contrato = row(/Carlos Pagador Teste/);
    await contrato.getByRole('cell', { name: '00001' }).waitFor();
    await contrato.getByRole('cell', { name: 'Rastreamento com bloqueio remoto' }).waitFor();
    await contrato.getByRole('cell', { name: 'R$ 79,90' }).waitFor();
    await contrato.getByRole('cell', { name: 'Ativo' }).waitFor();
    await shot(page, 'financeiro-05-contratos');
    // Uploads once saved.
    await contrato.getByRole('link', { name: 'Editar' }).click();
    await dialog().getByText('Contrato', { exact: true }).waitFor();
    await emptyUploadsThenClose(dialog(), 'financeiro-06-contrato-uploads');
  });

  it('the contract’s document: company, client, vehicles, the real plan figures; Enviar refused while messaging is off; printed after 1 s', async () => {
    await row(/Carlos Pagador Teste/)
      .getByRole('link', { name: 'Abrir o contrato' })
      .click();
    await page.waitForURL('**/contratos/1');
    await page.getByText('Contrato nº 00001').waitFor();
    await page.getByText('Rastreio Segurança Ltda').first().waitFor();
    await page.getByRole('cell', { name: 'FIN1A23' }).waitFor();
    const plano = page.getByRole('region', { name: 'Plano contratado' });
    await plano.getByRole('cell', { name: 'R$ 79,90' }).waitFor();
    await plano.getByRole('cell', { name: '1', exact: true }).waitFor();
    // No shell around the document.
    await expect.poll(() => page.getByRole('navigation', { name: 'Menu principal' }).count()).toBe(0);
    await shot(page, 'financeiro-07-contrato-documento');
    await printShot(page, 'financeiro-08-contrato-documento-impressao');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await snackbar(MSG.messagingInactive).waitFor();
    await shot(page, 'financeiro-09-contrato-enviar-recusado');
    await printsAfterOneSecond(page);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/contratos');
  });

  it('the public contract page, in a fresh browser context: the same document with Imprimir; a wrong token shows no data', async () => {
    const { token } = await api('GET', '/v1/contratos/1');
    const visitor = await browser.newContext({ baseURL: app.url, viewport: { width: 1024, height: 900 }, locale: 'pt-BR' });
    await recordPrints(visitor);
    const publicPage = await visitor.newPage();
    watchErrors(publicPage, errors);
    await publicPage.goto(`/static/contrato/${token}`);
    await publicPage.getByText('Contrato nº 00001').waitFor();
    await publicPage.getByRole('cell', { name: 'FIN1A23' }).waitFor();
    await publicPage.getByText('Carlos Pagador Teste').first().waitFor();
    await expect.poll(() => publicPage.getByRole('button', { name: 'Enviar' }).count()).toBe(0);
    await shot(publicPage, 'financeiro-10-contrato-publico');
    await printShot(publicPage, 'financeiro-11-contrato-publico-impressao');
    await printsAfterOneSecond(publicPage);
    // A wrong token: the browser logs the 404 it was given, which is expected here.
    const wrong = await visitor.newPage();
    wrong.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await wrong.goto('/static/contrato/token-que-nao-existe');
    await wrong.getByRole('heading', { name: 'Contrato não encontrado' }).waitFor();
    await expect.poll(() => wrong.getByText('Carlos Pagador Teste').count()).toBe(0);
    await expect.poll(() => wrong.getByRole('button', { name: 'Imprimir' }).count()).toBe(0);
    await shot(wrong, 'financeiro-12-contrato-publico-invalido');
    await visitor.close();
  });

  it('a subscription: the client first, then its data and the recurrence', async () => {
    await open('Assinaturas Cobranças Recorrentes', '/assinaturas');
    await openNew(page, 'Nova Assinatura');
    await pickCliente();
    await expect.poll(() => dialog().getByLabel(/^CPF$/).inputValue()).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await fillIn(
      dialog(),
      [/^Descrição da cobrança/, 'Mensalidade do rastreamento'],
      [/^Valor/, '79,90'],
      [/^Próximo vencimento/, brDate(addDays(hoje(), 20))],
      [/^Multa/, '2'],
      [/^Juros ao mês/, '1'],
    );
    await shot(page, 'financeiro-13-assinatura-nova');
    await saveCreated();
    const assinatura = row(/Mensalidade do rastreamento/);
    await assinatura.getByRole('cell', { name: 'R$ 79,90' }).waitFor();
    await assinatura.getByRole('cell', { name: 'Ativa' }).waitFor();
    await assinatura.getByRole('cell', { name: brDate(hoje()) }).waitFor();
    await shot(page, 'financeiro-14-assinaturas');
  });

  it('a charge already past due makes its client Vencido; Enviar is refused while messaging is off, then sent', async () => {
    await open('Cobranças', '/cobrancas');
    await shot(page, 'financeiro-15-cobrancas');
    await openNew(page, 'Nova Cobrança');
    await pickCliente();
    await fillIn(dialog(), [/^Descrição/, 'Instalação do rastreador'], [/^Valor/, '150,00'], [/^Vencimento/, brDate(ontem())]);
    await shot(page, 'financeiro-16-cobranca-nova');
    await saveCreated();
    expect((await api('GET', `/v1/clientes/${idcliente}`)).status).toBe(2);

    // Past due: it is Vencida, outside the default Em Aberto filter.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Vencidas' });
    await page.getByLabel('Data inicial').fill(brDate(ontem()));
    const cobranca = row(/Instalação do rastreador/);
    await cobranca.getByRole('cell', { name: 'Vencida' }).waitFor();
    await page.getByRole('region', { name: 'Vencidas' }).getByText('R$ 150,00').waitFor();
    await shot(page, 'financeiro-17-cobrancas-vencidas');

    await cobranca.getByRole('button', { name: 'Enviar' }).click();
    await snackbar(MSG.messagingInactive).waitFor();
    await shot(page, 'financeiro-18-cobranca-enviar-recusado');

    await api('PUT', '/v1/users/1', {
      integrations: { whats: { server: 'http://127.0.0.1:9', instance: 'rastreio', token: 'chave-whats', status: 1 } },
    });
    await cobranca.getByRole('button', { name: 'Enviar' }).click();
    await snackbar('Foi enviada com sucesso').waitFor();
    await shot(page, 'financeiro-19-cobranca-enviada');
  });

  it('the charge’s page: the client, the charge and its updated value, Vencida; printed; Sair goes back', async () => {
    await row(/Instalação do rastreador/)
      .getByRole('link', { name: 'Abrir a cobrança' })
      .click();
    await page.waitForURL(/\/cobrancas\/\d+$/);
    await page.getByText('Vencida', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Valor atualizado' }).waitFor();
    await page.getByText(/Vencida há 1 dia/).waitFor();
    await shot(page, 'financeiro-20-cobranca-pagina');
    await printShot(page, 'financeiro-21-cobranca-pagina-impressao');
    await printsAfterOneSecond(page);
    // Sent from the list a moment ago: Enviar asks first, and sends again only on its Enviar.
    await page.getByRole('button', { name: 'Enviar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Enviar 1 cobrança por WhatsApp?' });
    await confirm
      .getByText(/^Esta cobrança foi enviada há (menos de 1 minuto|\d+ minutos?)\. O cliente receberá a mensagem de novo\.$/)
      .waitFor();
    await shot(page, 'financeiro-20b-cobranca-reenviar');
    await confirm.getByRole('button', { name: 'Enviar' }).click();
    await snackbar('Foi enviada com sucesso').waitFor();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(/\/cobrancas(\?.*)?$/);
  });

  it('the charge paid (status 1) puts its client back to Ativo', async () => {
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Todos' });
    await page.getByLabel('Data inicial').fill(brDate(ontem()));
    const cobranca = row(/Instalação do rastreador/);
    await cobranca.getByRole('link', { name: 'Editar' }).click();
    await dialog().getByText('Cobrança', { exact: true }).waitFor();
    await dialog()
      .getByRole('combobox', { name: /^Status/ })
      .click();
    await page.getByRole('option', { name: 'Recebida' }).click();
    await shot(page, 'financeiro-22-cobranca-paga');
    await save();
    await page.getByText('Informações atualizadas com sucesso').waitFor();
    await cobranca.getByRole('cell', { name: 'Recebida' }).waitFor();
    expect((await api('GET', `/v1/clientes/${idcliente}`)).status).toBe(0);
    await open('Clientes', '/clientes');
    await row(/Carlos Pagador Teste/)
      .getByRole('cell', { name: 'Ativo' })
      .waitFor();
    await shot(page, 'financeiro-23-cliente-ativo');
  });

  it('/financeiro: the month’s totals and the charts of the last 12 months', async () => {
    await open('Resumo financeiro', '/financeiro');
    await page
      .getByRole('region', { name: 'Total' })
      .getByText(/cobrança/)
      .waitFor();
    const mensal = page.getByRole('figure', { name: 'Recebido e vencido por mês' });
    await mensal.locator('svg').first().waitFor();
    await page.getByRole('figure', { name: 'Cobranças por situação (valor)' }).locator('svg').first().waitFor();
    await shot(page, 'financeiro-24-resumo');
  });

  it('the menu reaches Resumo, and the dashboard lists the open charges, each opening its page', async () => {
    const aberta = await api('POST', '/v1/cobrancas', {
      idcliente,
      descricao: 'Mensalidade avulsa',
      valor: 79.9,
      duedate: addDays(hoje(), 3),
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Cobranças' }).waitFor();
    // The row (its name holds the client's and the status), not the client's own link inside it.
    const linha = page.getByRole('link', { name: /Carlos Pagador Teste.*Em Aberto/ });
    await linha.getByText('Em Aberto').waitFor();
    await shot(page, 'financeiro-25-dashboard');
    await linha.click();
    await page.waitForURL(`**/cobrancas/${aberta.id}`);
    await page.getByText('Mensalidade avulsa').first().waitFor();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(/\/cobrancas(\?.*)?$/);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Financeiro' }).hover();
    await menu.getByRole('menuitem', { name: 'Resumo' }).click();
    await page.waitForURL('**/financeiro');
  });
});
