/**
 * The block per contract (DESIGN 11, issue 33 item 4) in Chromium at 1366 px, through `npm start`:
 * a client with two contracts of one vehicle each; staff block one contract from the client's
 * page (Bloquear, confirmed): the page shows "Bloqueio parcial: 1 de 2 veículos", that vehicle
 * Bloqueado and the contract's Desbloquear; the clients' list shows the chip and filters by it;
 * Desbloquear brings everything back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { formatNumero } from '../../domain/formatters';
import { shot, startApp, type RunningApp } from './support';
import { ADMIN } from './fixtures';
import { closeAllWithoutErrors, signedInBrowser, signedInPhone } from './session';

const NOME = 'Transportes Bloqueio Parcial';

describe('the block per contract on the client’s page in Chromium, through npm start', () => {
  let app: RunningApp;
  let browser: Browser, context: BrowserContext, page: Page;
  const errors: string[] = [];
  const ids = { cliente: 0, contratos: [] as number[], placas: ['BLQ1A23', 'BLQ4B56'] };

  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };

  beforeAll(async () => {
    app = await startApp();
    ({ browser, context, page } = await signedInBrowser(app, ADMIN, errors));
    const cliente = await post('/v1/clientes', { cadastro: 'FISICA', name: NOME, cpf: generateCPF(), email: 'frota@exemplo.com.br' });
    const plano = await post('/v1/planos', { name: 'Plano Frota', descricao: 'Rastreamento', limtdispositivos: 1, valor: 50, valoradd: 0 });
    ids.cliente = cliente.id;
    for (const [i, placa] of ids.placas.entries()) {
      const veiculo = await post('/v1/veiculos', {
        idcliente: cliente.id,
        category: 'car',
        marca: 'Volvo',
        modelo: `FH ${i + 1}`,
        placa,
        renavan: `1234567890${i}`,
        chassi: `9BD1112223334445${i}`,
      });
      const contrato = await post('/v1/contratos', { idcliente: cliente.id, idplano: plano.id });
      await post(`/v1/contratos/${contrato.id}/itens`, { idveiculo: veiculo.id, descricao: 'Rastreador', inicio: '2026-01-01' });
      ids.contratos.push(contrato.id);
    }
  });
  afterAll(() => closeAllWithoutErrors(errors, browser, app));

  it('blocks one contract from the client’s page: a partial block, that vehicle Bloqueado; unblocked again', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${app.url}/clientes/${ids.cliente}/show`);
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    const contratos = page.getByRole('region', { name: 'Contratos' });
    const veiculos = page.getByRole('region', { name: 'Veículos' });
    expect(await page.getByText(/Bloqueio parcial/).count()).toBe(0);

    const primeiro = formatNumero(ids.contratos[0]);
    await contratos.getByRole('button', { name: `Bloquear o contrato ${primeiro}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Bloquear o contrato ${primeiro}?`).waitFor();
    await dialog.getByRole('button', { name: 'Bloquear' }).click();
    await page.getByText(`Contrato ${primeiro} bloqueado`, { exact: true }).waitFor();

    await page.getByText('Bloqueio parcial: 1 de 2 veículos').waitFor();
    const linha = (placa: string) => veiculos.getByRole('listitem').filter({ hasText: placa });
    await linha(ids.placas[0]).getByText('Bloqueado').waitFor();
    expect(await linha(ids.placas[1]).getByText('Bloqueado').count()).toBe(0);
    await contratos.getByRole('button', { name: `Desbloquear o contrato ${primeiro}` }).waitFor();
    await shot(page, 'bloqueio-01-pagina-parcial');

    // On a phone: the chip, the vehicle's and the contract's state, nothing wider than the screen.
    const { phone, mobile } = await signedInPhone(browser, context, app, errors);
    await mobile.goto(`/clientes/${ids.cliente}/show`);
    await mobile.getByText('Bloqueio parcial: 1 de 2 veículos').waitFor();
    await mobile
      .getByRole('region', { name: 'Contratos' })
      .getByRole('button', { name: `Desbloquear o contrato ${primeiro}` })
      .waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(mobile, 'bloqueio-04-telefone');
    await phone.close();

    // The clients' list: the chip, and the filter that finds it.
    await page.goto(`${app.url}/clientes?filter=${encodeURIComponent(JSON.stringify({ bloqueio: 'parcial' }))}`);
    const row = page.getByRole('row').filter({ hasText: NOME });
    await row.getByText('Bloqueio parcial: 1 de 2 veículos').waitFor();
    await shot(page, 'bloqueio-02-lista');

    // The vehicles' list shows it too.
    await page.goto(`${app.url}/veiculos`);
    await page.getByRole('row').filter({ hasText: ids.placas[0] }).getByText('Bloqueado').waitFor();

    // Desbloquear: nothing blocked any more.
    await page.goto(`${app.url}/clientes/${ids.cliente}/show`);
    await page
      .getByRole('region', { name: 'Contratos' })
      .getByRole('button', { name: `Desbloquear o contrato ${primeiro}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desbloquear' }).click();
    await page.getByText(`Contrato ${primeiro} desbloqueado`, { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Contratos' })
      .getByRole('button', { name: `Bloquear o contrato ${primeiro}` })
      .waitFor();
    // The client's header is read apart from the contracts: it follows a moment later.
    await expect.poll(() => page.getByText(/Bloqueio parcial/).count()).toBe(0);
    await shot(page, 'bloqueio-03-desbloqueado');
  });
});
