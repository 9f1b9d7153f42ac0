/**
 * Imports and stock in Chromium through `npm start` (issue 22): a 50-row XLSX of clients with 3 bad
 * rows from the clients' Importar button: the dry run, the import with its result, the refused rows
 * downloaded, and the same file again creating nothing; then a tracker moved to a técnico, seen in
 * its history, in the list's cards and on the técnico's page.
 */
import { readFileSync } from 'node:fs';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { xlsx } from '../support/planilhas';
import { shot, startApp, type RunningApp } from './support';
import { ADMIN, TECNICO } from './fixtures';
import { closeAllWithoutErrors, signedInBrowser } from './session';

const IMEI = '356938035643809';

describe('imports and stock in Chromium, through npm start', () => {
  let app: RunningApp;
  let browser: Browser, page: Page;
  let planilha: Buffer;
  const errors: string[] = [];

  const card = (label: string) => page.getByRole('region', { name: label });
  const escolher = async () => {
    await page.getByLabel('Planilha (CSV ou XLSX, até 50 MB)').setInputFiles({
      name: 'clientes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: planilha,
    });
    await page.getByText('50 linhas de dados').waitFor();
  };

  beforeAll(async () => {
    const rows: string[][] = [['CPF', 'Nome', 'E-mail', 'Celular']];
    for (let i = 1; i <= 50; i++) rows.push([generateCPF(), `Cliente Planilha ${i}`, `planilha${i}@exemplo.com.br`, '11987654321']);
    rows[10][0] = '111.111.111-11'; // line 11: an invalid CPF
    rows[20][2] = ''; // line 21: no e-mail
    rows[30][2] = 'sem-arroba'; // line 31: a bad e-mail
    planilha = await xlsx(rows);
    app = await startApp();
    ({ browser, page } = await signedInBrowser(app, ADMIN, errors, { options: { acceptDownloads: true } }));
  });
  afterAll(() => closeAllWithoutErrors(errors, browser, app));

  it('imports a 50-row XLSX of clients with 3 bad rows: dry run, import, refused rows, and nothing new the second time', async () => {
    await page.goto('/clientes');
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Importar' }).click();
    await page.getByRole('heading', { name: 'Importar planilha', level: 1 }).waitFor();
    await escolher();
    const match = page.getByRole('region', { name: 'Correspondência de colunas' });
    await expect.poll(() => match.getByLabel('CPF/CNPJ (obrigatório)').inputValue()).toBe('CPF');
    await expect.poll(() => match.getByLabel('E-mail (obrigatório)').inputValue()).toBe('E-mail');
    await expect(page.getByRole('button', { name: 'Importar', exact: true }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Simular' }).click();
    await page.getByRole('heading', { name: 'Resultado da simulação' }).waitFor();
    await expect.poll(() => card('Criados').innerText()).toContain('47');
    await expect.poll(() => card('Recusados').innerText()).toContain('3');
    const refused = page.getByRole('table', { name: 'Recusados' });
    expect(await refused.getByRole('row').allInnerTexts()).toEqual([
      expect.stringContaining('Linha'),
      expect.stringMatching(/^11\s+CPF\s+CPF inválido/),
      expect.stringMatching(/^21\s+E-mail\s+Campo obrigatório/),
      expect.stringMatching(/^31\s+E-mail\s+/),
    ]);
    await shot(page, 'importacoes-01-simulacao');
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText('Importação concluída').waitFor();
    await expect.poll(() => card('Criados').innerText()).toContain('47');
    await shot(page, 'importacoes-02-importada');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar linhas recusadas (CSV)' }).click(),
    ]);
    const csvText = readFileSync((await download.path())!, 'utf-8').replace(/^\ufeff/, '');
    const lines = csvText.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('Linha;Coluna;Motivo;CPF;Nome;E-mail;Celular');
    expect(lines[1]).toMatch(/^11;CPF;CPF inválido;111\.111\.111-11;Cliente Planilha 10;/);
    // The same file again: nothing new.
    await escolher();
    await page.getByRole('button', { name: 'Simular' }).click();
    await page.getByRole('heading', { name: 'Resultado da simulação' }).waitFor();
    await expect.poll(() => card('Criados').innerText()).toContain('0');
    await expect.poll(() => card('Ignorados').innerText()).toContain('47');
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText('Importação concluída').waitFor();
    await expect.poll(() => card('Criados').innerText()).toContain('0');
    await page.goto('/clientes');
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    await page.getByText('1-20 de 47').waitFor();
  });

  it("moves a tracker to a técnico and shows its history, the cards and the técnico's stock", async () => {
    const created = await page.request.post('/v1/trackres', { data: { imei: IMEI, modelo: 'GT06', marca: 'Coban' } });
    expect(created.status()).toBe(201);
    const tecnico = await page.request.post('/v1/users', { data: TECNICO });
    expect(tecnico.status()).toBe(201);
    await page.goto('/rastreadores');
    await page.getByRole('heading', { name: 'Rastreadores', level: 1 }).waitFor();
    await card('Em estoque').getByText('1', { exact: true }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(IMEI) })
      .getByRole('link', { name: 'Editar' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Histórico' }).click();
    await dialog.getByText('Nenhum movimento registrado.').waitFor();
    await dialog.getByLabel('Mover para').selectOption({ label: 'Com técnico' });
    await dialog.getByLabel('Técnico').selectOption({ label: TECNICO.name });
    await dialog.getByRole('button', { name: 'Movimentar' }).click();
    const history = dialog.getByRole('table', { name: 'Histórico' });
    await history.getByRole('row', { name: /Em estoque\s+Com técnico · Tiago Técnico/ }).waitFor();
    await expect.poll(() => history.getByRole('row').nth(1).innerText()).toContain('Ana Administradora');
    await shot(page, 'importacoes-03-historico');
    await page.keyboard.press('Escape');
    await page.goto('/rastreadores');
    await page
      .getByRole('row', { name: new RegExp(IMEI) })
      .getByText('Com técnico')
      .waitFor();
    await card('Com técnico').getByText('1', { exact: true }).waitFor();
    await card('Com técnico').getByRole('button').click();
    await page.getByRole('row', { name: new RegExp(IMEI) }).waitFor();
    await shot(page, 'importacoes-04-lista-estoque');
    await page
      .getByRole('row', { name: new RegExp(IMEI) })
      .getByRole('link', { name: /Tiago Técnico/ })
      .click();
    await page.getByRole('heading', { name: 'Estoque de Tiago Técnico', level: 1 }).waitFor();
    await page.getByRole('link', { name: IMEI }).waitFor();
    await shot(page, 'importacoes-05-tecnico');
  });
});
