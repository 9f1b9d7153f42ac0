/**
 * The lists in Chromium, through `npm start` (issue 30): at 1366 px every list shows its columns
 * and row actions with no horizontal scrolling, long names cut with "…" and whole on hover; the
 * charges' bulk bar is in view and takes a real mouse click at 1366 px and on a 390 px phone, and
 * Enviar asks "Enviar N cobranças por WhatsApp?" before anything goes; on a phone a message sits
 * above a form's Salvar, never over it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayIn } from '../../domain/calendar';
import { newChip, newCliente, newEmpresa, newOrdem, newPlano, newTracker, newVeiculo } from '../support/registry';
import { shot, startApp, type RunningApp } from './support';
import { closeAll, jsonApi, signedInBrowser, signedInPhone } from './session';

const ADMIN = { name: 'Lia Listas', email: 'lia@listas.test', password: 'senha-forte-1' };
const LONGO = 'Maria Aparecida dos Santos Figueiredo de Albuquerque Cavalcanti';
const EMPRESA = 'Transportadora e Logística Irmãos Fernandes de Oliveira Ltda - EPP';
const HOJE = todayIn('America/Sao_Paulo');

/** Every list screen, by its heading. */
const LISTAS: [string, string][] = [
  ['/usuarios', 'Usuários'],
  ['/clientes', 'Clientes'],
  ['/veiculos', 'Veículos'],
  ['/ordensservicos', 'Ordens de Serviço'],
  ['/planos', 'Planos'],
  ['/contratos', 'Contratos'],
  ['/assinaturas', 'Assinaturas Cobranças Recorrentes'],
  ['/cobrancas', 'Cobranças'],
  ['/rastreadores', 'Rastreadores'],
  ['/chips', 'Chips'],
  ['/frota', 'Saúde da frota'],
  ['/mensagens', 'Mensagens'],
  ['/auditoria', 'Auditoria'],
];

/** The list's scrolling box (the table's nearest overflow-x: auto ancestor): its scroll and client widths. */
const tableBox = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('table');
    let box = table?.parentElement ?? null;
    while (box && getComputedStyle(box).overflowX !== 'auto') box = box.parentElement;
    return box ? { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth } : null;
  });

describe('lists at 1366 px and on a phone, through npm start', () => {
  let app: RunningApp;
  let browser: Browser, context: BrowserContext, page: Page;
  const errors: string[] = [];

  const api = jsonApi(() => page);

  beforeAll(async () => {
    app = await startApp();
    ({ browser, context, page } = await signedInBrowser(app, ADMIN, errors, { options: { viewport: { width: 1366, height: 800 } } }));
    // Long names and texts in every list: the rows must still fit.
    const pessoa = (await api('POST', '/v1/clientes', newCliente({ name: LONGO, email: 'maria.aparecida.figueiredo@exemplo.com.br' }))).id;
    const empresa = (await api('POST', '/v1/clientes', newEmpresa({ razaosocial: EMPRESA }))).id;
    const plano = (
      await api('POST', '/v1/planos', newPlano({ descricao: 'Rastreamento com bloqueio remoto, telemetria e assistência 24 horas' }))
    ).id;
    await api('POST', '/v1/contratos', { idcliente: empresa, idplano: plano });
    await api('POST', '/v1/assinaturas', {
      idcliente: empresa,
      description: 'Mensalidade do rastreamento da frota com telemetria',
      valor: 1234.5,
      cycle: 'MONTHLY',
      nextduedate: addDays(HOJE, 40),
    });
    const veiculo = (await api('POST', '/v1/veiculos', newVeiculo(pessoa))).id;
    const tracker = (await api('POST', '/v1/trackres', newTracker())).id;
    await api('POST', '/v1/chips', newChip());
    await api('POST', '/v1/ordensservicos', newOrdem({ idcliente: pessoa, idveiculo: veiculo, iddevice: tracker }));
    // Due today: the list's default filters (this month, Em Aberto) show them.
    for (const idcliente of [pessoa, empresa, empresa])
      await api('POST', '/v1/cobrancas', {
        idcliente,
        descricao: 'Mensalidade do rastreamento veicular com bloqueio',
        valor: 12345.67,
        duedate: HOJE,
      });
  });
  afterAll(async () => {
    await closeAll(browser, app);
    expect(errors).toEqual([]);
  });

  it('at 1366 px every list shows every column and its actions with no horizontal scrolling; a long name is cut, whole on hover', async () => {
    for (const [route, heading] of LISTAS) {
      await page.goto(route);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.locator('table').first().waitFor();
      await page.waitForLoadState('networkidle');
      const box = await tableBox(page);
      expect(box, route).not.toBeNull();
      expect(box!.scrollWidth, `${route}: ${box!.scrollWidth} > ${box!.clientWidth}`).toBeLessThanOrEqual(box!.clientWidth);
      await shot(page, `listas-1366${route.replaceAll('/', '-')}`);
    }
    await page.goto('/clientes');
    const nome = page.getByRole('link', { name: LONGO });
    await nome.waitFor();
    expect(await nome.getAttribute('title')).toBe(LONGO);
    // One line, cut: the link is narrower than its text.
    expect(await nome.evaluate((link) => link.scrollWidth > link.clientWidth && link.getClientRects().length === 1)).toBe(true);
  });

  it('at 1366 px the bulk bar of the selected charges is in view and clickable; Enviar asks first', async () => {
    await page.goto('/cobrancas');
    await page
      .getByRole('row', { name: new RegExp(EMPRESA.slice(0, 20)) })
      .first()
      .waitFor();
    const rows = page.getByRole('row').filter({ has: page.getByRole('checkbox') });
    await rows.nth(1).getByRole('checkbox').click();
    await rows.nth(2).getByRole('checkbox').click();
    const bar = page.getByRole('toolbar', { name: '2 itens selecionados' });
    await bar.waitFor();
    // A real click: Playwright refuses it when another element (the filter form) would take it.
    await bar.getByRole('button', { name: 'Enviar (2)' }).click({ timeout: 5000 });
    const confirm = page.getByRole('dialog', { name: 'Enviar 2 cobranças por WhatsApp?' });
    await confirm.waitFor();
    await shot(page, 'listas-1366-enviar-confirmar');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await bar.getByRole('button', { name: 'Enviar (2)' }).click({ timeout: 5000 });
    await page.getByRole('dialog', { name: 'Enviar 2 cobranças por WhatsApp?' }).getByRole('button', { name: 'Enviar' }).click();
    // WhatsApp is off here: each charge is skipped, and says why.
    const results = page.getByRole('dialog', { name: 'Enviar 2 cobranças' });
    await results.getByText('0 enviada(s), 2 ignorada(s).').waitFor();
    await results.getByRole('button', { name: 'Fechar' }).click();
  });

  it('on a 390 px phone the bulk bar takes a real click too, and a message sits above the form’s Salvar', async () => {
    const { phone, mobile } = await signedInPhone(browser, context, app, errors);
    try {
      await mobile.goto('/cobrancas');
      const cards = mobile.locator('li').filter({ has: mobile.getByRole('checkbox') });
      await cards.first().waitFor();
      await cards.nth(0).getByRole('checkbox').click();
      await cards.nth(1).getByRole('checkbox').click();
      const bar = mobile.getByRole('toolbar', { name: '2 itens selecionados' });
      await bar.getByRole('button', { name: 'Enviar (2)' }).click({ timeout: 5000 });
      await mobile.getByRole('dialog', { name: 'Enviar 2 cobranças por WhatsApp?' }).waitFor();
      await shot(mobile, 'listas-390-enviar-confirmar');
      await mobile.getByRole('button', { name: 'Cancelar' }).click();

      // An incomplete form saved: the red message rises above the full-screen dialog's Salvar.
      await mobile.goto('/planos/create');
      const salvar = mobile.getByRole('dialog').getByRole('button', { name: 'Salvar' });
      // A form begun and left incomplete: Salvar is on, the form has errors.
      await mobile
        .getByRole('dialog')
        .getByLabel(/^Descrição/)
        .fill('Plano incompleto');
      await salvar.click();
      const message = mobile.locator('.MuiSnackbar-root').getByText('O formulário tem erros. Corrija os campos destacados.');
      await message.waitFor();
      await mobile.waitForTimeout(400);
      const [messageBox, buttonBox] = [await message.boundingBox(), await salvar.boundingBox()];
      expect(messageBox!.y + messageBox!.height).toBeLessThanOrEqual(buttonBox!.y);
      await shot(mobile, 'listas-390-mensagem-sobre-salvar');
    } finally {
      await phone.close();
    }
  });
});
