/**
 * The técnico's phone without signal (DESIGN 11, "The técnico's phone"), in Chromium through
 * `npm start`: a 393 × 851 touch phone whose profile lives in a directory (as a phone's browser
 * does), so closing it and opening it again keeps IndexedDB, the service worker and the session.
 * The company asks for approval. The técnico signs in, the manifest and the service worker are
 * there; offline it answers the checklist, takes a 4000 × 3000 photo (it reaches the server at most
 * 1600 px), the client signs, Finalizar; the browser is closed and opened again offline: /campo
 * opens from the service worker and the queue is still there; back online it syncs once: the order
 * waits for approval with one photo and the signature. At 1366 px the office reproves it with the
 * reason (required), which its page and the técnico's phone show; the técnico finalizes again and
 * the office approves it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import { findChromium } from '../../scripts/find-chromium.mjs';
import { shot, signIn, startApp, watchErrors, type RunningApp } from './support';
import { closeAll, jsonApi, signedInBrowser } from './session';
import { ADMIN, TECNICO as TIAGO, ordemDeHoje } from './fixtures';

const TECNICO = { ...TIAGO, name: 'Otávio Offline', email: 'otavio@rastreio.test', login: 'otavio', cpf: generateCPF() };
const CLIENTE = {
  cadastro: 'FISICA',
  name: 'Marta Garagem',
  cpf: generateCPF(),
  email: 'marta@exemplo.com.br',
  mobilePhone: '11976540000',
};

describe('the técnico’s /campo offline, through npm start', () => {
  let app: RunningApp;
  let browser: Browser, office: Page;
  let phone: BrowserContext, page: Page;
  const profile = mkdtempSync(path.join(tmpdir(), 'rastreio-phone-'));
  let ordemId = 0;
  const errors: string[] = [];
  const api = jsonApi(() => office);

  /** The phone's browser, opened on its profile directory. */
  async function abrirCelular(offline = false) {
    phone = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      baseURL: app.url,
      viewport: { width: 393, height: 851 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'pt-BR',
      offline,
    });
    page = phone.pages()[0] ?? (await phone.newPage());
    watchErrors(page, errors);
  }

  beforeAll(async () => {
    app = await startApp();
    ({ browser, page: office } = await signedInBrowser(app, ADMIN, errors));
    await api('PUT', '/v1/users/1', { integrations: { campo: { exigirAprovacao: true } } });
    ordemId = await ordemDeHoje(api, TECNICO, CLIENTE, {
      veiculo: { marca: 'Fiat', modelo: 'Strada', ano: '2022', placa: 'OFF1A23', renavan: '98765432109', chassi: '9BD00000000000001' },
      imei: '358899051230001',
      descricao: 'Manutenção na garagem do subsolo',
      horario: '08:00',
    });
    await abrirCelular();
  });
  afterAll(async () => {
    await phone?.close();
    await closeAll(browser, app);
    rmSync(profile, { recursive: true, force: true });
    // Without signal the browser logs the calls it could not make: those are the test's own doing.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/.test(e))).toEqual([]);
  });

  it('signs in on the phone; /campo is installable: its manifest, icons and service worker (scope /campo, never cached long)', async () => {
    await signIn(page, TECNICO, '**/campo');
    await page.getByRole('article', { name: CLIENTE.name }).waitFor();
    // Opened as the installed app opens it: /campo itself (a page first loaded at /login is not the worker's).
    await page.goto('/campo');
    await page.getByRole('article', { name: CLIENTE.name }).waitFor();

    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/campo.webmanifest');
    const manifest = await page.request.get('/campo.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    expect(await manifest.json()).toMatchObject({
      name: 'Rastreio Campo',
      start_url: '/campo',
      scope: '/campo',
      display: 'standalone',
      theme_color: '#1565c0',
    });
    for (const size of [192, 512]) {
      const icon = await page.request.get(`/campo-${size}.png`);
      expect(icon.headers()['content-type']).toBe('image/png');
      const png = await icon.body();
      // The PNG's IHDR: width and height.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    const sw = await page.request.get('/campo-sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    // Active once /campo's files are precached; from then on it answers /campo's pages.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${app.url}/campo`);
    await page.reload();
    await page.getByRole('article', { name: CLIENTE.name }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${app.url}/campo-sw.js`);
    await shot(page, 'campo-offline-01-agenda');
  });

  // 18 answers, a 4000 × 3000 photo shrunk in the page and a signature: minutes on a busy 2-core machine.
  it('offline: the checklist, a 4000 × 3000 photo, the client’s signature and Finalizar wait in the queue', async () => {
    await page.getByRole('link', { name: `Abrir ordem ${CLIENTE.name}` }).click();
    await page.getByText('0 de 18 itens respondidos').waitFor();
    await phone.setOffline(true);
    await page.getByText('Sem sinal', { exact: true }).waitFor();
    for (const item of CHECKLIST_ITEMS)
      await page.getByRole('group', { name: item, exact: true }).getByRole('button', { name: 'OK' }).click();
    await page.getByText('18 de 18 itens respondidos').waitFor();
    await expect.poll(() => page.getByTestId('pendentes').textContent()).toBe('18 pendentes');

    // A camera's photo: 4000 × 3000 with noise (several MB as a JPEG), made in the office's browser.
    const jpeg = await office.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 4000;
      canvas.height = 3000;
      const ctx = canvas.getContext('2d')!;
      const image = ctx.createImageData(4000, 3000);
      for (let i = 0; i < image.data.length; i += 4) {
        const v = (Math.random() * 255) | 0;
        image.data[i] = v;
        image.data[i + 1] = (i / 4000) % 255;
        image.data[i + 2] = 255 - v;
        image.data[i + 3] = 255;
      }
      ctx.putImageData(image, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92));
      // As base64 text: an array of its bytes (millions of numbers) cost the test 20 s of CPU to pass over.
      const url = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsDataURL(blob);
      });
      return url.slice(url.indexOf(',') + 1);
    });
    const foto = Buffer.from(jpeg, 'base64');
    expect(foto.length).toBeGreaterThan(1_000_000);
    await page.getByTestId('foto-input').setInputFiles({ name: 'garagem.jpg', mimeType: 'image/jpeg', buffer: foto });
    await expect.poll(() => page.getByTestId('fotos').textContent(), { timeout: 60_000 }).toContain('1 aguardando envio');

    await page.getByLabel('Nome do cliente').fill('Marta Garagem');
    const canvas = page.getByRole('img', { name: 'Área para o cliente assinar com o dedo' });
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    for (const [dx, dy] of [
      [80, 40],
      [140, 130],
      [200, 50],
      [260, 120],
      [320, 60],
    ])
      await page.mouse.move(box.x + dx, box.y + dy, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Salvar assinatura' }).click();
    await page.getByText('Assinada por Marta Garagem (aguardando envio).').waitFor();

    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByText('Finalização salva no celular: será enviada quando houver sinal.').waitFor();
    await expect.poll(() => page.getByTestId('pendentes').textContent()).toBe('21 pendentes');
    await shot(page, 'campo-offline-02-ordem-na-fila');
  }, 900_000);

  it('the browser closed and opened again without signal: /campo opens from the service worker, the queue is there', async () => {
    await phone.close();
    await abrirCelular(true);
    await page.goto(`/campo/${ordemId}`);
    await page.getByText('18 de 18 itens respondidos').waitFor();
    await expect.poll(() => page.getByTestId('pendentes').textContent()).toBe('21 pendentes');
    await page.getByText('Assinada por Marta Garagem (aguardando envio).').waitFor();
    expect(await page.getByTestId('fotos').textContent()).toContain('1 aguardando envio');
    // Nothing reached the server.
    expect((await api('GET', `/v1/ordensservicos/${ordemId}`)).status).toBe(0);
    await shot(page, 'campo-offline-03-reaberto-sem-sinal');
  });

  it('back online it syncs once: Aguardando aprovação, one photo at most 1600 px and 500 KB, the signature', async () => {
    await phone.setOffline(false);
    await page.getByTestId('pendentes').waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('Aguardando aprovação');
    await page.getByText('1 foto enviada').waitFor();
    await page.getByText('Assinada por Marta Garagem.').waitFor();
    await shot(page, 'campo-offline-04-sincronizado');

    const saved = await api('GET', `/v1/ordensservicos/${ordemId}`);
    expect(saved).toMatchObject({ status: 2, checklist: Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK'])) });
    const fotos = await api('GET', `/v1/uploads?unid=${ordemId}&documento=ordensservicos`);
    expect(fotos.Items).toHaveLength(1);
    expect(fotos.Items[0].size).toBeLessThanOrEqual(500 * 1024);
    const size = await office.evaluate(async (src: string) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, fotos.Items[0].base64 as string);
    // At most 1600 px on the longer side (smaller when 500 KB asks for it: this photo is noise), still 4:3.
    expect(Math.max(...size)).toBeLessThanOrEqual(1600);
    expect(Math.max(...size)).toBeGreaterThanOrEqual(800);
    expect(size[0] / size[1]).toBeCloseTo(4 / 3, 2);
    const assinaturas = await api('GET', `/v1/uploads?unid=${ordemId}&documento=assinatura`);
    expect(assinaturas.Items).toHaveLength(1);
    expect(assinaturas.Items[0].type).toBe('image/png');
  });

  it('the office reproves it at 1366 px with the reason, shown on its page; the técnico reads it and finalizes again', async () => {
    const motivo = 'Falta a foto do chicote atrás do painel';
    await office.goto(`/ordenservico/${ordemId}`);
    const aviso = office.getByTestId('aprovacao-aviso');
    await expect.poll(() => aviso.textContent()).toMatch(/^Aguardando aprovação: o técnico finalizou esta ordem/);
    await office.getByRole('button', { name: 'Reprovar' }).click();
    const dialog = office.getByRole('dialog', { name: 'Reprovar a finalização do técnico?' });
    await dialog.getByRole('button', { name: 'Reprovar' }).click();
    await dialog.getByText('Informe o motivo da reprovação').waitFor();
    await dialog.getByLabel(/Motivo/).fill(motivo);
    await dialog.getByRole('button', { name: 'Reprovar' }).click();
    await office.getByText('Ordem de serviço reprovada: voltou para Em aberto').waitFor();
    await expect
      .poll(() => aviso.textContent())
      .toMatch(new RegExp(`^Reprovada por ${ADMIN.name} em \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}: ${motivo}$`));
    await shot(office, 'campo-offline-05-escritorio-reprovou');
    expect(await api('GET', `/v1/ordensservicos/${ordemId}`)).toMatchObject({ status: 0, rejeicao: { motivo } });

    await page.reload();
    await expect.poll(() => page.getByTestId('status').textContent()).toBe(`Reprovada: ${motivo}`);
    await shot(page, 'campo-offline-06-reprovada');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 30_000 }).toBe('Aguardando aprovação');
  });

  it('the office approves it at 1366 px; the técnico reads Concluído', async () => {
    await office.goto(`/ordenservico/${ordemId}`);
    await office.getByRole('button', { name: 'Aprovar' }).click();
    await office.getByText('Ordem de serviço aprovada').waitFor();
    await shot(office, 'campo-offline-07-escritorio-aprovou');
    expect((await api('GET', `/v1/ordensservicos/${ordemId}`)).status).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('Concluído');
    await shot(page, 'campo-offline-08-concluido');
  });
});
