/**
 * The fleet read back from Traccar (issue 20, DESIGN 10 "Fleet", INTEGRATIONS.md 1) against the
 * fake Traccar's WebSocket and REST: the situation rules with their precedence and the voltage
 * rules (12 V, 24 V, mV, no voltage, the nominal system), live positions and alarms, the full
 * refresh on every reconnect, polling when the socket is unavailable, Traccar down (last data,
 * the banner, no 5xx, backed-off reconnects), Finalizar's validation and its 409, and the takeover
 * of the feed by a second process.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { motivoSituacao } from '../../domain/frota';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import { openDatabase } from '../../server/db/client';
import { refreshSituacao } from '../../server/frota/estado';
import { FrotaFeed } from '../../server/frota/feed';
import { startTraccarFake, traccarDate, type TraccarFake, type TraccarPosition } from '../fakes/traccar';
import { backends, useInstalledApp } from '../support/app';
import { newCliente, newOrdem, newTracker, newVeiculo } from '../support/registry';
import { WAIT_MS, waitFor } from '../support/wait';

const FULL_CHECKLIST = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK']));
const FEED = { lockRetryMs: 100, settingsMs: 100, flushMs: 20, backoffMs: [50, 300] as [number, number], pollMs: 300, sweepMs: 3_600_000 };
const hoursAgo = (h: number) => traccarDate(new Date(Date.now() - h * 3600_000));
const silentLog = { info: () => undefined, warn: () => undefined };

describe.each(backends)('frota (%s)', (backend) => {
  const env = useInstalledApp(backend, { frota: FEED });
  let traccar: TraccarFake;
  /** name → { tracker id, vehicle, Traccar device id } */
  const units = new Map<string, { id: number; veiculo: { id: number; placa: string }; cliente: { id: number }; device: number }>();

  beforeAll(async () => {
    traccar = await startTraccarFake();
  });
  afterAll(() => traccar.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const frota = async (query = '') => {
    const reply = await env.admin.get(`/v1/frota?pageSize=100${query}`);
    expect(reply.status).toBe(200);
    return reply.body as { meta: Record<string, any>; Items: Record<string, any>[] };
  };
  const situacaoOf = async (name: string) => (await frota()).Items.find((item) => item.id === units.get(name)!.id)?.situacao;
  const position = (name: string, fields: Partial<TraccarPosition> = {}) => traccar.setPosition(units.get(name)!.device, fields);
  const recent = (attributes: Record<string, unknown>, fields: Partial<TraccarPosition> = {}) => ({
    attributes: { sat: 9, ignition: true, ...attributes },
    speed: 27,
    ...fields,
  });
  /** A client's vehicle with a tracker, and the tracker's device in Traccar (made by the sync in production). */
  async function unit(name: string, withDevice = true) {
    const cliente = (await env.admin.post('/v1/clientes', newCliente({ name: `Cliente ${name}` }))).body;
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    const tracker = (await env.admin.post('/v1/trackres', newTracker({ idveiculo: veiculo.id }))).body;
    let device = 0;
    if (withDevice) {
      const created = await fetch(`${traccar.url}/api/devices`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${traccar.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: veiculo.placa, uniqueId: tracker.imei }),
      });
      device = ((await created.json()) as { id: number }).id;
    }
    units.set(name, { id: tracker.id, veiculo, cliente, device });
  }
  /** Finalizar: the order concluded with its checklist answered, and `confirm` when the server asked for it. */
  const finalizar = (ordem: { id: number }, confirm: { semValidacao?: true; aceitarSituacao?: true } = {}) =>
    env.admin.put(`/v1/ordensservicos/${ordem.id}`, { ...ordem, status: 1, checklist: FULL_CHECKLIST, ...confirm });
  const conexao = async () => (await frota()).meta.conexao as { modo: string; conectado: boolean; fora: boolean; erro: string };

  it('each situation rule and its precedence, and the voltage rules, from the full read at connect', async () => {
    for (const name of ['ok', 'nunca', 'semDevice', 'baixa12', 'mvOk', 'mvBaixa', 'nominal24', 'semTensao', 'gpsInvalido', 'gpsAtrasado']) {
      await unit(name, name !== 'semDevice');
    }
    for (const name of ['silencioso', 'silencioInvalido', 'alarmeSilencioso', 'alarmeAntigo', 'vivo24']) await unit(name);
    await env.t.database.db.execute(sql`UPDATE trackres SET tensao_nominal = 24 WHERE id = ${units.get('nominal24')!.id}`);

    position('ok', recent({ power: 12.6 }));
    position('baixa12', recent({ power: 11.2 }));
    position('mvOk', recent({ power: 12600 }));
    position('mvBaixa', recent({ power: 11200 }));
    // 17.5 V alone would be a healthy 12 V system; the tracker says 24 V.
    position('nominal24', recent({ power: 17.5 }));
    // GT06 units send no main voltage: never judged on it.
    position('semTensao', recent({ batteryLevel: 80 }));
    position('gpsInvalido', recent({ power: 12.8 }, { valid: false }));
    position('gpsAtrasado', recent({ power: 12.8 }, { fixTime: hoursAgo(2) }));
    position('silencioso', recent({ power: 12.8 }, { serverTime: hoursAgo(3), fixTime: hoursAgo(3), deviceTime: hoursAgo(3) }));
    position('silencioInvalido', recent({}, { serverTime: hoursAgo(3), fixTime: hoursAgo(3), valid: false }));
    position('alarmeSilencioso', recent({ alarm: 'powerCut' }, { serverTime: hoursAgo(3), fixTime: hoursAgo(3) }));
    position('alarmeAntigo', recent({ power: 12.5 }));
    position('vivo24', recent({ power: 27.4 }));
    for (const name of ['silencioso', 'silencioInvalido', 'alarmeSilencioso'])
      traccar.devices.get(units.get(name)!.device)!.lastUpdate = hoursAgo(3);

    // Turning Traccar on (silence after 2 hours here) starts the feed: socket, then the whole fleet.
    const saved = await env.admin.put('/v1/users/1', {
      integrations: {
        traccar: { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 },
        frota: { horasSilencio: 2, minutosGps: 60 },
      },
    });
    expect(saved.status).toBe(200);
    await waitFor(async () => (await conexao()).modo === 'socket' && (await situacaoOf('ok')) === 'comunicando');
    expect(traccar.sockets).toBe(1);

    const expected: Record<string, string> = {
      ok: 'comunicando',
      nunca: 'nunca',
      semDevice: 'nunca',
      baixa12: 'alimentacao',
      mvOk: 'comunicando',
      mvBaixa: 'alimentacao',
      nominal24: 'alimentacao',
      semTensao: 'comunicando',
      gpsInvalido: 'sem_gps',
      gpsAtrasado: 'sem_gps',
      silencioso: 'silencioso',
      // Silence comes before an invalid fix; a power alarm of the last 24 h before silence.
      silencioInvalido: 'silencioso',
      alarmeSilencioso: 'alimentacao',
      alarmeAntigo: 'comunicando',
      vivo24: 'comunicando',
    };
    const list = await frota();
    const got = Object.fromEntries([...units].map(([name, u]) => [name, list.Items.find((item) => item.id === u.id)?.situacao]));
    expect(got).toEqual(expected);
    const item = (name: string) => list.Items.find((i) => i.id === units.get(name)!.id)!;
    // mV converted, knots to km/h, satellites and ignition from the attributes; no voltage stays null.
    expect(item('mvOk')).toMatchObject({ tensao: 12.6, velocidade: 50, satelites: 9, ignicao: true, valid: true });
    expect(item('semTensao')).toMatchObject({ tensao: null, bateria: 80 });
    expect(item('ok')).toMatchObject({ placa: units.get('ok')!.veiculo.placa, clienteNome: 'Cliente ok' });

    // The summary counts each situation for the same filters minus situacao; the filter is exact.
    const count = (s: string) => Object.values(expected).filter((v) => v === s).length;
    expect(list.meta.resumo).toMatchObject({
      comunicando: count('comunicando'),
      alimentacao: count('alimentacao'),
      silencioso: count('silencioso'),
      sem_gps: count('sem_gps'),
      nunca: count('nunca'),
      total: units.size,
    });
    const filtered = await frota('&situacao=alimentacao');
    expect(filtered.meta.total).toBe(count('alimentacao'));
    expect(filtered.Items.every((i) => i.situacao === 'alimentacao')).toBe(true);
    expect(filtered.meta.resumo.total).toBe(units.size);
    // Search by plate, and the client filter.
    const byPlate = await frota(`&pesquisa=${units.get('gpsAtrasado')!.veiculo.placa}`);
    expect(byPlate.Items.map((i) => i.id)).toEqual([units.get('gpsAtrasado')!.id]);
    const byClient = await frota(`&idcliente=${units.get('baixa12')!.cliente.id}`);
    expect(byClient.meta).toMatchObject({ total: 1, resumo: { alimentacao: 1, total: 1 } });
    expect((await env.admin.get('/v1/frota?situacao=quebrado')).status).toBe(400);

    // The map: one compact row per tracker with a position.
    const mapa = (await env.admin.get('/v1/frota/mapa')).body;
    const row = mapa.Items.find((r: unknown[]) => r[0] === units.get('ok')!.id);
    expect(row).toEqual([units.get('ok')!.id, -23.55052, -46.63331, 'comunicando', units.get('ok')!.veiculo.placa, 0]);
    expect(mapa.Items.some((r: unknown[]) => r[0] === units.get('nunca')!.id)).toBe(false);
  });

  it('live: a pushed position moves the state within the batch; alarms are kept once; 24 V is learnt from a reading above 18 V', async () => {
    const ok = units.get('ok')!;
    traccar.setPosition(ok.device, recent({ power: 12.7 }, { latitude: -22.9, longitude: -43.2 }));
    await waitFor(async () => (await frota()).Items.find((i) => i.id === ok.id)?.latitude === -22.9, WAIT_MS, 50);

    // 22.5 V: low for the 24 V system seen before (27.4 V), fine for 12 V.
    position('vivo24', recent({ power: 22.5 }));
    await waitFor(async () => (await situacaoOf('vivo24')) === 'alimentacao', WAIT_MS, 50);

    // A power cut: the position carrying it and Traccar's alarm event are one alarm.
    const event = traccar.alarm(ok.device, 'powerCut');
    await waitFor(async () => (await situacaoOf('ok')) === 'alimentacao', WAIT_MS, 50);
    const alarmes = (await env.admin.get(`/v1/frota/alarmes?idrastreador=${ok.id}`)).body;
    expect(alarmes.meta.total).toBe(1);
    expect(alarmes.Items[0]).toMatchObject({ tipo: 'powerCut', idrastreador: ok.id, placa: ok.veiculo.placa });
    expect((await frota()).Items.find((i) => i.id === ok.id)).toMatchObject({ ultimoAlarme: 'powerCut' });
    // The same event again (a reconnect reading it twice) is not a second alarm.
    traccar.pushEvent(ok.device, 'alarm', { alarm: 'powerCut' });
    await env.t.app.frota.settle();
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM frota_alarmes WHERE idrastreador = ${ok.id}`))[0].n).toBe(1);
    expect(event.type).toBe('alarm');

    // An alarm older than 24 h is kept but no longer counts.
    const antigo = units.get('alarmeAntigo')!;
    traccar.setPosition(antigo.device, recent({ power: 12.5 }, { fixTime: hoursAgo(30), serverTime: hoursAgo(30) }));
    traccar.pushEvent(antigo.device, 'alarm', { alarm: 'lowBattery' });
    traccar.setPosition(antigo.device, recent({ power: 12.5 }));
    await waitFor(async () => (await env.admin.get(`/v1/frota/alarmes?idrastreador=${antigo.id}`)).body.meta.total === 1, WAIT_MS, 50);
    expect(await situacaoOf('alarmeAntigo')).toBe('comunicando');
  });

  it('every reconnect reads the whole fleet again (one call per kind), so what happened meanwhile is there', async () => {
    const calls = (path: string) => traccar.requests.filter((r) => r.method === 'GET' && r.path === path).length;
    const before = { devices: calls('/api/devices'), positions: calls('/api/positions') };
    const mvOk = units.get('mvOk')!;
    traccar.dropSockets();
    await waitFor(() => traccar.sockets === 0, WAIT_MS, 10);
    // While the socket is closed, a move nobody pushes.
    traccar.setPosition(mvOk.device, recent({ power: 12.9 }, { latitude: -25.4, longitude: -49.27 }));
    await waitFor(async () => (await frota()).Items.find((i) => i.id === mvOk.id)?.latitude === -25.4, WAIT_MS, 50);
    await waitFor(() => traccar.sockets === 1, WAIT_MS, 20);
    expect(calls('/api/devices')).toBeGreaterThan(before.devices);
    // Never one call per device: the reads come in pairs, however many devices there are (a full
    // read the reconnect has just begun may have read the devices and not yet the positions).
    await waitFor(() => calls('/api/positions') - before.positions === calls('/api/devices') - before.devices, WAIT_MS, 20);
    expect(calls('/api/positions') - before.positions).toBe(calls('/api/devices') - before.devices);
    expect(traccar.requests.filter((r) => r.path.startsWith('/api/devices/')).length).toBe(0);
  });

  it('alarms raised while the socket was down are read from the events report on the next full read, once, in one call for all devices', async () => {
    const calls = (path: string) => traccar.requests.filter((r) => r.method === 'GET' && r.path === path).length;
    const mvOk = units.get('mvOk')!;
    const alarmes = async () =>
      (await env.admin.get(`/v1/frota/alarmes?idrastreador=${mvOk.id}`)).body as { meta: { total: number }; Items: any[] };
    const antes = (await alarmes()).meta.total;
    const naLista = async () =>
      ((await env.admin.get(`/v1/trackres?pageSize=100`)).body.Items as any[]).find((item) => item.id === mvOk.id)?.alarme;
    expect((await naLista())?.tipo ?? null).not.toBe('tampering'); // the list's reply is cached now
    traccar.setSocketEnabled(false);
    await waitFor(() => traccar.sockets === 0, WAIT_MS, 10);
    // Nobody listens: only the events report knows of this alarm (no position carries it).
    const before = { devices: calls('/api/devices'), events: calls('/api/reports/events') };
    const event = traccar.pushEvent(mvOk.device, 'alarm', { alarm: 'tampering' });
    await waitFor(async () => (await alarmes()).meta.total === antes + 1, WAIT_MS, 50);
    expect((await alarmes()).Items[0]).toMatchObject({ tipo: 'tampering', idrastreador: mvOk.id });
    // The tracker shows it: the trackers' list (its cache follows the alarms kept) and its own read.
    expect(await naLista()).toMatchObject({ tipo: 'tampering', em: expect.any(String) });
    expect((await env.admin.get(`/v1/trackres/${mvOk.id}`)).body.alarme).toMatchObject({ tipo: 'tampering' });
    traccar.setSocketEnabled(true);
    await waitFor(() => traccar.sockets === 1, WAIT_MS, 20);
    await waitFor(async () => (await conexao()).modo === 'socket', WAIT_MS, 50);
    // The reconnect's full read reads the gap again: the same event id is not a second alarm.
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM frota_alarmes WHERE event_id = ${event.id}`))[0].n).toBe(1);
    expect((await alarmes()).meta.total).toBe(antes + 1);
    // One events report per read for all the devices (400 a call), never one per device: the reads
    // since the socket went down (polling, then the reconnect's full read) each add one report, and a
    // read under way when the counts were taken adds its report before its devices.
    const reports = calls('/api/reports/events') - before.events;
    expect(reports).toBeGreaterThanOrEqual(1);
    expect(reports).toBeLessThanOrEqual(2 * (calls('/api/devices') - before.devices) + 1);
  });

  it('without the socket it polls; with Traccar down the lists answer the last data with the banner, never a 5xx, and reconnects back off', async () => {
    const ok = units.get('ok')!;
    traccar.setSocketEnabled(false);
    traccar.setPosition(ok.device, recent({ power: 12.7 }, { latitude: -15.79, longitude: -47.88 }));
    await waitFor(async () => (await frota()).Items.find((i) => i.id === ok.id)?.latitude === -15.79, WAIT_MS, 50);
    // A full read begun on the socket before it closed may finish after this one: the banner says polling once settled.
    await waitFor(async () => (await conexao()).modo === 'polling', WAIT_MS, 50);
    traccar.setSocketEnabled(true);
    await waitFor(async () => traccar.sockets === 1 && (await conexao()).modo === 'socket', WAIT_MS, 50);

    const connects = env.t.app.frota.stats.connects;
    const downAt = Date.now();
    await fetch(`${traccar.url}/__fake/down`, { method: 'POST', body: JSON.stringify({ seconds: 30 }) });
    await waitFor(async () => (await conexao()).fora === true, WAIT_MS, 50);
    const during = await frota();
    expect(during.meta.conexao).toMatchObject({ conectado: false, fora: true });
    expect(during.meta.conexao.erro).toMatch(/Traccar/);
    expect(during.Items.find((i) => i.id === ok.id)).toMatchObject({ latitude: -15.79 });
    const rota = await env.admin.get(`/v1/veiculos/${ok.veiculo.id}/rota`);
    expect(rota.status).toBe(200);
    expect(rota.body.aviso).toMatch(/Não foi possível ler a rota do Traccar/);
    expect((await env.admin.get(`/v1/frota/mapa`)).status).toBe(200);
    // No event marks "the feed has waited": give the back-off a second to run, then count. The bound
    // follows the time that really passed (a loaded machine only fires the timers later, never
    // sooner): after 50, 100 and 200 ms every attempt waits 300 ms, so at most 4 attempts plus one per
    // 300 ms, far fewer than one per 100 ms settings tick.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const elapsed = Date.now() - downAt;
    expect(env.t.app.frota.stats.connects - connects).toBeLessThanOrEqual(4 + Math.ceil(elapsed / 300));
    await fetch(`${traccar.url}/__fake/up`, { method: 'POST' });
    await waitFor(async () => (await conexao()).modo === 'socket' && (await conexao()).conectado, WAIT_MS, 50);
  });

  it('the route of a period comes from Traccar, at most 7 days', async () => {
    const ok = units.get('ok')!;
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const rota = await env.admin.get(`/v1/veiculos/${ok.veiculo.id}/rota?from=${from}&to=${to}`);
    expect(rota.status).toBe(200);
    expect(rota.body.Items.length).toBe(traccar.positions.get(ok.device)!.filter((p) => Date.parse(p.fixTime) >= Date.parse(from)).length);
    expect(rota.body.Items.at(-1)).toMatchObject({ latitude: -15.79, velocidade: 50 });
    expect(rota.body.estado).toMatchObject({ id: ok.id });
    const eightDays = await env.admin.get(
      `/v1/veiculos/${ok.veiculo.id}/rota?from=${new Date(Date.now() - 8 * 86400_000).toISOString()}&to=${to}`,
    );
    expect(eightDays.status).toBe(400);
    expect(eightDays.body.errors.to).toBe('Escolha um período de até 7 dias.');
  });

  it('Finalizar stores the live state; without a report in 10 minutes it is a 409 unless confirmed semValidacao, recorded with who', async () => {
    // mvOk: reporting, healthy (ok carries a power cut from the live test: see the next test).
    const ok = units.get('mvOk')!;
    traccar.setPosition(ok.device, recent({ power: 12.7, sat: 11 }));
    await waitFor(async () => (await frota()).Items.find((i) => i.id === ok.id)?.satelites === 11, WAIT_MS, 50);
    const order = async (u: typeof ok) =>
      (await env.admin.post('/v1/ordensservicos', newOrdem({ idcliente: u.cliente.id, idveiculo: u.veiculo.id, iddevice: u.id }))).body;

    const live = await order(ok);
    const tele = await env.admin.get(`/v1/ordensservicos/${live.id}/telemetria`);
    expect(tele.body).toMatchObject({ recente: true, estado: { id: ok.id, satelites: 11, valid: true, ignicao: true } });
    const done = await finalizar(live);
    expect(done.status).toBe(200);
    expect(done.body.validacao).toMatchObject({
      satelites: 11,
      valid: true,
      ignicao: true,
      tensao: 12.7,
      situacao: 'comunicando',
      motivo: '',
    });
    expect(done.body.validacao.ultimaComunicacao).toBeTruthy();

    const quiet = units.get('silencioso')!;
    const silent = await order(quiet);
    const refused = await finalizar(silent);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('O rastreador não comunicou nos últimos 10 minutos. Confirme para finalizar sem validação.');
    expect((await env.admin.get(`/v1/ordensservicos/${silent.id}`)).body).toMatchObject({ status: 0, validacao: null });
    const confirmed = await finalizar(silent, { semValidacao: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.validacao).toMatchObject({ semValidacao: true, por: { id: 1, name: 'Ana Administradora' } });
    expect(tele.body.integracao).toBe(true);

    // Traccar's integration off: nothing to check against, so Finalizar records it with the reason, without asking.
    const traccarOn = { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 };
    expect((await env.admin.put('/v1/users/1', { integrations: { traccar: { ...traccarOn, status: 0 } } })).status).toBe(200);
    try {
      const off = await order(quiet);
      expect((await env.admin.get(`/v1/ordensservicos/${off.id}/telemetria`)).body.integracao).toBe(false);
      const recorded = await finalizar(off);
      expect(recorded.status).toBe(200);
      expect(recorded.body.validacao).toMatchObject({ semValidacao: true, por: { id: 1 }, motivo: 'Integração com o Traccar inativa' });
    } finally {
      await env.admin.put('/v1/users/1', { integrations: { traccar: traccarOn } });
    }
  });

  it('the validation shows the fleet situation and why; Finalizar with a reporting tracker not Comunicando is a 409 unless confirmed aceitarSituacao, and stores the situation', async () => {
    const order = async (name: string) => {
      const u = units.get(name)!;
      return (await env.admin.post('/v1/ordensservicos', newOrdem({ idcliente: u.cliente.id, idveiculo: u.veiculo.id, iddevice: u.id })))
        .body;
    };
    // ok: reports now, with the power cut of the live test (within 24 h).
    const alarmed = units.get('ok')!;
    traccar.setPosition(alarmed.device, recent({ power: 12.9, sat: 8 }));
    await waitFor(async () => (await frota()).Items.find((i) => i.id === alarmed.id)?.satelites === 8, 5_000, 50);
    const cut = await order('ok');
    const tele = (await env.admin.get(`/v1/ordensservicos/${cut.id}/telemetria`)).body;
    expect(tele).toMatchObject({ recente: true, estado: { situacao: 'alimentacao', motivo: { alarme: 'powerCut', tensaoBaixa: false } } });
    expect(motivoSituacao(tele.estado.situacao, tele.estado.motivo, tele.estado.lastUpdate)).toMatch(
      /^Alarme de corte de alimentação (agora|há \d+ min)\.$/,
    );

    const refused = await finalizar(cut);
    expect(refused.status).toBe(409);
    expect(refused.body.errors.situacao).toMatch(
      /^O rastreador não está Comunicando: Alimentação \(Alarme de corte de alimentação (agora|há \d+ min)\)\. Confirme para finalizar com esta validação\.$/,
    );
    expect((await env.admin.get(`/v1/ordensservicos/${cut.id}`)).body).toMatchObject({ status: 0, validacao: null });
    const accepted = await finalizar(cut, { aceitarSituacao: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.validacao).toMatchObject({ situacao: 'alimentacao', satelites: 8, tensao: 12.9 });
    expect(accepted.body.validacao.motivo).toMatch(/^Alarme de corte de alimentação/);
    expect(accepted.body.validacao).not.toHaveProperty('semValidacao');

    // nominal24: 17.5 V on a 24 V system; the reason names the reading, the floor and the system.
    const nominal = units.get('nominal24')!;
    traccar.setPosition(nominal.device, recent({ power: 17.5 }));
    await env.t.app.frota.settle();
    const low = await order('nominal24');
    const lowTele = (await env.admin.get(`/v1/ordensservicos/${low.id}/telemetria`)).body;
    expect(lowTele.estado).toMatchObject({ situacao: 'alimentacao', motivo: { tensaoBaixa: true, sistema: 24, piso: 23 } });
    expect(motivoSituacao(lowTele.estado.situacao, lowTele.estado.motivo)).toBe('Tensão de 17,5 V, abaixo de 23 V do sistema de 24 V.');
    // gpsInvalido: reports, position invalid: Sem GPS, and asked too.
    const semGps = units.get('gpsInvalido')!;
    traccar.setPosition(semGps.device, recent({ power: 12.5 }, { valid: false }));
    await env.t.app.frota.settle();
    const gps = await order('gpsInvalido');
    const gpsTele = (await env.admin.get(`/v1/ordensservicos/${gps.id}/telemetria`)).body;
    expect(gpsTele.estado).toMatchObject({ situacao: 'sem_gps', motivo: { gpsInvalido: true } });
    const gpsRefused = await finalizar(gps);
    expect(gpsRefused.status).toBe(409);
    expect(gpsRefused.body.errors.situacao).toBe(
      'O rastreador não está Comunicando: Sem GPS (Relata, mas a posição GPS é inválida). Confirme para finalizar com esta validação.',
    );
  });

  it('the summary and the totals equal count(*) after every kind of write (feed, sweep, a new and a removed tracker), and the pages keep the order', async () => {
    const exact = async () => {
      const counted = await rows<{ s: string; n: number }>(sql`SELECT situacao AS s, count(*)::int AS n FROM frota_estado GROUP BY 1`);
      const expected: Record<string, number> = { comunicando: 0, silencioso: 0, alimentacao: 0, sem_gps: 0, nunca: 0 };
      for (const { s, n } of counted) expected[s] = n;
      const total = counted.reduce((sum, row) => sum + row.n, 0);
      const list = await frota();
      expect(list.meta.resumo).toEqual({ ...expected, total });
      expect(list.meta.total).toBe(total);
      for (const [s, n] of Object.entries(expected)) {
        const one = await frota(`&situacao=${s}`);
        expect([s, one.meta.total, one.Items.length, one.meta.resumo.total]).toEqual([s, n, n, total]);
      }
      return expected;
    };
    const before = await exact();
    // A new tracker starts as nunca; a removed one leaves the counts (its row goes by the foreign key's cascade).
    await unit('novo', false);
    expect((await exact()).nunca).toBe(before.nunca + 1);
    const novo = units.get('novo')!;
    expect((await env.admin.delete(`/v1/trackres/${novo.id}`)).status).toBe(200);
    units.delete('novo');
    expect(await exact()).toEqual(before);
    // The sweep moves situations with time alone: three hours on, every tracker that reports is silent (2 h here).
    expect(
      await refreshSituacao(env.t.database.db, { horasSilencio: 2, minutosGps: 60 }, undefined, new Date(Date.now() + 3 * 3600_000)),
    ).toBeGreaterThan(0);
    const later = await exact();
    expect(later.silencioso).toBeGreaterThan(before.silencioso);
    await refreshSituacao(env.t.database.db, { horasSilencio: 2, minutosGps: 60 });
    await exact();

    // The whole list in pages of 4 is the fleet in the list's order: problems first, newest tracker first.
    const ordered = await rows<{ id: number }>(sql`SELECT idrastreador AS id FROM frota_estado ORDER BY
      CASE situacao WHEN 'alimentacao' THEN 0 WHEN 'silencioso' THEN 1 WHEN 'sem_gps' THEN 2 WHEN 'nunca' THEN 3 ELSE 4 END, idrastreador DESC`);
    const paged: number[] = [];
    for (let page = 1; page <= ordered.length; page++) {
      const reply = (await env.admin.get(`/v1/frota?pageSize=4&page=${page}`)).body as { Items: { id: number }[] };
      paged.push(...reply.Items.map((item) => item.id));
      if (reply.Items.length < 4) break;
    }
    expect(paged).toEqual(ordered.map((row) => row.id));

    if (backend === 'postgres') {
      // Two sessions move two trackers' situations at once: neither waits for the other (each adds to its own
      // rows), and once both commit the counts are exact again. Two trackers of their own, with no device in
      // Traccar: the feed, which writes the others' rows meanwhile, never holds theirs.
      await unit('sessaoA', false);
      await unit('sessaoB', false);
      const [a, b] = [units.get('sessaoA')!.id, units.get('sessaoB')!.id];
      const other = await openDatabase({ url: env.t.url!, poolSize: 1 });
      try {
        let release = () => undefined as void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let wrote = () => undefined as void;
        const written = new Promise<void>((resolve) => (wrote = resolve));
        const first = env.t.database.db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE frota_estado SET situacao = 'sem_gps' WHERE idrastreador = ${a}`);
          wrote();
          await held;
        });
        await written;
        try {
          await other.db.transaction(async (tx) => {
            await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
            await tx.execute(sql`UPDATE frota_estado SET situacao = 'silencioso' WHERE idrastreador = ${b}`);
          });
        } finally {
          // Ends the first session even when the second failed, so no later test waits on its row.
          release();
          await first;
        }
      } finally {
        await other.close();
      }
      const moved = await exact();
      expect(moved.sem_gps + moved.silencioso).toBeGreaterThanOrEqual(2);
      const sessions = await rows<{ n: number }>(sql`SELECT count(DISTINCT sessao)::int AS n FROM frota_resumo`);
      expect(sessions[0].n).toBeGreaterThan(1);
    }
  });

  it('another process takes the feed over when the holder goes, and reads the whole fleet', async () => {
    const second =
      backend === 'postgres' ? await openDatabase({ url: env.t.url!, poolSize: 2 }) : { ...env.t.database, close: async () => undefined };
    const other = new FrotaFeed(second, silentLog, FEED);
    traccar.setSocketEnabled(true);
    try {
      await other.start();
      expect(other.holder).toBe(false);
      expect(env.t.app.frota.holder).toBe(true);
      if (backend === 'postgres') {
        // The holder's process dies: its session ends, and with it the lock (the server frees it, not the holder).
        // Only this database's holder: another run on the same server holds the same key in its own.
        const killed = await rows<{ ok: boolean }>(
          sql`SELECT pg_terminate_backend(pid) AS ok FROM pg_locks
              WHERE locktype = 'advisory' AND objid = 727301 AND pid <> pg_backend_pid()
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        expect(killed).toEqual([{ ok: true }]);
      }
      // …and nothing of it runs any more.
      await env.t.app.frota.stop();
      await waitFor(() => other.holder, WAIT_MS, 50);
      await waitFor(() => other.stats.refreshes > 0 && traccar.sockets >= 1, WAIT_MS, 50);
      const moved = units.get('mvOk')!;
      traccar.setPosition(moved.device, recent({ power: 12.9 }, { latitude: -3.73, longitude: -38.52 }));
      await waitFor(async () => (await frota()).Items.find((i) => i.id === moved.id)?.latitude === -3.73, WAIT_MS, 50);
    } finally {
      await other.stop();
      await second.close();
    }
  });
});
