/**
 * No integration error carries a secret (issue item 4): Traccar, Evolution and Asaas answer every
 * call with an error that repeats the key the call carried (the fakes' echo-key lever). The key is
 * then nowhere: not in a Usuario's replies (who sees a pt-BR summary, not the service's words), not
 * in an administrator's error replies, not in a stored row (messages, sync errors, the queue's job
 * outputs), not in the log.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { appToday } from '../../server/regras/clock';
import { startAsaasFake, type AsaasFake } from '../fakes/asaas';
import { startEvolutionFake, type EvolutionFake } from '../fakes/evolution';
import { startTraccarFake, type TraccarFake } from '../fakes/traccar';
import { backends, Client, newUser, useInstalledApp, type TestAppOptions } from '../support/app';
import { newCliente, newTracker, newVeiculo } from '../support/registry';
import { LogCapture } from '../support/log';
import { waitFor } from '../support/wait';

describe.each(backends)('integration errors never carry a secret (%s)', (backend) => {
  let traccar: TraccarFake;
  let evolution: EvolutionFake;
  let asaas: AsaasFake;
  let whatsToken = '';
  const log = new LogCapture();
  const options: TestAppOptions = { workers: { pollingIntervalSeconds: 0.5 }, logStream: log, logLevel: 'info' };
  beforeAll(async () => {
    [traccar, evolution, asaas] = await Promise.all([startTraccarFake(), startEvolutionFake(), startAsaasFake()]);
    whatsToken = evolution.createInstance('rastreio');
    evolution.scan('rastreio');
    options.asaasBaseUrl = asaas.url;
  });
  const env = useInstalledApp(backend, options);
  afterAll(() => Promise.all([traccar.close(), evolution.close(), asaas.close()]));

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tableText = async (table: string) =>
    (await rows<{ t: string }>(sql`SELECT coalesce(string_agg(row_to_json(x)::text, ' '), '') AS t FROM ${sql.raw(table)} x`))[0].t;

  it('the services repeat their keys in every error: Usuario replies, admin replies, stored rows and the log hold none of them', async () => {
    const configured = await env.admin.put('/v1/users/1', {
      integrations: {
        traccar: { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 },
        whats: { server: evolution.url, instance: 'rastreio', token: whatsToken, status: 1 },
        gateway: { api: 'asaas', token: asaas.apiKey, status: 1 },
        // The charge's message goes (and fails) at once: no wait for a correction.
        notificacoes: { esperaMinutos: 0 },
      },
    });
    expect(configured.status).toBe(200);
    const webhookToken = String(configured.body.integrations?.gateway?.webhookToken ?? '');
    const secrets = [traccar.token, whatsToken, asaas.apiKey, webhookToken].filter(Boolean);
    expect(secrets.length).toBe(4);
    for (const fake of [traccar, evolution, asaas]) fake.setEchoKey(400);

    const account = newUser();
    expect((await env.admin.post('/v1/users', account)).status).toBe(201);
    const usuario = new Client(env.t.app);
    expect((await usuario.login(account.login, account.password)).status).toBe(200);

    // A client with an app login (Traccar user), a tracker on its vehicle (device), a charge (Asaas payment, then the WhatsApp alert).
    const cliente = (await env.admin.post('/v1/clientes', newCliente({ login: `app.${Date.now()}`, password: 'senha-app-9' }))).body;
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(cliente.id))).body;
    const tracker = (await env.admin.post('/v1/trackres', newTracker({ idveiculo: veiculo.id }))).body;
    const charge = (
      await env.admin.post('/v1/cobrancas', {
        idcliente: cliente.id,
        descricao: 'Mensalidade',
        valor: 89.9,
        duedate: addDays(appToday(), 5),
      })
    ).body;
    expect(charge.id).toBeGreaterThan(0);

    await waitFor(async () => {
      const [c] = await rows<{ sync: number }>(sql`SELECT traccar_sync AS sync FROM clientes WHERE id = ${cliente.id}`);
      const [t] = await rows<{ sync: number }>(sql`SELECT traccar_sync AS sync FROM trackres WHERE id = ${tracker.id}`);
      const [m] = await rows<{ status: string }>(sql`SELECT status FROM mensagens WHERE idcobranca = ${charge.id}`);
      return c?.sync === 2 && t?.sync === 2 && m?.status === 'falhou' && log.text.includes('Asaas recusou');
    }, 40_000);

    // The Usuario: a pt-BR summary, never the service's words nor its key.
    const replies: string[] = [];
    const status = await usuario.get('/v1/integrations/whats/status');
    expect(status.body).toMatchObject({ status: 'apiOff', message: expect.stringMatching(/WhatsApp/) });
    expect(status.body.message).not.toMatch(/apikey/i);
    const mensagens = await usuario.get(`/v1/cobrancas/${charge.id}/mensagens`);
    expect(mensagens.body.Items[0]).toMatchObject({ status: 'falhou', motivo: expect.stringMatching(/WhatsApp/) });
    expect(mensagens.body.Items[0].motivo).not.toMatch(/apikey/i);
    const clienteReply = await usuario.get(`/v1/clientes/${cliente.id}`);
    const trackerReply = await usuario.get(`/v1/trackres/${tracker.id}`);
    expect(trackerReply.body.traccarSync).toMatchObject({ status: expect.anything(), erro: expect.stringMatching(/Traccar/) });
    expect(trackerReply.body.traccarSync.erro).not.toMatch(/Token|rejected/);
    replies.push(
      JSON.stringify(status.body),
      JSON.stringify(mensagens.body),
      JSON.stringify(clienteReply.body),
      JSON.stringify((await usuario.get('/v1/clientes?pageSize=100')).body),
      JSON.stringify(trackerReply.body),
      JSON.stringify((await usuario.get('/v1/trackres?pageSize=100')).body),
      JSON.stringify((await usuario.get(`/v1/trackres/${tracker.id}/comandos`)).body),
    );

    // The administrator's calls that fail at the service: 502 with our words.
    const test = await env.admin.post('/v1/integrations/traccar/test', {
      server: traccar.url,
      userId: String(traccar.userId),
      token: traccar.token,
    });
    const imported = await env.admin.post('/v1/clientes/imports/1/asaas');
    const connect = await env.admin.get('/v1/integrations/whats/connect/1');
    for (const reply of [test, imported, connect]) {
      expect(reply.status).toBe(502);
      replies.push(JSON.stringify(reply.body));
    }

    const stored = await Promise.all(['mensagens', 'clientes', 'trackres', 'auditoria', 'pgboss.job'].map(tableText));
    for (const secret of secrets) {
      for (const text of replies) expect(text.includes(secret), `a reply holds ${secret.slice(0, 8)}…: ${text}`).toBe(false);
      stored.forEach((text, i) => expect(text.includes(secret), `stored row ${i} holds ${secret.slice(0, 8)}…`).toBe(false));
      expect(log.text.includes(secret), `the log holds ${secret.slice(0, 8)}…`).toBe(false);
    }
    // The services did repeat the keys: their words reached the log, cleaned.
    expect(log.text).toContain('[oculto]');
    for (const fake of [traccar, evolution, asaas]) fake.setEchoKey(0);
  });
});
