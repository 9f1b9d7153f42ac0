/**
 * Traccar against the local fake (issue 10, DESIGN 7, INTEGRATIONS.md 1): the connection test, the
 * devices and client users the queue keeps in step with the registry (search first, Traccar down
 * never failing a save, retried until it is back), the client's user disabled while Bloqueado,
 * and the manual engine commands with their audit log.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { runBilling } from '../../server/cobrancas/faturamento';
import { startTraccarFake, type TraccarFake } from '../fakes/traccar';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { newChip, newCliente, newTracker, newVeiculo } from '../support/registry';
import { waitFor } from '../support/wait';

describe.each(backends)('Traccar (%s)', (backend) => {
  const env = useInstalledApp(backend, { workers: { pollingIntervalSeconds: 0.5 } });
  let traccar: TraccarFake;

  beforeAll(async () => {
    traccar = await startTraccarFake();
  });
  afterAll(() => traccar.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const configure = (overrides: Record<string, unknown> = {}) =>
    env.admin.put('/v1/users/1', {
      integrations: { traccar: { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1, ...overrides } },
    });
  const syncOf = async (id: number) =>
    (
      await rows<{ traccarId: number | null; sync: number | null; erro: string }>(
        sql`SELECT traccar_id AS "traccarId", traccar_sync AS sync, traccar_erro AS erro FROM trackres WHERE id = ${id}`,
      )
    )[0];
  const synced = (id: number) => waitFor(async () => (await syncOf(id))?.sync === 0);
  const deviceOf = (imei: string) => [...traccar.devices.values()].filter((device) => device.uniqueId === imei);
  const userOf = (login: string) => [...traccar.users.values()].find((user) => user.email === login);
  const linked = (userId: number, deviceId: number) => traccar.permissions.some((p) => p.userId === userId && p.deviceId === deviceId);
  /** A failed attempt waits 10–20 s for its retry: the test brings it forward instead of sleeping. */
  const retryNow = () =>
    env.t.database.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'traccar-sync' AND state = 'retry'`);
  const newClient = async (overrides: Record<string, unknown> = {}) => (await env.admin.post('/v1/clientes', newCliente(overrides))).body;
  /** A client's vehicle with a tracker on it, synced. */
  const installed = async (clientOverrides: Record<string, unknown> = {}) => {
    const cliente = await newClient(clientOverrides);
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    const tracker = (await env.admin.post('/v1/trackres', newTracker({ idveiculo: veiculo.id }))).body;
    await synced(tracker.id);
    return { cliente, veiculo, tracker, deviceId: (await syncOf(tracker.id)).traccarId! };
  };

  it('test connection: the token must be the user id’s; a wrong id is 409, a refused token 502, no answer 504; administrators only', async () => {
    const body = { server: traccar.url, userId: String(traccar.userId), token: traccar.token };
    const ok = await env.admin.post('/v1/integrations/traccar/test', body);
    expect(ok).toMatchObject({ status: 200, body: { message: 'Conexão estabelecida com o Traccar (usuário admin).' } });
    // A server typed with /api at the end works too.
    expect((await env.admin.post('/v1/integrations/traccar/test', { ...body, server: `${traccar.url}/api/` })).status).toBe(200);

    const otherUser = await env.admin.post('/v1/integrations/traccar/test', { ...body, userId: '99' });
    expect(otherUser.status).toBe(409);
    expect(otherUser.body.message).toMatch(/pertence ao usuário admin \(ID 1\).*ID 99/);

    const refused = await env.admin.post('/v1/integrations/traccar/test', { ...body, token: 'token-que-nao-vale' });
    // The token typed is what is wrong: a 400 under the field, never a 5xx.
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Traccar recusou o token/);
    expect(refused.body.errors.token).toMatch(/^Traccar recusou o token/);
    expect(JSON.stringify(refused.body)).not.toContain('token-que-nao-vale');

    const unreachable = await env.admin.post('/v1/integrations/traccar/test', { ...body, server: 'http://127.0.0.1:1' });
    expect(unreachable.status).toBe(504);
    expect(unreachable.body.message).toMatch(/Não foi possível conectar ao Traccar/);

    const invalid = await env.admin.post('/v1/integrations/traccar/test', { server: 'ftp://x', userId: 'abc', token: '' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['server', 'token', 'userId']);

    // The mask stands for the stored token.
    expect((await configure()).status).toBe(200);
    expect((await env.admin.post('/v1/integrations/traccar/test', { ...body, token: SECRET_MASK })).status).toBe(200);

    // A Usuario may not test, and never reads the token.
    const usuario = new Client(env.t.app);
    const account = newUser();
    const created = await env.admin.post('/v1/users', account);
    await usuario.login(account.login, account.password);
    expect((await usuario.post('/v1/integrations/traccar/test', body)).status).toBe(403);
    const own = await usuario.get(`/v1/users/${created.body.id}`);
    expect(own.body.integrations.traccar.token).toBe(SECRET_MASK);
    expect(JSON.stringify(own.body)).not.toContain(traccar.token);
  });

  it('a saved tracker becomes a device named by its plate (the IMEI without one), follows the plate and the chip, and goes with the tracker', async () => {
    await configure();
    const imei = newTracker().imei;
    const created = await env.admin.post('/v1/trackres', newTracker({ imei }));
    expect(created.status).toBe(201);
    expect(created.body.traccarSync).toMatchObject({ status: 'pendente' });
    await synced(created.body.id);
    expect(deviceOf(imei)).toMatchObject([{ name: imei, uniqueId: imei }]);
    const read = (await env.admin.get(`/v1/trackres/${created.body.id}`)).body;
    expect(read.traccarSync).toEqual({ status: 'sincronizado', erro: '', em: expect.any(String) });
    // The internals stay hidden.
    expect(read).not.toHaveProperty('traccarId');
    expect(read).not.toHaveProperty('traccarErro');
    expect(read).not.toHaveProperty('traccarSyncAt');
    const listed = (await env.admin.get(`/v1/trackres?pesquisa=${imei}`)).body.Items[0];
    expect(listed.traccarSync.status).toBe('sincronizado');

    // On a vehicle: named by the plate; the plate changes, the name follows.
    const cliente = await newClient();
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    expect((await env.admin.put(`/v1/trackres/${created.body.id}`, { ...newTracker({ imei }), idveiculo: veiculo.id })).status).toBe(200);
    await waitFor(() => deviceOf(imei)[0]?.name === veiculo.placa);
    const placa = 'XYZ9Z87';
    expect((await env.admin.put(`/v1/veiculos/${veiculo.id}`, { ...newVeiculo(cliente.id), placa })).status).toBe(200);
    await waitFor(() => deviceOf(imei)[0]?.name === placa);

    // The chip's number is the device's phone (linked from the chip's side).
    const chip = newChip();
    expect((await env.admin.post('/v1/chips', { ...chip, deviceId: created.body.id })).status).toBe(201);
    await waitFor(() => deviceOf(imei)[0]?.phone === chip.phone);
    expect(deviceOf(imei)).toHaveLength(1);

    // Removing the vehicle names the device by its IMEI again; removing the tracker removes the device.
    expect((await env.admin.delete(`/v1/veiculos/${veiculo.id}`)).status).toBe(200);
    await waitFor(() => deviceOf(imei)[0]?.name === imei);
    expect((await env.admin.delete(`/v1/trackres/${created.body.id}`)).status).toBe(200);
    await waitFor(() => deviceOf(imei).length === 0);
  });

  it('an IMEI Traccar already has is adopted (search first), never created twice, and keeps its own name and phone until the product owns them (a plate, a chip)', async () => {
    await configure();
    const imei = newTracker().imei;
    const made = await fetch(`${traccar.url}/api/devices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${traccar.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Cadastro antigo',
        uniqueId: imei,
        phone: '+55 (11) 93333-2222',
        contact: 'Oficina',
        attributes: { a: 1 },
      }),
    });
    const existing = await made.json();
    const tracker = (await env.admin.post('/v1/trackres', newTracker({ imei }))).body;
    await synced(tracker.id);
    expect((await syncOf(tracker.id)).traccarId).toBe(existing.id);
    // An integration never changes what it only reads: not a single write on the device.
    expect(deviceOf(imei)).toEqual([existing]);
    expect(traccar.requests.some((r) => r.method === 'PUT' && r.path === `/api/devices/${existing.id}`)).toBe(false);

    // A chip of the same number (written otherwise) leaves the phone as it is; in a vehicle the name is the plate.
    const chip = (await env.admin.post('/v1/chips', newChip({ phone: '11933332222', deviceId: tracker.id }))).body;
    const cliente = await newClient();
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    expect((await env.admin.put(`/v1/trackres/${tracker.id}`, { ...newTracker({ imei }), idveiculo: veiculo.id })).status).toBe(200);
    await waitFor(() => deviceOf(imei)[0]?.name === veiculo.placa);
    await synced(tracker.id);
    expect(deviceOf(imei)).toEqual([{ ...existing, name: veiculo.placa }]);
    // Out of the vehicle and without the chip: the name and phone the product gave go (the IMEI, no phone).
    expect((await env.admin.put(`/v1/trackres/${tracker.id}`, { ...newTracker({ imei }), idveiculo: 0, chipId: 0 })).status).toBe(200);
    await waitFor(() => deviceOf(imei)[0]?.name === imei);
    await synced(tracker.id);
    expect(deviceOf(imei)).toEqual([{ ...existing, name: imei, phone: null }]);
    expect(chip.deviceId).toBe(tracker.id);
  });

  it('Traccar down: the save still succeeds, pending then failed with the reason, synced once it is back; a refusal is final', async () => {
    await configure();
    await traccar.stop();
    const imei = newTracker().imei;
    const saved = await env.admin.post('/v1/trackres', newTracker({ imei }));
    expect(saved.status).toBe(201);
    expect(saved.body.traccarSync.status).toBe('pendente');
    await waitFor(async () => (await syncOf(saved.body.id)).sync === 2);
    const failed = (await env.admin.get(`/v1/trackres/${saved.body.id}`)).body.traccarSync;
    expect(failed).toMatchObject({ status: 'falhou', erro: expect.stringMatching(/Não foi possível conectar ao Traccar/) });
    // Still retried by the queue.
    await waitFor(async () => (await rows(sql`SELECT id FROM pgboss.job WHERE name = 'traccar-sync' AND state = 'retry'`)).length > 0);
    await traccar.restart();
    await retryNow();
    await synced(saved.body.id);
    expect(deviceOf(imei)).toHaveLength(1);

    // A token Traccar refuses: failed with the reason, and not retried (the job is done).
    await configure({ token: 'token-vencido' });
    const refused = (await env.admin.post('/v1/trackres', newTracker())).body;
    await waitFor(async () => (await syncOf(refused.id)).sync === 2);
    expect((await syncOf(refused.id)).erro).toMatch(/^Traccar recusou o token/);
    await waitFor(
      async () =>
        (await rows(sql`SELECT id FROM pgboss.job WHERE name = 'traccar-sync' AND state IN ('created', 'retry', 'active')`)).length === 0,
    );
    expect((await syncOf(refused.id)).sync).toBe(2);
    // A new token retries what failed.
    await configure();
    await synced(refused.id);
  });

  it('the client’s own Traccar user: made from login and password with its devices, disabled while Bloqueado, enabled again', async () => {
    await configure();
    const login = `joao.${Date.now()}`;
    const { cliente, tracker, deviceId } = await installed({ name: 'João da Silva', login, password: 'senha-app-1' });
    await waitFor(() => Boolean(userOf(login)) && linked(userOf(login)!.id, deviceId));
    const user = userOf(login)!;
    expect(user).toMatchObject({ name: 'João da Silva', disabled: false, administrator: false });
    const [stored] = await rows<{ traccarUserId: number }>(
      sql`SELECT traccar_user_id AS "traccarUserId" FROM clientes WHERE id = ${cliente.id}`,
    );
    expect(stored.traccarUserId).toBe(user.id);

    // Staff block the client: the user is disabled; lifted, it is enabled again.
    const current = async () => (await env.admin.get(`/v1/clientes/${cliente.id}`)).body;
    expect((await env.admin.put(`/v1/clientes/${cliente.id}`, { ...(await current()), status: 1 })).status).toBe(200);
    await waitFor(() => userOf(login)?.disabled === true);
    expect((await env.admin.put(`/v1/clientes/${cliente.id}`, { ...(await current()), status: 0 })).status).toBe(200);
    await waitFor(() => userOf(login)?.disabled === false);

    // Billing blocks it (overdue charge) and a payment unblocks it.
    const charge = (
      await env.admin.post('/v1/cobrancas', { idcliente: cliente.id, descricao: 'Mensalidade', valor: 99, duedate: '2031-03-10' })
    ).body;
    await runBilling(env.t.database.db, { today: '2031-03-15', effects: env.t.app.effects });
    expect((await current()).status).toBe(1);
    await waitFor(() => userOf(login)?.disabled === true);
    const paid = await env.admin.put(`/v1/cobrancas/${charge.id}`, {
      ...(await env.admin.get(`/v1/cobrancas/${charge.id}`)).body,
      status: 1,
    });
    expect(paid.status).toBe(200);
    expect((await current()).status).toBe(0);
    await waitFor(() => userOf(login)?.disabled === false);

    // The tracker leaves the client's vehicle: its device leaves the client's user.
    expect((await env.admin.put(`/v1/trackres/${tracker.id}`, { ...newTracker({ imei: tracker.imei }), idveiculo: 0 })).status).toBe(200);
    await waitFor(() => !linked(user.id, deviceId));

    // Neither the app password nor the token is in any reply or in the audit log.
    const audit = JSON.stringify((await env.admin.get('/v1/auditoria?pageSize=100')).body);
    expect(audit).toContain('bloqueado');
    for (const secret of ['senha-app-1', traccar.token]) {
      expect(audit).not.toContain(secret);
      expect(JSON.stringify(await current())).not.toContain(secret);
    }
  });

  it('engine commands: offered and accepted only for the types Traccar lists (another is 409, never sent), sent (200), queued (202), each audited', async () => {
    await configure();
    const { cliente, veiculo, tracker, deviceId } = await installed();
    const types = await env.admin.get(`/v1/trackres/${tracker.id}/comandos`);
    expect(types).toMatchObject({ status: 200, body: { types: ['engineStop', 'engineResume'] } });
    expect((await env.admin.get(`/v1/veiculos/${veiculo.id}/comandos`)).body).toEqual({ types: ['engineStop', 'engineResume'] });
    traccar.setSupported(deviceId, ['positionSingle', 'engineResume']);
    expect((await env.admin.get(`/v1/veiculos/${veiculo.id}/comandos`)).body).toEqual({ types: ['engineResume'] });

    // A Usuario sends them too. Offline: queued until the device reconnects.
    const usuario = new Client(env.t.app);
    const account = newUser({ name: 'Operadora Noturna' });
    await env.admin.post('/v1/users', account);
    await usuario.login(account.login, account.password);
    const queued = await usuario.post(`/v1/veiculos/${veiculo.id}/comandos`, { type: 'engineResume' });
    expect(queued).toMatchObject({ status: 200, body: { result: 'pendente', message: MSG.comandoQueued } });
    traccar.setOnline(deviceId, true);
    const sent = await env.admin.post(`/v1/trackres/${tracker.id}/comandos`, { type: 'engineResume' });
    expect(sent).toMatchObject({ status: 200, body: { result: 'enviado', message: 'Desbloqueio do motor enviado ao rastreador.' } });
    // engineStop is not listed for the device: refused here, Traccar never gets it.
    const refused = await env.admin.post(`/v1/trackres/${tracker.id}/comandos`, { type: 'engineStop' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('O rastreador não aceita bloqueio do motor: o Traccar não lista este comando para o dispositivo.');
    expect(traccar.commands.filter((c) => c.deviceId === deviceId).map((c) => [c.type, c.status])).toEqual([
      ['engineResume', 202],
      ['engineResume', 200],
    ]);
    expect(traccar.requests.filter((r) => r.path === '/api/commands/send')).toHaveLength(2);
    // Listed again: the screen's read refreshes what the server trusts.
    traccar.setSupported(deviceId, ['engineStop', 'engineResume']);
    expect((await env.admin.get(`/v1/trackres/${tracker.id}/comandos`)).body).toEqual({ types: ['engineStop', 'engineResume'] });
    await traccar.stop();
    const down = await env.admin.post(`/v1/trackres/${tracker.id}/comandos`, { type: 'engineStop' });
    expect(down.status).toBe(504);
    await traccar.restart();
    expect((await env.admin.post(`/v1/trackres/${tracker.id}/comandos`, { type: 'desligar' })).status).toBe(400);

    const log = (await env.admin.get(`/v1/auditoria?acao=comando&idveiculo=${veiculo.id}`)).body.Items.reverse();
    expect(log).toMatchObject([
      {
        usuario: 'Operadora Noturna',
        descricao: `Desbloqueio do motor (engineResume) do veículo ${veiculo.placa}`,
        resultado: expect.stringMatching(/^Na fila/),
      },
      {
        usuario: 'Ana Administradora',
        descricao: `Desbloqueio do motor (engineResume) do veículo ${veiculo.placa}`,
        resultado: 'Enviado ao rastreador',
      },
      { descricao: `Bloqueio do motor (engineStop) do veículo ${veiculo.placa}`, resultado: `Recusado: ${refused.body.message}` },
      {
        descricao: `Bloqueio do motor (engineStop) do veículo ${veiculo.placa}`,
        // Refused, or cut on a kept-alive connection the stopped server closed (then in doubt).
        resultado: expect.stringMatching(/^Falhou: (Não foi possível conectar|A conexão com o Traccar caiu)/),
      },
    ]);
    for (const entry of log)
      expect(entry).toMatchObject({ acao: 'comando', idcliente: cliente.id, idveiculo: veiculo.id, iddevice: tracker.id });
    expect(JSON.stringify(log)).not.toContain(traccar.token);
    expect((await usuario.get('/v1/auditoria')).status).toBe(403);
  });

  it('commands need Traccar active, a tracker on the vehicle, and the tracker synced; turning Traccar on syncs what exists', async () => {
    await configure({ status: 0 });
    const login = `ana.${Date.now()}`;
    const cliente = await newClient({ login, password: 'senha-app-2' });
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    expect((await env.admin.get(`/v1/veiculos/${veiculo.id}/comandos`)).body.message).toBe(MSG.veiculoWithoutTracker);
    const tracker = (await env.admin.post('/v1/trackres', newTracker({ idveiculo: veiculo.id }))).body;
    // Saved while Traccar was inactive: never synced.
    expect(tracker.traccarSync).toEqual({ status: null, erro: '', em: null });
    const inactive = await env.admin.get(`/v1/trackres/${tracker.id}/comandos`);
    expect(inactive).toMatchObject({ status: 409, body: { message: MSG.traccarNotConfigured } });

    // Not on Traccar yet (Traccar down when it was turned on): refused before any call.
    await traccar.stop();
    await configure();
    await waitFor(async () => (await syncOf(tracker.id)).sync === 2);
    const notSynced = await env.admin.post(`/v1/veiculos/${veiculo.id}/comandos`, { type: 'engineStop' });
    expect(notSynced).toMatchObject({ status: 409, body: { message: MSG.traccarNotSynced } });
    expect((await env.admin.get('/v1/trackres/999999/comandos')).status).toBe(404);
    expect((await env.admin.get('/v1/auditoria?acao=comando&idveiculo=' + veiculo.id)).body.Items).toEqual([]);

    // Back: the tracker saved while inactive and the client's user are on Traccar, linked.
    await traccar.restart();
    await retryNow();
    await synced(tracker.id);
    const deviceId = (await syncOf(tracker.id)).traccarId!;
    expect(deviceOf(tracker.imei)).toMatchObject([{ id: deviceId, name: veiculo.placa }]);
    await waitFor(() => Boolean(userOf(login)) && linked(userOf(login)!.id, deviceId));
    // Sent without the screen's read first: the server asks Traccar for the device's types itself.
    traccar.setSupported(deviceId, ['engineResume']);
    const unlisted = await env.admin.post(`/v1/veiculos/${veiculo.id}/comandos`, { type: 'engineStop' });
    expect(unlisted.status).toBe(409);
    expect(traccar.commands.filter((c) => c.deviceId === deviceId)).toEqual([]);
    traccar.setSupported(deviceId, ['engineStop', 'engineResume']);
    expect((await env.admin.get(`/v1/veiculos/${veiculo.id}/comandos`)).body).toEqual({ types: ['engineStop', 'engineResume'] });
  });
});
