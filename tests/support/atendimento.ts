/**
 * The atendimento's test bench (DESIGN 11): an installed app listening on a port with its workers,
 * the Evolution fake with an open instance posting to the app's webhook, and the helpers the tests
 * share (configure, receive and wait until applied, the replies a chat got).
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { definirRelogio } from '../../server/atendimento/evento';
import { setPublicUrl } from '../../server/regras/public-url';
import { startEvolutionFake, type EvolutionFake, type ReceiveOptions } from '../fakes/evolution';
import { useInstalledApp, type Backend, type TestAppOptions } from './app';
import { newCliente } from './registry';
import { waitFor } from './wait';

const SEMPRE = { de: '00:00', ate: '24:00' };
export const ABERTO = {
  dom: [SEMPRE],
  seg: [SEMPRE],
  ter: [SEMPRE],
  qua: [SEMPRE],
  qui: [SEMPRE],
  sex: [SEMPRE],
  sab: [SEMPRE],
  feriados: [],
};
export const FECHADO = { dom: [], seg: [], ter: [], qua: [], qui: [], sex: [], sab: [], feriados: [] };

/**
 * The webhook's clock for tests: each event 2 s after the last, so messages a test posts one after
 * another are never a burst sharing one reply (DESIGN 11's 1.5 s), however fast the machine.
 * A test of the burst sets its own (`definirRelogio`).
 */
export function relogioEspacado(passoMs = 2000) {
  let t = Date.now();
  return () => new Date((t = Math.max(t + passoMs, Date.now())));
}

export function useAtendimento(backend: Backend, options: TestAppOptions = {}) {
  const env = useInstalledApp(backend, { workers: { pollingIntervalSeconds: 0.5, senders: 2, whatsTimeoutMs: 2_000 }, ...options });
  const bench = { evolution: undefined as unknown as EvolutionFake, instanceToken: '', origin: '' };
  let phoneSeq = 0;

  beforeAll(async () => {
    definirRelogio(relogioEspacado());
    bench.evolution = await startEvolutionFake();
    bench.instanceToken = bench.evolution.createInstance('rastreio');
    bench.evolution.scan('rastreio');
    await env.t.app.listen({ port: 0, host: '127.0.0.1' });
    bench.origin = `http://127.0.0.1:${(env.t.app.server.address() as AddressInfo).port}`;
    setPublicUrl(bench.origin);
  });
  afterAll(async () => {
    definirRelogio();
    setPublicUrl(undefined);
    await bench.evolution.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const configure = (atendimento: Record<string, unknown> = {}) =>
    env.admin.put('/v1/users/1', {
      dadosempresa: { nome: 'Rastreio Teste' },
      integrations: {
        whats: { server: bench.evolution.url, instance: 'rastreio', token: bench.instanceToken, status: 1 },
        atendimento: {
          ativo: true,
          observacao: false,
          horario: ABERTO,
          foraDoHorario: 'bot',
          telefoneEmergencia: '0800 123 4567',
          ...atendimento,
        },
      },
    });
  const webhookToken = async () =>
    (await rows<{ token: string }>(sql`SELECT integrations->'atendimento'->>'webhookToken' AS token FROM company_settings WHERE id = 1`))[0]
      .token;
  /** Waits for Evolution to hold the webhook as the settings say. */
  const webhookSet = (enabled: boolean) =>
    waitFor(async () => {
      const hook = bench.evolution.webhooks.get('rastreio');
      return Boolean(hook && hook.enabled === enabled && hook.url.endsWith(`/webhook/whats/1/${await webhookToken()}`));
    });
  /** A fresh phone (digits with 55) nobody else has. */
  const novoTelefone = () => `55119${String(70000000 + ++phoneSeq * 7919).slice(-8)}`;
  const nacional = (phone: string) => phone.slice(2);
  const sentTo = (jid: string) =>
    bench.evolution.sent.filter((m) => m.remoteJid === jid || m.number === jid || m.remoteJid.startsWith(`${jid}@`));
  const conversaDe = async (jid: string) =>
    (
      await rows<{ id: number; status: string; urgente: boolean; motivo: string | null; idcliente: number | null; etapa: string }>(
        sql`SELECT id, status, urgente, motivo, idcliente, etapa FROM conversas WHERE jid = ${jid} ORDER BY id DESC LIMIT 1`,
      )
    )[0];
  const decisoesDe = async (jid: string) =>
    rows<{ acao: string; resposta: string }>(
      sql`SELECT d.acao, d.resposta FROM decisoes d JOIN conversas c ON c.id = d.idconversa WHERE c.jid = ${jid} ORDER BY d.id`,
    );
  /** Posts a message and waits until the job applied it (the event is no longer recebido). */
  const receber = async (options: ReceiveOptions) => {
    const result = await bench.evolution.receive('rastreio', options);
    expect(result.statuses[0]).toBe(200);
    const data = result.payload.data as { key: { remoteJid: string; id: string } };
    await waitFor(async () => {
      const [evento] = await rows<{ status: string }>(
        sql`SELECT status FROM webhook_eventos WHERE gateway = 'evolution' AND event_id = ${`${data.key.remoteJid}|${data.key.id}`}`,
      );
      return evento?.status === 'aplicado' || evento?.status === 'ignorado';
    });
    return data.key;
  };
  /** Waits for the n-th message the app sent to the chat, and returns them all. */
  const replies = async (jid: string, n: number) => {
    await waitFor(() => sentTo(jid).length >= n);
    return sentTo(jid);
  };
  const newClient = async (overrides: Record<string, unknown> = {}) =>
    env.admin.create('/v1/clientes', newCliente({ mobilePhone: nacional(novoTelefone()), ...overrides }));
  /** A client on a fresh phone: the phone, its chat's jid and the client (`overrides` on its fields). */
  const clienteNoTelefone = async (overrides: Record<string, unknown> = {}) => {
    const phone = novoTelefone();
    const cliente = await newClient({ mobilePhone: nacional(phone), ...overrides });
    return { phone, jid: `${phone}@s.whatsapp.net`, cliente };
  };

  return {
    env,
    bench,
    rows,
    configure,
    webhookToken,
    webhookSet,
    novoTelefone,
    nacional,
    sentTo,
    conversaDe,
    decisoesDe,
    receber,
    replies,
    newClient,
    clienteNoTelefone,
  };
}
