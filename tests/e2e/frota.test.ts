/**
 * The fleet in Chromium through `npm start`, against the fake Traccar (WebSocket and REST) and a
 * local tile server (issue 20): Saúde's cards and filters (a tracker silent for 25 h is Sem
 * comunicação, a power cut shows), the map painting the fake's vehicles and one of them moving
 * within 10 s, the vehicle's Localização, the order's validation panel live and Finalizar storing
 * the snapshot (and, for a silent tracker, asking to finalize without validation; with Traccar's
 * integration off, saying so and recording it without validation, with the reason).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import { startTraccarFake, traccarDate, type TraccarFake } from '../fakes/traccar';
import { startTilesFake, type TilesFake } from '../fakes/tiles';
import { shot, startApp, type RunningApp } from './support';
import { closeAll, pageFetch, signedInBrowser } from './session';

const ADMIN = { name: 'Ana Administradora', email: 'ana@rastreio.test', password: 'senha-forte-1' };
const FROTA = [
  { nome: 'Marcos Movimento', placa: 'FRT1A01', renavan: '98765432111', imei: '358899050000011', lat: -23.5505, lon: -46.6333 },
  { nome: 'Sílvia Silêncio', placa: 'FRT1A02', renavan: '98765432122', imei: '358899050000029', lat: -23.5405, lon: -46.6133 },
  { nome: 'Pedro Pane', placa: 'FRT1A03', renavan: '98765432133', imei: '358899050000037', lat: -23.5705, lon: -46.6533 },
] as const;
const FULL_CHECKLIST = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK']));
const hoursAgo = (h: number) => traccarDate(new Date(Date.now() - h * 3600_000));

describe('the fleet in Chromium, through npm start', () => {
  let app: RunningApp;
  let traccar: TraccarFake;
  let tiles: TilesFake;
  let browser: Browser, page: Page;
  const errors: string[] = [];
  const ids: { tracker: number; veiculo: number; cliente: number; device: number }[] = [];

  const api = pageFetch(() => page);
  const until = async (check: () => Promise<boolean>, ms = 60_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condição não atingida');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const situacao = async (i: number) => (await api('GET', `/v1/frota/${ids[i].tracker}`)).body.situacao as string;

  beforeAll(async () => {
    [traccar, tiles] = await Promise.all([startTraccarFake(), startTilesFake()]);
    app = await startApp();
    ({ browser, page } = await signedInBrowser(app, ADMIN, errors));

    for (const unit of FROTA) {
      const cliente = await api('POST', '/v1/clientes', {
        cadastro: 'FISICA',
        name: unit.nome,
        cpf: generateCPF(),
        email: `${unit.placa}@exemplo.com.br`,
        mobilePhone: '11976543210',
      });
      const veiculo = await api('POST', '/v1/veiculos', {
        idcliente: cliente.body.id,
        category: 'car',
        marca: 'Fiat',
        modelo: 'Strada',
        ano: '2022',
        placa: unit.placa,
        renavan: unit.renavan,
        chassi: `9BD${unit.renavan}123`,
      });
      expect(veiculo.status, JSON.stringify(veiculo.body)).toBe(201);
      const tracker = await api('POST', '/v1/trackres', { imei: unit.imei, modelo: 'GT06', marca: 'Concox', idveiculo: veiculo.body.id });
      expect(tracker.status).toBe(201);
      ids.push({ tracker: tracker.body.id, veiculo: veiculo.body.id, cliente: cliente.body.id, device: 0 });
    }
    // Traccar on, and the map's tiles from the local server: the app's sync makes the devices.
    const saved = await api('PUT', '/v1/users/1', {
      integrations: {
        traccar: { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 },
        frota: { mapa: { url: tiles.rasterUrl, atribuicao: 'Blocos de teste' } },
      },
    });
    expect(saved.status).toBe(200);
    await until(async () => FROTA.every((unit) => [...traccar.devices.values()].some((d) => d.uniqueId === unit.imei)), 30_000);
    FROTA.forEach((unit, i) => (ids[i].device = [...traccar.devices.values()].find((d) => d.uniqueId === unit.imei)!.id));
    // The feed holds the socket once the settings are read (every 15 s at most).
    await until(async () => traccar.sockets > 0, 30_000);
    traccar.setPosition(ids[0].device, {
      latitude: FROTA[0].lat,
      longitude: FROTA[0].lon,
      speed: 30,
      attributes: { ignition: true, sat: 10, power: 12.7 },
    });
    traccar.setPosition(ids[1].device, {
      latitude: FROTA[1].lat,
      longitude: FROTA[1].lon,
      serverTime: hoursAgo(25),
      fixTime: hoursAgo(25),
      deviceTime: hoursAgo(25),
      attributes: { ignition: false, sat: 7, power: 12.4 },
    });
    traccar.devices.get(ids[1].device)!.lastUpdate = hoursAgo(25);
    traccar.setPosition(ids[2].device, {
      latitude: FROTA[2].lat,
      longitude: FROTA[2].lon,
      attributes: { ignition: false, sat: 9, power: 12.6 },
    });
    traccar.alarm(ids[2].device, 'powerCut');
    await until(async () => (await situacao(0)) === 'comunicando' && (await situacao(2)) === 'alimentacao');
  });

  afterAll(async () => {
    await closeAll(browser, app, traccar, tiles);
    expect(errors).toEqual([]);
  });

  it('Saúde: a tracker silent for 25 h is under Sem comunicação, a power cut under Alimentação with its alarm; the cards filter', async () => {
    await page.goto('/frota');
    await page.getByRole('heading', { name: 'Saúde da frota', level: 1 }).waitFor();
    const card = (name: string) => page.getByRole('region', { name });
    await card('Sem comunicação').getByText('1', { exact: true }).waitFor();
    await card('Alimentação').getByText('1', { exact: true }).waitFor();
    await card('Comunicando').getByText('1', { exact: true }).waitFor();
    await shot(page, 'frota-01-saude');

    await card('Sem comunicação').getByRole('button').click();
    await page.getByRole('row', { name: new RegExp(FROTA[1].placa) }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(FROTA[1].placa) })
      .getByText('há 25 h')
      .waitFor();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(FROTA[0].placa) }).count()).toBe(0);

    await card('Alimentação').getByRole('button').click();
    const cut = page.getByRole('row', { name: new RegExp(FROTA[2].placa) });
    await cut.getByText(/Corte de alimentação/).waitFor();
    await shot(page, 'frota-02-alimentacao');

    // The alarm shows on the tracker too: the Rastreadores list's Último alarme, and the tracker's dialog.
    await page.goto('/rastreadores');
    const tracker = page.getByRole('row', { name: new RegExp(FROTA[2].imei) });
    await tracker.getByRole('img', { name: /Corte de alimentação (agora|há \d+ min)/ }).waitFor();
    await shot(page, 'frota-02b-rastreadores-alarme');
    await tracker.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('dialog').getByRole('region', { name: 'Alarmes' }).getByText('Corte de alimentação').first().waitFor();
    await page.keyboard.press('Escape');
  });

  it('Mapa: the fake’s vehicles are painted on the local tiles, and a move shows within 10 s', async () => {
    await page.goto('/frota/mapa');
    const mapa = page.getByTestId('frota-mapa');
    await page.waitForFunction(() => document.querySelector('[data-testid="frota-mapa"]')?.getAttribute('data-pontos') === '3', null, {
      timeout: 60_000,
    });
    /** The colour painted where a vehicle's marker is. */
    const pixelAt = (lon: number, lat: number) =>
      page.evaluate(
        async ({ lon, lat }) => {
          const el = document.querySelector('[data-testid="frota-mapa"]') as HTMLElement & { mapa: any };
          const map = el.mapa;
          await new Promise<void>((resolve) => (map.loaded() && !map.isMoving() ? resolve() : map.once('idle', () => resolve())));
          const point = map.project([lon, lat]);
          const canvas = map.getCanvas() as HTMLCanvasElement;
          const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext;
          const ratio = canvas.width / canvas.clientWidth;
          const pixel = new Uint8Array(4);
          gl.readPixels(Math.round(point.x * ratio), Math.round(canvas.height - point.y * ratio), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
          return [...pixel.slice(0, 3)];
        },
        { lon, lat },
      );
    // Zoomed in on the first vehicle: its marker alone, green (Comunicando).
    await page.getByLabel('Achar placa').fill(FROTA[0].placa);
    await page.getByLabel('Achar placa').press('Enter');
    await page.getByText('Marcos Movimento').waitFor();
    expect(await pixelAt(FROTA[0].lon, FROTA[0].lat)).toEqual([46, 125, 50]);
    expect(tiles.served).toBeGreaterThan(0);
    await mapa.screenshot({ path: 'test-results/screenshots/frota-03-mapa-popup.png' });
    await page.keyboard.press('Escape');

    // Traccar pushes a move: the marker is there at the map's next read (every 5 s). Counted in reads,
    // not in seconds (a loaded machine only reads later): once the server has the move, the next read
    // shows it (one more may begin while the map draws it), never a wait of several reads.
    const moved = { lat: FROTA[0].lat + 0.0008, lon: FROTA[0].lon + 0.0012 };
    let reads = 0;
    const counted = (request: { url(): string }) => void (new URL(request.url()).pathname === '/v1/frota/mapa' && reads++);
    page.on('request', counted);
    traccar.setPosition(ids[0].device, {
      latitude: moved.lat,
      longitude: moved.lon,
      speed: 40,
      attributes: { ignition: true, sat: 10, power: 12.7 },
    });
    await until(async () => Math.abs((await api('GET', `/v1/frota/${ids[0].tracker}`)).body.latitude - moved.lat) < 1e-5);
    const readsBefore = reads;
    await page.waitForFunction(
      ({ id, lat }) => {
        const map = (document.querySelector('[data-testid="frota-mapa"]') as HTMLElement & { mapa: any }).mapa;
        return map
          .querySourceFeatures('frota')
          .some((f: any) => f.properties.id === id && Math.abs(f.geometry.coordinates[1] - lat) < 1e-5);
      },
      { id: ids[0].tracker, lat: moved.lat },
      { timeout: 60_000 },
    );
    page.off('request', counted);
    expect(reads - readsBefore).toBeLessThanOrEqual(2);
    expect(await pixelAt(moved.lon, moved.lat)).toEqual([46, 125, 50]);
    await shot(page, 'frota-04-mapa');
  });

  it('Localização: the vehicle’s last position, the day’s route and its alarm', async () => {
    await page.goto(`/veiculos/${ids[2].veiculo}/localizacao`);
    await page.getByRole('heading', { name: `Localização · ${FROTA[2].placa}`, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Alarmes' }).getByText('Corte de alimentação').waitFor();
    await page.getByRole('region', { name: 'Último relato' }).getByText('Alimentação').waitFor();
    await page.getByText(/\d+ posições/).waitFor();
    await shot(page, 'frota-05-localizacao');
  });

  it('the order’s validation panel is live; Finalizar stores the snapshot, and asks first for a silent tracker', async () => {
    const ordem = async (i: number) => {
      const created = await api('POST', '/v1/ordensservicos', {
        idcliente: ids[i].cliente,
        idveiculo: ids[i].veiculo,
        iddevice: ids[i].tracker,
        descricao: 'Instalação com validação',
        checklist: FULL_CHECKLIST,
      });
      expect(created.status).toBe(201);
      return created.body.id as number;
    };
    const viva = await ordem(0);
    await page.goto(`/ordenservico/${viva}`);
    const painel = page.getByRole('region', { name: 'Validação da instalação' });
    await painel.getByText(/O rastreador relatou nos últimos 10 minutos\./).waitFor();
    expect(await painel.getByTestId('validacao-estado').getAttribute('data-situacao')).toBe('comunicando');
    await painel.getByText('10', { exact: true }).waitFor();
    // A new report with 12 satellites: the panel shows it at its next read (every 10 s; a loaded
    // machine reads later, hence the generous bound).
    traccar.setPosition(ids[0].device, {
      latitude: FROTA[0].lat,
      longitude: FROTA[0].lon,
      attributes: { ignition: true, sat: 12, power: 12.8 },
    });
    await painel.getByText('12', { exact: true }).waitFor({ timeout: 60_000 });
    await shot(page, 'frota-06-validacao');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finalizar' }).click();
    await painel.getByText(/Validação registrada ao finalizar/).waitFor();
    const stored = (await api('GET', `/v1/ordensservicos/${viva}`)).body;
    expect(stored).toMatchObject({ status: 1, validacao: { satelites: 12, valid: true, ignicao: true, tensao: 12.8 } });

    const silenciosa = await ordem(1);
    await page.goto(`/ordenservico/${silenciosa}`);
    await painel.getByText(/Sem relato nos últimos 10 minutos/).waitFor();
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finalizar' }).click();
    const confirmar = page.getByRole('dialog', { name: 'Finalizar sem validação?' });
    await confirmar.getByText('O rastreador não comunicou nos últimos 10 minutos. Confirme para finalizar sem validação.').waitFor();
    await confirmar.getByRole('button', { name: 'Finalizar sem validação' }).click();
    await painel.getByText(/Finalizada sem validação por Ana Administradora/).waitFor();
    await shot(page, 'frota-07-sem-validacao');
    expect((await api('GET', `/v1/ordensservicos/${silenciosa}`)).body.validacao).toMatchObject({ semValidacao: true, por: { id: 1 } });

    // Traccar's integration off: the panel says plainly that Finalizar records it without validation, and it does, with the reason.
    const traccarOn = { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 };
    expect((await api('PUT', '/v1/users/1', { integrations: { traccar: { ...traccarOn, status: 0 } } })).status).toBe(200);
    const semIntegracao = await ordem(2);
    await page.goto(`/ordenservico/${semIntegracao}`);
    await painel.getByText(/A integração com o Traccar está inativa: não há dados ao vivo/).waitFor();
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finalizar' }).click();
    await painel.getByText(/Finalizada sem validação por Ana Administradora .*\(Integração com o Traccar inativa\)/).waitFor();
    await expect.poll(() => page.getByRole('dialog', { name: 'Finalizar sem validação?' }).count()).toBe(0);
    await shot(page, 'frota-08-sem-integracao');
    expect((await api('GET', `/v1/ordensservicos/${semIntegracao}`)).body.validacao).toMatchObject({
      semValidacao: true,
      motivo: 'Integração com o Traccar inativa',
    });
    expect((await api('PUT', '/v1/users/1', { integrations: { traccar: traccarOn } })).status).toBe(200);
  });
});
