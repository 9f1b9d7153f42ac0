/**
 * The técnico's phone, /campo, online (DESIGN 11, "The técnico's phone"), in Chromium through
 * `npm start` on a 393 × 851 phone: a técnico created by the administrator, with one order
 * scheduled today, signs in and lands on /campo (never the office's shell: the dashboard and the
 * resources send it back, with no call refused), opens the order, answers the checklist, presses
 * Finalizar and reads Concluído on the order and on its card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import { shot, signIn, startApp, type RunningApp } from './support';
import { closeAllWithoutErrors, jsonApi, phonePage, signedInBrowser } from './session';
import { ENDERECO_CAMPINAS } from '../support/registry';
import { ADMIN, TECNICO, ordemDeHoje } from './fixtures';

const CLIENTE = {
  cadastro: 'FISICA',
  name: 'Helena Campo Teste',
  cpf: generateCPF(),
  email: 'helena@exemplo.com.br',
  mobilePhone: '11976543210',
  ...ENDERECO_CAMPINAS,
};
const ENDERECO = 'Rua das Flores, 120, Centro, Campinas - SP, 13010000';

describe('the técnico’s /campo on a phone, through npm start', () => {
  let app: RunningApp;
  let browser: Browser, office: Page;
  let page: Page;
  let ordemId = 0;
  const errors: string[] = [];
  const api = jsonApi(() => office);

  beforeAll(async () => {
    app = await startApp();
    ({ browser, page: office } = await signedInBrowser(app, ADMIN, errors));
    ordemId = await ordemDeHoje(api, TECNICO, CLIENTE, {
      veiculo: { marca: 'Volkswagen', modelo: 'Gol', ano: '2021', placa: 'CMP1A23', renavan: '98765432101', chassi: '9BWAA05U0BP000001' },
      imei: '358899051234568',
      descricao: 'Instalação com bloqueio',
      horario: '09:30',
    });
    ({ mobile: page } = await phonePage(browser, app, errors, { isMobile: true, hasTouch: true }));
  });
  afterAll(() => closeAllWithoutErrors(errors, browser, app));

  it('the técnico signs in and lands on /campo: its order with the client, address, maps and phone links, type, time and status', async () => {
    await signIn(page, TECNICO, '**/campo');
    const card = page.getByRole('region', { name: 'Hoje' }).getByRole('article', { name: CLIENTE.name });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('Instalação · 09:30');
    expect(await card.textContent()).toContain(ENDERECO);
    expect(await card.getByTestId('status').textContent()).toBe('Em aberto');
    expect(await card.getByRole('link', { name: 'Abrir no mapa' }).getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ENDERECO)}`,
    );
    expect(await card.getByRole('link', { name: 'Ligar para (11) 97654-3210' }).getAttribute('href')).toBe('tel:11976543210');
    // No office shell: no menu, no dashboard.
    expect(await page.getByRole('navigation').count()).toBe(0);
    await shot(page, 'campo-01-agenda');
  });

  it('the office’s screens are not reachable: the dashboard and a resource send the técnico back to /campo', async () => {
    for (const path of ['/dashboard', '/clientes']) {
      await page.goto(path);
      await page.waitForURL('**/campo');
      await page.getByRole('article', { name: CLIENTE.name }).waitFor();
    }
    expect(await page.getByText('Painel').count()).toBe(0);
  });

  it('opens the order, answers the checklist, Finalizar: Concluído on the order and its card', async () => {
    await page.getByRole('link', { name: `Abrir ordem ${CLIENTE.name}` }).click();
    await page.waitForURL(`**/campo/${ordemId}`);
    await page.getByText('0 de 18 itens respondidos').waitFor();
    const finalizar = page.getByRole('button', { name: 'Finalizar' });
    expect(await finalizar.isDisabled()).toBe(true);
    for (const item of CHECKLIST_ITEMS)
      await page.getByRole('group', { name: item, exact: true }).getByRole('button', { name: 'OK' }).click();
    await page.getByText('18 de 18 itens respondidos').waitFor();
    await page.getByLabel('Observação').fill('Cliente pediu o rastreador sob o banco.');
    await page.getByRole('button', { name: 'Enviar observação' }).click();
    await page.getByText('Observação enviada.').waitFor();
    await shot(page, 'campo-02-ordem-checklist');
    await expect.poll(() => finalizar.isEnabled()).toBe(true);
    await finalizar.click();
    await page.getByText('Ordem finalizada.').waitFor();
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('Concluído');
    expect(await page.getByRole('button', { name: 'Finalizar' }).count()).toBe(0);
    await shot(page, 'campo-03-ordem-concluida');
    await page.getByRole('link', { name: /Voltar/ }).click();
    await expect.poll(() => page.getByRole('article', { name: CLIENTE.name }).getByTestId('status').textContent()).toBe('Concluído');
    // The office reads it finalized, with the técnico's answers and observation.
    const saved = await api('GET', `/v1/ordensservicos/${ordemId}`);
    expect(saved).toMatchObject({ status: 1, checklist: Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK'])) });
    expect(saved.informacoes).toContain('Cliente pediu o rastreador sob o banco.');
  });

  it('Sair signs the técnico out to /login; staff signing in still reach the dashboard, and /campo sends them there', async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await signIn(page, ADMIN);
    await page.goto('/campo');
    await page.waitForURL('**/dashboard');
  });
});
