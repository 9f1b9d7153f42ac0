/**
 * Vehicles as contract items in Chromium, through `npm start` (DESIGN 11): a contract with one
 * vehicle; a second vehicle added on the contract's Itens tab, starting in the middle of the next
 * period; the linked subscription's next charge carries both, the new one pro rata, shown on the
 * charge's page at 1366 px and, on a 393 × 851 phone, on the public payment page. The contract's
 * Reajuste tab and the /reajustes page are pictured too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { addCycle } from '../../domain/financeiro';
import { addDays, daysBetween } from '../../domain/calendar';
import { formatMoney } from '../../domain/formatters';
import { brDate, shot, startApp, type RunningApp } from './support';
import { hoje } from './fixtures';
import { closeAllWithoutErrors, jsonApi, phonePage, signedInBrowser } from './session';

const ADMIN = { name: 'Iara Itens', email: 'iara@itens.test', password: 'senha-forte-1' };

describe('contract items and their charge in Chromium', () => {
  let app: RunningApp;
  let browser: Browser, page: Page;
  const errors: string[] = [];
  const api = jsonApi(() => page);
  const dialog = () => page.getByRole('dialog').last();
  const snackbar = (text: string) => page.locator('.MuiSnackbar-root').getByText(text);
  const ids = {} as { cliente: number; contrato: number; a: number; b: number };
  // The subscription's next due date falls within the days a charge is made ahead (5), so saving it bills it.
  const vence = () => addDays(hoje(), 3);
  // Vehicle B starts 10 days into that period.
  const inicioB = () => addDays(vence(), 10);

  beforeAll(async () => {
    app = await startApp();
    ({ browser, page } = await signedInBrowser(app, ADMIN, errors));
    await api('PUT', '/v1/users/1', { dadosempresa: { nome: 'Rastreio Frotas', cnpj: '11222333000181', contato: '(11) 4000-1234' } });
    ids.cliente = (
      await api('POST', '/v1/clientes', {
        cadastro: 'FISICA',
        name: 'Otávio Frota Teste',
        cpf: generateCPF(),
        email: 'otavio@exemplo.com.br',
        mobilePhone: '11987650009',
      })
    ).id;
    const veiculo = (placa: string, modelo: string) =>
      api('POST', '/v1/veiculos', {
        idcliente: ids.cliente,
        category: 'truck',
        marca: 'Volvo',
        modelo,
        placa,
        renavan: '12345678901',
        chassi: '9BD11122233344455',
      });
    ids.a = (await veiculo('ITA1B23', 'FH 540')).id;
    ids.b = (await veiculo('ITB2C34', 'FM 380')).id;
    const plano = await api('POST', '/v1/planos', {
      name: 'Frota',
      descricao: 'Rastreamento de frota',
      limtdispositivos: 100,
      valor: 60,
      valoradd: 0,
      fidelidadeMeses: 12,
      multaFidelidade: { tipo: 'proporcional', valor: 50 },
    });
    ids.contrato = (
      await api('POST', '/v1/contratos', { idcliente: ids.cliente, idplano: plano.id, reajuste: { indice: 'IPCA', mes: 3 } })
    ).id;
    await api('POST', `/v1/contratos/${ids.contrato}/itens`, { idveiculo: ids.a, descricao: 'Rastreamento', inicio: addDays(hoje(), -20) });
  });
  afterAll(() => closeAllWithoutErrors(errors, browser, app));

  it('adds a vehicle on the contract’s Itens tab, starting mid-period (1366 px)', async () => {
    await page.goto('/contratos');
    await page.getByRole('heading', { name: 'Contratos', level: 1 }).waitFor();
    await page
      .getByRole('row', { name: /Otávio Frota Teste/ })
      .getByRole('link', { name: 'Editar' })
      .click();
    await dialog().getByRole('tab', { name: 'Reajuste' }).click();
    await dialog().getByText('Mês de aniversário').first().waitFor();
    await shot(page, 'itens-01-contrato-reajuste');
    await dialog().getByRole('tab', { name: 'Itens' }).click();
    const itens = dialog().getByTestId('contrato-itens');
    await itens.getByRole('cell', { name: /ITA1B23/ }).waitFor();
    await shot(page, 'itens-02-contrato-itens');
    await itens.getByRole('button', { name: 'Adicionar veículo' }).click();
    const add = page.getByRole('dialog', { name: 'Adicionar veículo' });
    await add.getByRole('combobox', { name: /Veículo/ }).click();
    await page.getByRole('option', { name: /ITB2C34/ }).click();
    await add.getByLabel('Início').fill(brDate(inicioB()));
    await shot(page, 'itens-03-adicionar-veiculo');
    await add.getByRole('button', { name: 'Adicionar' }).click();
    await snackbar('Veículo adicionado ao contrato').waitFor();
    await itens.getByRole('cell', { name: /ITB2C34/ }).waitFor();
    await itens.getByRole('cell', { name: brDate(inicioB()) }).waitFor();
    await shot(page, 'itens-04-contrato-dois-itens');
    // The same items on a phone: one card each.
    const { phone: celular, mobile } = await phonePage(browser, app, errors, { storageState: await page.context().storageState() });
    await mobile.goto('/contratos');
    await mobile.getByRole('link', { name: 'Editar' }).first().click();
    await mobile.getByRole('dialog').getByRole('tab', { name: 'Itens' }).click();
    await mobile
      .getByRole('dialog')
      .getByText(/ITB2C34/)
      .waitFor();
    await shot(mobile, 'itens-04b-contrato-itens-celular');
    await celular.close();
    // Cancelling shows the fidelity fine; Dispensar multa is there for an administrator.
    await itens
      .getByRole('row', { name: /ITA1B23/ })
      .getByRole('button', { name: 'Cancelar item' })
      .click();
    const cancelar = page.getByRole('dialog', { name: /Cancelar ITA1B23/ });
    await cancelar.getByText(/será gerada uma cobrança de multa de R\$/).waitFor();
    await cancelar.getByLabel('Dispensar multa').waitFor();
    await shot(page, 'itens-05-cancelar-multa');
    await cancelar.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await cancelar.waitFor({ state: 'detached' });
  });

  it('the next charge carries both vehicles, the new one pro rata: its page at 1366 px', async () => {
    const assinatura = await api('POST', '/v1/assinaturas', {
      idcliente: ids.cliente,
      idcontrato: ids.contrato,
      description: 'Mensalidade da frota',
      // A linked subscription's value is its items' sum: the server sets it.
      valor: 120,
      nextduedate: vence(),
      cycle: 'MONTHLY',
    });
    expect(assinatura.cobrancaGerada).toBeTruthy();
    const [cobranca] = (await api('GET', `/v1/cobrancas?idcliente=${ids.cliente}`)).Items;
    const fim = addCycle(vence(), 'MONTHLY');
    const periodo = daysBetween(vence(), fim);
    const dias = daysBetween(inicioB(), fim);
    const proporcional = Math.round((6000 * dias) / periodo) / 100;
    expect(cobranca.valor).toBe(Math.round((60 + proporcional) * 100) / 100);

    await page.goto(`/cobrancas/${cobranca.id}`);
    const itens = page.getByRole('region', { name: 'Itens do contrato' });
    await itens.getByRole('cell', { name: 'Mensalidade' }).waitFor();
    await itens
      .getByRole('row', { name: /ITB2C34/ })
      .getByRole('cell', { name: 'Proporcional' })
      .waitFor();
    await itens
      .getByRole('row', { name: /ITB2C34/ })
      .getByRole('cell', { name: String(dias), exact: true })
      .waitFor();
    await itens
      .getByRole('row', { name: /ITB2C34/ })
      .getByRole('cell', { name: formatMoney(proporcional) })
      .waitFor();
    await shot(page, 'itens-06-cobranca-itens');

    // The payment page on a phone: the lines, each with plate, kind, period, days and value.
    const { phone, mobile } = await phonePage(browser, app, errors, { isMobile: true, hasTouch: true });
    await mobile.goto(`/static/cobranca/${cobranca.token}`);
    const lista = mobile.getByRole('region', { name: 'O que está sendo cobrado' });
    await lista.getByText('ITA1B23 · Mensalidade').waitFor();
    await lista.getByText('ITB2C34 · Proporcional').waitFor();
    await lista.getByText(new RegExp(`${brDate(inicioB())} a .* · ${dias} dias`)).waitFor();
    await lista.getByText(formatMoney(proporcional)).waitFor();
    // Nothing wider than the phone.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(393);
    await shot(mobile, 'itens-07-pagina-pagamento-celular');
    await phone.close();
  });

  it('the /reajustes page and the index source settings', async () => {
    await page.goto('/reajustes');
    await page.getByRole('heading', { name: 'Reajustes', level: 1 }).waitFor();
    await page.getByText('Nenhum reajuste com estes filtros.').waitFor();
    await shot(page, 'itens-08-reajustes');
    const { phone, mobile } = await phonePage(browser, app, errors, { storageState: await page.context().storageState() });
    await mobile.goto('/reajustes');
    await mobile.getByText('Nenhum reajuste com estes filtros.').waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(393);
    await shot(mobile, 'itens-08b-reajustes-celular');
    await phone.close();
    await page.goto('/integrations/reajuste');
    await page.getByRole('heading', { name: 'Índices de reajuste', level: 1 }).waitFor();
    await page.getByLabel('Banco Central (SGS), todos os dias').check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await snackbar('Cadastro realizado com sucesso').or(page.locator('.MuiSnackbar-root')).first().waitFor();
    await shot(page, 'itens-09-reajuste-config');
    expect((await api('GET', '/v1/users/1')).integrations.reajuste.fonte).toBe('bcb');
  });
});
