/**
 * The early-payment discount on screen in Chromium (DESIGN 11, issue 34 item 2), through `npm
 * start`: staff give a plan "5% até 3 dias antes" on its form at 1366 px and the plans list says so;
 * a new subscription of a client under that plan shows the plan's rule beside "Usar o do plano",
 * takes its own R$ 10,00 up to 2 days before, and the list says it under the value. Both forms
 * again on a phone (393 × 851), without sideways scrolling. Then the client's page shows the
 * subscription's discount, and "Sem desconto (nem o do plano)" takes it off there and in the list.
 * Screenshots of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { addDays, todayIn } from '../../domain/calendar';
import { brDate, shot, startApp, type RunningApp } from './support';
import { fillDesconto, fillIn, pickClient, screenOf } from './screens';
import { closeAllWithoutErrors, jsonApi, phonePage, signedInBrowser } from './session';

const ADMIN = { name: 'Dora Descontos', email: 'dora@desconto.test', password: 'senha-forte-1' };
const NOME = 'Cliente Desconto Teste';

describe('the early-payment discount in Chromium, 1366 px and phone', () => {
  let app: RunningApp;
  let browser: Browser, context: BrowserContext, page: Page;
  const errors: string[] = [];
  const api = jsonApi(() => page);
  const ids = { cliente: 0, plano: 0, assinatura: 0 };
  const { dialog, row } = screenOf(() => page);

  beforeAll(async () => {
    app = await startApp();
    ({ browser, context, page } = await signedInBrowser(app, ADMIN, errors));
    ids.cliente = (
      await api('POST', '/v1/clientes', { cadastro: 'FISICA', name: NOME, cpf: generateCPF(), email: 'desconto@exemplo.com.br' })
    ).id;
  });
  afterAll(() => closeAllWithoutErrors(errors, browser, app));

  it('a plan with 5 % up to 3 days before, on its form; the list says "5% até 3 dias antes"', async () => {
    await page.goto('/planos/create');
    await dialog().getByText('Novo Plano').waitFor();
    await fillIn(dialog(), [/^Descrição/, 'Plano com desconto'], [/^Valor\s*\*?$/, '89,90'], [/^Valor adicional/, '0']);
    await fillDesconto(dialog(), 'Percentual (%)', [/^Percentual do desconto/, '5'], '3');
    await shot(page, 'desconto-01-plano-form');
    await dialog().getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Cadastro realizado com sucesso').waitFor();
    await row(/Plano com desconto/)
      .getByText('5% até 3 dias antes')
      .waitFor();
    await shot(page, 'desconto-02-planos');
    const plano = (await api('GET', '/v1/planos')).Items.find((p: { descricao: string }) => p.descricao === 'Plano com desconto');
    expect(plano.desconto).toEqual({ valor: 5, tipo: 'percentual', diasAntes: 3 });
    ids.plano = plano.id;
    await api('POST', '/v1/contratos', { idcliente: ids.cliente, idplano: ids.plano });
  });

  it('a subscription shows the plan’s rule, takes its own R$ 10,00 up to 2 days before; the list shows it', async () => {
    await page.goto('/assinaturas/create');
    await dialog().getByText('Nova Assinatura').waitFor();
    await pickClient(dialog(), 'Cliente Desconto', new RegExp(NOME));
    await dialog().getByText('Desconto do plano (Plano com desconto): 5% até 3 dias antes.').waitFor();
    expect(
      await dialog()
        .getByLabel(/^Tipo de desconto/)
        .textContent(),
    ).toContain('Usar o do plano');
    const vencimento = brDate(addDays(todayIn('America/Sao_Paulo'), 20));
    await fillIn(
      dialog(),
      [/^Descrição da cobrança/, 'Mensalidade com desconto'],
      [/^Valor\s*\*?$/, '89,90'],
      [/^Próximo vencimento/, vencimento],
    );
    await fillDesconto(dialog(), 'Valor fixo (R$)', [/^Valor do desconto/, '10,00'], '2');
    await shot(page, 'desconto-03-assinatura-form');
    await dialog().getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(/Cadastro realizado com sucesso/).waitFor();
    await row(/Mensalidade com desconto/)
      .getByText('desconto de R$ 10,00 até 2 dias antes')
      .waitFor();
    await shot(page, 'desconto-04-assinaturas');
    const [assinatura] = (await api('GET', `/v1/assinaturas?idcliente=${ids.cliente}`)).Items;
    expect(assinatura.desconto).toEqual({ valor: 10, tipo: 'valor', diasAntes: 2 });
    ids.assinatura = assinatura.id;
  });

  it('both forms on a phone (393 × 851), without sideways scrolling', async () => {
    const storageState = await context.storageState();
    const { phone, mobile } = await phonePage(browser, app, errors, { isMobile: true, hasTouch: true, storageState });
    await mobile.goto(`/planos/${ids.plano}`);
    const percentual = mobile.getByRole('dialog').getByLabel(/^Percentual do desconto/);
    await expect.poll(() => percentual.inputValue()).toBe('5,00');
    await percentual.scrollIntoViewIfNeeded();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(mobile, 'desconto-05-plano-form-celular');
    await mobile.goto(`/assinaturas/${ids.assinatura}`);
    const valor = mobile.getByRole('dialog').getByLabel(/^Valor do desconto/);
    await expect.poll(() => valor.inputValue()).toBe('10,00');
    await mobile.getByRole('dialog').getByText('Desconto do plano (Plano com desconto): 5% até 3 dias antes.').scrollIntoViewIfNeeded();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(mobile, 'desconto-06-assinatura-form-celular');
    await mobile.goto('/assinaturas');
    await mobile.getByText('desconto de R$ 10,00 até 2 dias antes').waitFor();
    await shot(mobile, 'desconto-07-assinaturas-celular');
    await phone.close();
  });

  it('the client’s page shows the subscription’s discount; "Sem desconto (nem o do plano)" takes it off, there and in the list', async () => {
    await page.goto(`/clientes/${ids.cliente}/show`);
    await page.getByText(/Mensalidade com desconto/).waitFor();
    await page.getByText(/desconto de R\$ 10,00 até 2 dias antes/).waitFor();
    await page.goto(`/assinaturas/${ids.assinatura}`);
    await dialog()
      .getByLabel(/^Valor do desconto/)
      .waitFor();
    await dialog()
      .getByLabel(/^Tipo de desconto/)
      .click();
    await page.getByRole('option', { name: 'Sem desconto (nem o do plano)' }).click();
    await shot(page, 'desconto-08-assinatura-sem-desconto');
    await dialog().getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(/Informações atualizadas com sucesso/).waitFor();
    await row(/Mensalidade com desconto/)
      .getByText('sem desconto')
      .waitFor();
    expect((await api('GET', `/v1/assinaturas/${ids.assinatura}`)).desconto).toEqual({ tipo: 'nenhum' });
    await page.goto(`/clientes/${ids.cliente}/show`);
    await page.getByText(/Mensalidade com desconto/).waitFor();
    await page.getByText(/· sem desconto/).waitFor();
    await shot(page, 'desconto-09-cliente-sem-desconto');
  });
});
