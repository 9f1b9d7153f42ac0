/**
 * The técnico's phone (DESIGN 11, "The técnico's phone"; issue 35), through the real app on each
 * database: the role's reach beside the matrix (access.test.ts), the agenda and the técnico's
 * stock, the operations applied once by their uuid (a replay makes one photo and one
 * finalization), each conflict rule (another técnico's, finalized elsewhere, client, vehicle or
 * tracker changed after versaoBase) applying nothing, the checklist merged per item by `em`, the
 * signature, and the office's approval.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { CHECKLIST_ITEMS } from '../../domain/ordensservicos';
import { appToday } from '../../server/regras/clock';
import { startTraccarFake, type TraccarFake } from '../fakes/traccar';
import { backends, Client, newTecnico, useInstalledApp } from '../support/app';
import { dataUrl, PNG_1PX } from '../support/files';
import { ENDERECO_CAMPINAS, newChip, newCliente, newOrdem, newTracker, newVeiculo } from '../support/registry';

const FULL = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [item, 'OK']));
const PNG = dataUrl('image/png', PNG_1PX);
/** A JPEG's first bytes: an image, but not the PNG a signature must be. */
const JPEG = dataUrl('image/jpeg', Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300' + '08'.repeat(64) + 'ffd9', 'hex'));

describe.each(backends)('o celular do técnico (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const post = (path: string, body: unknown) => env.admin.create(path, body);
  const get = (path: string) => env.admin.read(path);

  /** A signed-in técnico. */
  async function tecnico() {
    const fields = newTecnico();
    const created = await post('/v1/users', fields);
    const client = new Client(env.t.app);
    expect((await client.login(fields.login, fields.password)).status).toBe(200);
    return { client, id: created.id as number, name: fields.name as string };
  }
  /** An order of a client with an address, for the técnico, on `agendamento`. */
  async function ordem(idtecnico: number | null, overrides: Record<string, unknown> = {}) {
    const cliente = await post(
      '/v1/clientes',
      newCliente({
        ...ENDERECO_CAMPINAS,
        phone: '1933334444',
        contatos: [{ name: 'Rita', email: '', phone: '', mobilePhone: '19999998888' }],
      }),
    );
    const veiculo = await post('/v1/veiculos', newVeiculo(cliente.id));
    const tracker = await post('/v1/trackres', newTracker());
    const links = { idcliente: cliente.id, idveiculo: veiculo.id, iddevice: tracker.id };
    const created = await post('/v1/ordensservicos', newOrdem(links, { idtecnico, agendamento: appToday(), ...overrides }));
    return { ...created, cliente, veiculo, tracker, links };
  }
  const op = (o: { id: number; versao: number }, tipo: string, dados: unknown, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    idordemservico: o.id,
    versaoBase: o.versao,
    em: new Date().toISOString(),
    tipo,
    dados,
    ...extra,
  });
  const fotosDe = async (id: number) => (await get(`/v1/uploads?documento=ordensservicos&unid=${id}`)).Items as unknown[];

  it('a técnico reaches its own user (no settings but its own), its session and its own orders, and nothing of the office', async () => {
    const t = await tecnico();
    const other = await tecnico();
    const mine = await ordem(t.id);
    const theirs = await ordem(other.id);
    for (const path of [
      '/v1/clientes',
      '/v1/cobrancas',
      '/v1/financeiro/indicadores',
      '/v1/users',
      '/v1/tecnicos',
      `/v1/ordensservicos/${mine.id}`,
    ])
      expect((await t.client.get(path)).status, path).toBe(403);
    // Refused before the body is read: an invalid body still answers 403.
    expect((await t.client.post('/v1/clientes', { name: 42 })).status).toBe(403);
    const self = await t.client.get(`/v1/users/${t.id}`);
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ id: t.id, acesso: 3, nivel: '3' });
    expect(self.body.integrations).toEqual({ campo: { exigirAprovacao: false } });
    expect((await t.client.get(`/v1/users/${other.id}`)).status).toBe(403);
    expect((await t.client.get('/v1/session')).body).toMatchObject({ id: t.id, nivel: '3' });
    expect((await t.client.get(`/v1/ordensservicos/${mine.id}/telemetria`)).status).toBe(200);
    expect((await t.client.get(`/v1/ordensservicos/${theirs.id}/telemetria`)).status).toBe(404);
    expect((await t.client.get('/v1/ordensservicos/999999/telemetria')).status).toBe(404);
    // Staff do not call the field's routes.
    expect((await env.admin.get('/v1/campo/agenda')).status).toBe(403);
    expect((await t.client.delete('/v1/session')).status).toBe(200);
    expect((await t.client.get('/v1/campo/agenda')).status).toBe(401);
  });

  it('GET /v1/campo/agenda: its orders from today to today + 6 by agendamento, horario, ordemRota and id, with what the visit needs and no money', async () => {
    const t = await tecnico();
    const today = appToday();
    const late = await ordem(t.id, { horario: '15:00' });
    const second = await ordem(t.id, { horario: '09:00', ordemRota: 2 });
    const first = await ordem(t.id, { horario: '09:00', ordemRota: 1 });
    const tomorrow = await ordem(t.id, { agendamento: addDays(today, 1), horario: '08:00' });
    await ordem(t.id, { agendamento: addDays(today, 7) });
    await ordem(t.id, { agendamento: addDays(today, -1) });
    await ordem((await tecnico()).id);
    const reply = await t.client.get('/v1/campo/agenda');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ de: today, ate: addDays(today, 6) });
    expect(reply.body.Items.map((o: { id: number }) => o.id)).toEqual([first.id, second.id, late.id, tomorrow.id]);
    const item = reply.body.Items[0];
    expect(item).toMatchObject({
      id: first.id,
      versao: 1,
      status: 0,
      rejeicao: null,
      assinaturaCliente: null,
      fotos: [],
      cliente: {
        id: first.cliente.id,
        name: first.cliente.name,
        phones: ['11987654321', '1933334444', '19999998888'],
        endereco: 'Rua das Flores, 120, Centro, Campinas - SP, 13010000',
      },
      veiculo: { id: first.veiculo.id, placa: first.veiculo.placa, marca: first.veiculo.marca },
      device: { id: first.tracker.id, imei: first.tracker.imei },
      navegacao: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Rua das Flores, 120, Centro, Campinas - SP, 13010000')}`,
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/valor|preco|cpf/i);
    const range = await t.client.get(`/v1/campo/agenda?de=${addDays(today, 7)}&ate=${addDays(today, 7)}`);
    expect(range.body.Items).toHaveLength(1);
    for (const query of [`de=${today}&ate=${addDays(today, 14)}`, `de=${today}&ate=${addDays(today, -1)}`, 'de=2026-02-30'])
      expect((await t.client.get(`/v1/campo/agenda?${query}`)).status, query).toBe(400);
    expect((await t.client.get(`/v1/campo/agenda?de=${today}&ate=${addDays(today, 13)}`)).status).toBe(200);
  });

  it('GET /v1/campo/estoque: the trackers and chips in its hands only', async () => {
    const t = await tecnico();
    const tracker = await post('/v1/trackres', newTracker());
    const chip = await post('/v1/chips', newChip());
    await post('/v1/trackres', newTracker());
    await env.admin.post(`/v1/trackres/${tracker.id}/movimentos`, { situacao: 'tecnico', idtecnico: t.id });
    await env.admin.post(`/v1/chips/${chip.id}/movimentos`, { situacao: 'tecnico', idtecnico: t.id });
    const reply = await t.client.get('/v1/campo/estoque');
    expect(reply.status).toBe(200);
    expect(reply.body.trackres).toEqual([expect.objectContaining({ id: tracker.id, imei: tracker.imei })]);
    expect(reply.body.chips).toEqual([expect.objectContaining({ id: chip.id, iccid: chip.iccid })]);
  });

  it('a replay makes one photo and one finalization: the same id gets its first answer back (repetida)', async () => {
    const t = await tecnico();
    const o = await ordem(t.id);
    const foto = op(o, 'foto', { base64: PNG, name: 'painel.png' });
    const first = await t.client.post('/v1/campo/operacoes', foto);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: foto.id,
      resultado: 'aplicada',
      ordem: { id: o.id, fotos: [{ name: 'painel.png', type: 'image/png' }] },
    });
    const again = await t.client.post('/v1/campo/operacoes', foto);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, resultado: 'repetida' });
    expect(await fotosDe(o.id)).toHaveLength(1);
    // The same operation sent twice at once (a retry while the first is still on its way): applied once.
    const twice = op(o, 'observacao', { texto: 'Enviada duas vezes.' });
    const [x, y] = await Promise.all([t.client.post('/v1/campo/operacoes', twice), t.client.post('/v1/campo/operacoes', twice)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect([x.body.resultado, y.body.resultado].sort()).toEqual(['aplicada', 'repetida']);
    expect((await get(`/v1/ordensservicos/${o.id}`)).informacoes.match(/Enviada duas vezes\./g)).toHaveLength(1);

    const checklist = op(o, 'checklist', { itens: FULL });
    expect((await t.client.post('/v1/campo/operacoes', checklist)).status).toBe(200);
    const finalizar = op(o, 'finalizar', {});
    const done = await t.client.post('/v1/campo/operacoes', finalizar);
    expect(done.status).toBe(200);
    // The Traccar integration is off: judged at sync as DESIGN 10 says, recorded without validation and why.
    expect(done.body.ordem).toMatchObject({
      status: 1,
      validacao: { semValidacao: true, por: { id: t.id }, motivo: 'Integração com o Traccar inativa' },
    });
    const replay = await t.client.post('/v1/campo/operacoes', finalizar);
    expect(replay.body).toEqual({ ...done.body, resultado: 'repetida' });
    expect(await get(`/v1/ordensservicos/${o.id}`)).toMatchObject({ status: 1, checklist: FULL });
    const [{ n }] = (await env.t.database.raw(`SELECT count(*)::int AS n FROM campo_operacoes WHERE idordemservico = ${o.id}`)).rows as {
      n: number;
    }[];
    expect(n).toBe(4);
    // Another técnico cannot reuse an id.
    const other = await tecnico();
    const stolen = await other.client.post('/v1/campo/operacoes', { ...finalizar });
    expect(stolen.status).toBe(409);
  });

  it('Finalizar needs every checklist answer (400, nothing stored); the checklist merges per item, the later em winning', async () => {
    const t = await tecnico();
    const o = await ordem(t.id);
    const early = new Date(Date.now() - 60_000).toISOString();
    const late = new Date().toISOString();
    const incomplete = await t.client.post('/v1/campo/operacoes', op(o, 'finalizar', {}));
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors.checklist).toBeTruthy();
    const [buzina, luz] = ['Buzina', 'Luz Alta'];
    expect((await t.client.post('/v1/campo/operacoes', op(o, 'checklist', { itens: { [buzina]: 'NT' } }, { em: late }))).status).toBe(200);
    // Made earlier, synced later: it loses Buzina, and adds Luz Alta.
    const merged = await t.client.post(
      '/v1/campo/operacoes',
      op(o, 'checklist', { itens: { [buzina]: 'OK', [luz]: 'OK' } }, { em: early }),
    );
    expect(merged.body.ordem.checklist).toEqual({ [buzina]: 'NT', [luz]: 'OK' });
    const obs = await t.client.post('/v1/campo/operacoes', op(o, 'observacao', { texto: 'Cliente pediu bloqueio noturno.' }));
    expect(obs.body.ordem.informacoes).toContain('Cliente pediu bloqueio noturno.');
    expect((await get('/v1/ordensservicos/' + o.id)).status).toBe(0);
  });

  it('the signature: a PNG, one per order (a new one replaces it), readable by staff', async () => {
    const t = await tecnico();
    const o = await ordem(t.id);
    const jpeg = await t.client.post('/v1/campo/operacoes', op(o, 'assinatura', { base64: JPEG, nome: 'João' }));
    expect(jpeg.status).toBe(400);
    const first = await t.client.post('/v1/campo/operacoes', op(o, 'assinatura', { base64: PNG, nome: 'João da Silva' }));
    expect(first.status).toBe(200);
    expect(first.body.ordem.assinaturaCliente).toMatchObject({ nome: 'João da Silva' });
    const second = await t.client.post('/v1/campo/operacoes', op(o, 'assinatura', { base64: PNG, nome: 'Maria da Silva' }));
    expect(second.body.ordem.assinaturaCliente).toMatchObject({ nome: 'Maria da Silva' });
    const stored = (await get(`/v1/uploads?documento=assinatura&unid=${o.id}`)).Items;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: second.body.ordem.assinaturaCliente.idupload, type: 'image/png' });
  });

  describe('Finalizar is judged at sync against the tracker, as DESIGN 10 says', () => {
    let traccar: TraccarFake;
    beforeAll(async () => {
      traccar = await startTraccarFake();
    });
    afterAll(() => traccar.close());

    it('with Traccar on and no report in 10 minutes: 409 conflito (validacao), nothing applied, unless semValidacao', async () => {
      const traccarOn = { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 };
      expect((await env.admin.put('/v1/users/1', { integrations: { traccar: traccarOn } })).status).toBe(200);
      try {
        const t = await tecnico();
        const o = await ordem(t.id);
        await t.client.post('/v1/campo/operacoes', op(o, 'checklist', { itens: FULL }));
        const finalizar = op(o, 'finalizar', {});
        const refused = await t.client.post('/v1/campo/operacoes', finalizar);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({
          resultado: 'conflito',
          motivo: 'validacao',
          message: 'O rastreador não comunicou nos últimos 10 minutos. Confirme para finalizar sem validação.',
          ordem: { id: o.id, status: 0, validacao: null },
        });
        expect(refused.body.errors).toHaveProperty('semValidacao');
        // Nothing was kept under its id: confirmed, the same id applies.
        const confirmed = await t.client.post('/v1/campo/operacoes', { ...finalizar, dados: { semValidacao: true } });
        expect(confirmed.status).toBe(200);
        expect(confirmed.body).toMatchObject({
          resultado: 'aplicada',
          ordem: { status: 1, validacao: { semValidacao: true, por: { id: t.id, name: t.name } } },
        });
        expect(confirmed.body.ordem.validacao).not.toHaveProperty('motivo');
      } finally {
        await env.admin.put('/v1/users/1', { integrations: { traccar: { ...traccarOn, status: 0 } } });
      }
    });
  });

  describe('conflicts apply nothing (409 conflito, with the order as it is when still its own)', () => {
    it('the order is no longer the técnico’s', async () => {
      const t = await tecnico();
      const other = await tecnico();
      const o = await ordem(t.id);
      expect((await env.admin.put(`/v1/ordensservicos/${o.id}`, { ...o, idtecnico: other.id })).status).toBe(200);
      const reply = await t.client.post('/v1/campo/operacoes', op(o, 'foto', { base64: PNG, name: 'a.png' }));
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ resultado: 'conflito', motivo: 'outro_tecnico', ordem: null });
      expect(typeof reply.body.message).toBe('string');
      expect(await fotosDe(o.id)).toHaveLength(0);
      // Nothing was stored under the id: the same operation is judged again.
      expect((await t.client.post('/v1/campo/operacoes', op(o, 'checklist', { itens: { Buzina: 'OK' } }))).status).toBe(409);
      expect((await t.client.post('/v1/campo/operacoes', op({ id: 999_999, versao: 1 }, 'observacao', { texto: 'x' }))).body.motivo).toBe(
        'outro_tecnico',
      );
    });

    it('finalized elsewhere', async () => {
      const t = await tecnico();
      const o = await ordem(t.id);
      expect((await env.admin.put(`/v1/ordensservicos/${o.id}`, { ...o, status: 1, checklist: FULL })).status).toBe(200);
      const reply = await t.client.post('/v1/campo/operacoes', op(o, 'checklist', { itens: { Buzina: 'NT' } }));
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ resultado: 'conflito', motivo: 'finalizada', ordem: { id: o.id, status: 1 } });
      expect((await get(`/v1/ordensservicos/${o.id}`)).checklist.Buzina).toBe('OK');
    });

    it('its client, or vehicle and tracker, changed after versaoBase; a change of anything else is no conflict', async () => {
      const t = await tecnico();
      const o = await ordem(t.id);
      // Another description: versao moves, the links do not.
      const renamed = (await env.admin.put(`/v1/ordensservicos/${o.id}`, { ...o, descricao: 'Outra descrição' })).body;
      expect(renamed.versao).toBe(o.versao + 1);
      expect((await t.client.post('/v1/campo/operacoes', op(o, 'checklist', { itens: { Buzina: 'OK' } }))).status).toBe(200);
      // The tracker alone: the old one taken out of the vehicle, a free one put on the order.
      {
        const before = await get(`/v1/ordensservicos/${o.id}`);
        const old = await get(`/v1/trackres/${before.iddevice}`);
        expect((await env.admin.put(`/v1/trackres/${old.id}`, { ...old, idveiculo: 0, idcliente: 0 })).status).toBe(200);
        const moved = await env.admin.put(`/v1/ordensservicos/${o.id}`, {
          ...before,
          iddevice: (await post('/v1/trackres', newTracker())).id,
        });
        expect(moved.status).toBe(200);
        const stale = await t.client.post('/v1/campo/operacoes', op(before, 'checklist', { itens: { Buzina: 'NT' } }));
        expect(stale.body).toMatchObject({ resultado: 'conflito', motivo: 'vinculos' });
        expect((await get(`/v1/ordensservicos/${o.id}`)).checklist.Buzina).toBe('OK');
      }
      for (const change of ['veiculo', 'cliente'] as const) {
        const before = await get(`/v1/ordensservicos/${o.id}`);
        // A vehicle keeps one tracker: a new vehicle comes with a new tracker.
        const idcliente = change === 'cliente' ? (await post('/v1/clientes', newCliente())).id : before.idcliente;
        const next = {
          idcliente,
          idveiculo: (await post('/v1/veiculos', newVeiculo(idcliente))).id,
          iddevice: (await post('/v1/trackres', newTracker())).id,
        };
        const moved = await env.admin.put(`/v1/ordensservicos/${o.id}`, { ...before, ...next });
        expect(moved.status, change).toBe(200);
        const stale = await t.client.post('/v1/campo/operacoes', op(before, 'observacao', { texto: `antes: ${change}` }));
        expect(stale.status, change).toBe(409);
        expect(stale.body, change).toMatchObject({
          resultado: 'conflito',
          motivo: 'vinculos',
          ordem: { id: o.id, versao: moved.body.versao },
        });
        expect((await get(`/v1/ordensservicos/${o.id}`)).informacoes).not.toContain(`antes: ${change}`);
        // Made on the order as it is now, it applies.
        expect((await t.client.post('/v1/campo/operacoes', op(moved.body, 'observacao', { texto: `depois: ${change}` }))).status).toBe(200);
      }
    });
  });

  it('approval: with campo.exigirAprovacao a técnico’s Finalizar waits (2); staff approve (1) or reprove (0 with the reason), audited', async () => {
    expect((await env.admin.put('/v1/users/1', { integrations: { campo: { exigirAprovacao: true } } })).status).toBe(200);
    try {
      const t = await tecnico();
      const usuario = await post('/v1/users', { ...newTecnico(), acesso: 2 });
      const o = await ordem(t.id);
      await t.client.post('/v1/campo/operacoes', op(o, 'checklist', { itens: FULL }));
      const waiting = await t.client.post('/v1/campo/operacoes', op(o, 'finalizar', {}));
      expect(waiting.body.ordem.status).toBe(2);
      expect((await get(`/v1/ordensservicos?status=2&idtecnico=${t.id}`)).Items.map((i: { id: number }) => i.id)).toEqual([o.id]);
      // Staff cannot edit it meanwhile; the técnico cannot approve; reprove needs a reason.
      const read = await get(`/v1/ordensservicos/${o.id}`);
      expect((await env.admin.put(`/v1/ordensservicos/${o.id}`, { ...read, status: 0 })).status).toBe(409);
      expect((await t.client.post(`/v1/ordensservicos/${o.id}/aprovar`)).status).toBe(403);
      expect((await env.admin.post(`/v1/ordensservicos/${o.id}/rejeitar`, {})).status).toBe(400);
      const rejected = await env.admin.post(`/v1/ordensservicos/${o.id}/rejeitar`, { motivo: 'Falta a foto do chicote.' });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({
        status: 0,
        rejeicao: { motivo: 'Falta a foto do chicote.', por: { id: 1, name: 'Ana Administradora' } },
      });
      expect((await env.admin.post(`/v1/ordensservicos/${o.id}/aprovar`)).status).toBe(409);
      // The office's order page reads who reproved it, when and why.
      const lida = await get(`/v1/ordensservicos/${o.id}`);
      expect(lida).toMatchObject({ status: 0, rejeicao: rejected.body.rejeicao });
      expect(Math.abs(Date.parse(lida.rejeicao.em) - Date.now())).toBeLessThan(5 * 60_000);
      // The técnico sees why, and finalizes again.
      const agenda = (await t.client.get('/v1/campo/agenda')).body.Items.find((i: { id: number }) => i.id === o.id);
      expect(agenda.rejeicao).toMatchObject({ motivo: 'Falta a foto do chicote.' });
      const again = await t.client.post('/v1/campo/operacoes', op(agenda, 'finalizar', {}));
      expect(again.body.ordem).toMatchObject({ status: 2, rejeicao: null });
      const approved = await env.admin.post(`/v1/ordensservicos/${o.id}/aprovar`);
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe(1);
      expect((await env.admin.post(`/v1/ordensservicos/${o.id}/aprovar`)).status).toBe(409);
      const audit = (await get('/v1/auditoria?acao=aprovacao&pageSize=100')).Items.filter((e: { descricao: string }) =>
        e.descricao.includes(`#${o.id}`),
      );
      expect(audit.map((e: { resultado: string }) => e.resultado).sort()).toEqual(['Aprovada', 'Reprovada']);
      expect(usuario.id).toBeGreaterThan(0);
    } finally {
      await env.admin.put('/v1/users/1', { integrations: { campo: { exigirAprovacao: false } } });
    }
  });

  it('approving a removal order moves its stock then: the tracker goes back to the técnico', async () => {
    expect((await env.admin.put('/v1/users/1', { integrations: { campo: { exigirAprovacao: true } } })).status).toBe(200);
    try {
      const t = await tecnico();
      const installed = await ordem(t.id);
      const removal = await post(
        '/v1/ordensservicos',
        newOrdem(installed.links, { idtecnico: t.id, tipo: 'retirada', agendamento: appToday() }),
      );
      await t.client.post('/v1/campo/operacoes', op(removal, 'checklist', { itens: FULL }));
      expect((await t.client.post('/v1/campo/operacoes', op(removal, 'finalizar', {}))).body.ordem.status).toBe(2);
      expect((await get(`/v1/trackres/${installed.tracker.id}`)).idveiculo).toBe(installed.veiculo.id);
      expect((await env.admin.post(`/v1/ordensservicos/${removal.id}/aprovar`)).status).toBe(200);
      expect(await get(`/v1/trackres/${installed.tracker.id}`)).toMatchObject({ idveiculo: 0, situacao: 'tecnico', idtecnico: t.id });
    } finally {
      await env.admin.put('/v1/users/1', { integrations: { campo: { exigirAprovacao: false } } });
    }
  });
});
