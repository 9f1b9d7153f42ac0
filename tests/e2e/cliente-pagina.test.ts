/**
 * One page per client and one search box (DESIGN 10) in Chromium, through `npm start`: a client
 * found by its formatted CPF from the top bar, its page with its vehicle, contract, charge and
 * order, a charge created from it, its messages opened from the page (issue 24), an address filled
 * from a CEP (against the local ViaCEP), and the same search and page at a phone's width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { addDays } from '../../domain/calendar';
import { formatNumero } from '../../domain/formatters';
import { startViaCepFake, type ViaCepFake } from '../fakes/viacep';
import { brDate, shot, startApp, type RunningApp } from './support';
import { closeAll, signedInBrowser, signedInPhone } from './session';

const ADMIN = { name: 'Ana Administradora', email: 'ana@rastreio.test', password: 'senha-forte-1' };
const CPF = generateCPF();
const CPF_FORMATADO = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;
const NOME = 'Heloísa Página Teste';

describe('the client page and the search box in Chromium, through npm start', () => {
  let app: RunningApp;
  let viacep: ViaCepFake;
  let browser: Browser, context: BrowserContext, page: Page;
  const errors: string[] = [];
  const ids = {} as { cliente: number; veiculo: number; contrato: number; cobranca: number; ordem: number };

  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  const search = (target: Page) => target.getByLabel('Buscar em todo o sistema');

  beforeAll(async () => {
    viacep = await startViaCepFake();
    app = await startApp({ VIACEP_URL: viacep.url });
    ({ browser, context, page } = await signedInBrowser(app, ADMIN, errors));
    // A client with a vehicle and its tracker, a contract, a charge and a service order.
    const cliente = await post('/v1/clientes', {
      cadastro: 'FISICA',
      name: NOME,
      cpf: CPF,
      email: 'heloisa@exemplo.com.br',
      mobilePhone: '11987654321',
    });
    const veiculo = await post('/v1/veiculos', {
      idcliente: cliente.id,
      category: 'car',
      marca: 'Fiat',
      modelo: 'Toro',
      placa: 'PGN2A34',
      renavan: '12345678901',
      chassi: '9BD11122233344455',
    });
    const tracker = await post('/v1/trackres', { imei: '356789000111222', modelo: 'GT06', marca: 'Coban', idveiculo: veiculo.id });
    const plano = await post('/v1/planos', {
      name: 'Plano Ouro',
      descricao: 'Rastreamento com app',
      limtdispositivos: 1,
      valor: 59.9,
      valoradd: 0,
    });
    const contrato = await post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id });
    const cobranca = await post('/v1/cobrancas', {
      idcliente: cliente.id,
      descricao: 'Mensalidade de teste',
      valor: 59.9,
      duedate: addDays(new Date().toISOString().slice(0, 10), 10),
    });
    const ordem = await post('/v1/ordensservicos', {
      idcliente: cliente.id,
      idveiculo: veiculo.id,
      iddevice: tracker.id,
      descricao: 'Instalação na Toro',
    });
    Object.assign(ids, { cliente: cliente.id, veiculo: veiculo.id, contrato: contrato.id, cobranca: cobranca.id, ordem: ordem.id });
  });
  afterAll(async () => {
    await closeAll(browser, app, viacep);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('finds the client by a formatted CPF from the top bar and opens its page with every section', async () => {
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // `/` anywhere focuses the box; the results are grouped by kind; Enter opens the first.
    await page.keyboard.press('/');
    await page.keyboard.type(CPF_FORMATADO);
    const listbox = page.getByRole('listbox');
    await listbox
      .getByRole('option', { name: new RegExp(NOME) })
      .first()
      .waitFor();
    await listbox.getByText('Clientes', { exact: true }).waitFor();
    await shot(page, 'cliente-01-busca');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/clientes/${ids.cliente}/show`);
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();

    const section = (name: string) => page.getByRole('region', { name });
    await section('Veículos')
      .getByText(/PGN2A34/)
      .waitFor();
    await section('Veículos').getByText('Rastreador 356789000111222').waitFor();
    await section('Contratos').getByRole('link', { name: 'Link público do contrato' }).waitFor();
    await section('Cobranças')
      .getByText(/Mensalidade de teste/)
      .waitFor();
    await section('Ordens de serviço')
      .getByText(/Instalação na Toro/)
      .waitFor();
    await section('Em aberto').getByText('R$ 59,90').waitFor();
    await shot(page, 'cliente-02-pagina');

    // Each section opens its list filtered by the client.
    await section('Veículos').getByRole('link', { name: 'Ver todos' }).click();
    await page.waitForURL(/\/veiculos\?filter=/);
    await page.getByRole('row', { name: /PGN2A34/ }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.goBack();
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
  });

  it('creates a charge from the page, for this client', async () => {
    await page.getByRole('link', { name: 'Nova cobrança', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(NOME).waitFor();
    await dialog.getByLabel(/^Descrição/).fill('Taxa de instalação');
    await dialog.getByLabel(/^Valor/).fill('120,00');
    await dialog.getByLabel(/^Vencimento/).fill(brDate(addDays(new Date().toISOString().slice(0, 10), 5)));
    await dialog.getByRole('button', { name: /^salvar$/i }).click();
    await dialog.waitFor({ state: 'detached' });
    // Saved, the dialog returns to the client's page, which shows the new charge.
    await page.waitForURL(`**/clientes/${ids.cliente}/show`);
    await page
      .getByRole('region', { name: 'Cobranças' })
      .getByText(/Taxa de instalação/)
      .waitFor();
    const reply = await (await page.request.get(`/v1/clientes/${ids.cliente}/resumo`)).json();
    expect(reply.cobrancas.total).toBe(2);
    expect(reply.cobrancas.totais.abertas).toEqual({ qnt: 2, valor: 179.9 });
  });

  it("opens the client's messages from its page: each with its client, its charge and its text on demand", async () => {
    await page.goto(`/clientes/${ids.cliente}/show`);
    const section = page.getByRole('region', { name: 'Mensagens enviadas' });
    // Two charges, two novacobranca alerts (ignored: WhatsApp is not active here).
    await section.getByLabel('2 no total').waitFor();
    await section.getByRole('link', { name: 'Ver todas' }).click();
    await page.waitForURL(`**/mensagens?idcliente=${ids.cliente}`);
    await page.getByRole('heading', { name: 'Mensagens', level: 1 }).waitFor();
    await page.getByText(`Cliente: ${NOME}`).waitFor();
    const rows = page.getByRole('row').filter({ hasText: 'Nova cobrança' });
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    const row = rows.filter({ has: page.getByRole('link', { name: `Cobrança ${formatNumero(ids.cobranca)}` }) });
    await row.getByText('Ignorada').waitFor();
    await row.getByText('A integração com o WhatsApp não está ativa.').waitFor();
    await row.getByText('(11) 98765-4321').waitFor();
    // The text on demand: the alert as it would have gone, with the charge's description and value.
    await row.getByRole('button', { name: 'Ver texto' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Mensalidade de teste/).waitFor();
    await dialog.getByText(/R\$ 59,90/).waitFor();
    await shot(page, 'cliente-06-mensagens');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Filtered by status: none of this client's messages was sent.
    await page.getByLabel('Situação').selectOption('enviada');
    await page.getByRole('cell', { name: 'Nenhum registro encontrado.' }).waitFor();
    await page.getByLabel('Situação').selectOption('');
    // Each row opens its charge's page and its client's page.
    await row.getByRole('link', { name: `Cobrança ${formatNumero(ids.cobranca)}` }).click();
    await page.waitForURL(`**/cobrancas/${ids.cobranca}`);
    await page.goBack();
    await row.getByRole('link', { name: NOME }).click();
    await page.waitForURL(`**/clientes/${ids.cliente}/show`);
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
  });

  it('fills the address from a CEP in the client form, leaving the fields editable', async () => {
    await page.goto(`/clientes/${ids.cliente}/show`);
    await page.getByRole('link', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog');
    const cep = dialog.getByLabel('CEP');
    await cep.fill('01001-000');
    await dialog.getByText('Endereço preenchido pelo CEP. Confira e complete.').waitFor();
    await expect.poll(() => dialog.getByLabel('Endereço', { exact: true }).inputValue()).toBe('Praça da Sé');
    await expect.poll(() => dialog.getByLabel('Bairro').inputValue()).toBe('Sé');
    await expect.poll(() => dialog.getByLabel('Cidade').inputValue()).toBe('São Paulo');
    await expect.poll(() => dialog.getByLabel('UF').inputValue()).toBe('SP');
    await shot(page, 'cliente-03-cep');
    // An unknown CEP changes nothing and says so quietly.
    const unknown = page.waitForResponse((response) => response.url().endsWith('/v1/cep/99999999'));
    await cep.fill('99999-999');
    expect((await unknown).status()).toBe(404);
    await dialog.getByText('CEP não encontrado: preencha o endereço.').waitFor();
    // That 404 is the answer this step expects, not an error of the page.
    const expected = errors.findIndex((error) => error.includes('status of 404'));
    if (expected >= 0) errors.splice(expected, 1);
    await expect.poll(() => dialog.getByLabel('Endereço', { exact: true }).inputValue()).toBe('Praça da Sé');
    await dialog.getByLabel('Endereço', { exact: true }).fill('Praça da Sé, lado par');
    await expect.poll(() => dialog.getByLabel('Endereço', { exact: true }).inputValue()).toBe('Praça da Sé, lado par');
  });

  it('works at a phone width: the search box and the page', async () => {
    const { phone, mobile } = await signedInPhone(browser, context, app, errors);
    await mobile.goto('/dashboard');
    await search(mobile).fill('PGN-2A34');
    await mobile.getByRole('option', { name: /PGN2A34/ }).waitFor();
    await shot(mobile, 'cliente-04-busca-celular');
    await search(mobile).fill('');
    await search(mobile).fill(CPF);
    await mobile
      .getByRole('option', { name: new RegExp(NOME) })
      .first()
      .click();
    await mobile.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    await mobile
      .getByRole('region', { name: 'Cobranças' })
      .getByText(/Taxa de instalação/)
      .waitFor();
    // Nothing wider than the screen.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(mobile, 'cliente-05-pagina-celular');
    // Its messages as cards, each with the client's and the charge's links, nothing wider than the screen.
    await mobile.getByRole('region', { name: 'Mensagens enviadas' }).getByRole('link', { name: 'Ver todas' }).click();
    await mobile.waitForURL(`**/mensagens?idcliente=${ids.cliente}`);
    const cards = mobile.getByRole('listitem').filter({ hasText: 'Nova cobrança' });
    await expect.poll(() => cards.count()).toBe(2);
    await cards.first().getByRole('link', { name: NOME }).waitFor();
    await cards
      .first()
      .getByRole('link', { name: /^Cobrança \d+$/ })
      .waitFor();
    await expect.poll(() => mobile.getByRole('table').count()).toBe(0);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(mobile, 'cliente-07-mensagens-celular');
    await phone.close();
  });
});
