/**
 * Atendimento, the WhatsApp conversations (DESIGN 11, issue 32), against the Evolution fake posting
 * real-shaped MESSAGES_UPSERT payloads to the app's port: the settings and Evolution's webhook, the
 * webhook's authentication and dedupe, what is stored without a reply (groups, broadcasts, echoes),
 * the bot (identification by phone and by document, the menu's options, roubo, atendente, hours,
 * observation) and the human silence.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { appToday } from '../../server/regras/clock';
import { backends, Client, newUser } from '../support/app';
import { FECHADO, useAtendimento } from '../support/atendimento';
import { newTracker, newVeiculo } from '../support/registry';
import { encerrarInativas } from '../../server/atendimento/conversas';
import { LogCapture } from '../support/log';
import { waitFor } from '../support/wait';

describe.each(backends)('atendimento pelo WhatsApp (%s)', (backend) => {
  const log = new LogCapture();
  const a = useAtendimento(backend, { logStream: log, logLevel: 'info' });
  const {
    env,
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
  } = a;

  it('settings: defaults, a generated webhookToken masked for staff, unknown placeholder → 400, and the save sets Evolution’s webhook', async () => {
    const admin = (await env.admin.get('/v1/users/1')).body;
    expect(admin.integrations.atendimento).toMatchObject({
      ativo: false,
      observacao: true,
      foraDoHorario: 'bot',
      horasInatividade: 12,
      horario: { seg: [{ de: '08:00', ate: '18:00' }], dom: [] },
    });
    expect(admin.integrations.atendimento.webhookToken).toMatch(/^\S{24,}$/);
    expect(admin.integrations.atendimento.mensagens.menu).toContain('1.');
    // Status before anything: inactive.
    expect((await env.admin.get('/v1/integrations/atendimento/status')).body).toMatchObject({ webhook: 'inativo' });

    const refused = await env.admin.put('/v1/users/1', { integrations: { atendimento: { mensagens: { menu: 'Olá {{apelido}}' } } } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.errors)).toContain('{{apelido}}');
    expect((await env.admin.put('/v1/users/1', { integrations: { atendimento: { horasInatividade: 0 } } })).status).toBe(400);
    expect(
      (await env.admin.put('/v1/users/1', { integrations: { atendimento: { horario: { seg: [{ de: '18:00', ate: '08:00' }] } } } })).status,
    ).toBe(400);
    // The token cannot be set from outside.
    const before = await webhookToken();
    await env.admin.put('/v1/users/1', { integrations: { atendimento: { webhookToken: 'escolhido' } } });
    expect(await webhookToken()).toBe(before);

    expect((await configure()).status).toBe(200);
    await webhookSet(true);
    const set = a.bench.evolution.webhookSets.at(-1)!;
    expect(set.body.webhook).toMatchObject({
      enabled: true,
      url: `${a.bench.origin}/webhook/whats/1/${before}`,
      events: ['MESSAGES_UPSERT'],
      byEvents: false,
      base64: false,
    });
    expect((await env.admin.get('/v1/integrations/atendimento/status')).body).toEqual({ webhook: 'ok', mensagem: expect.any(String) });

    // A text edited alone keeps the others.
    await env.admin.put('/v1/users/1', { integrations: { atendimento: { mensagens: { atendente: 'Já chamo alguém, {{nome}}.' } } } });
    const saved = (await env.admin.get('/v1/users/1')).body.integrations.atendimento.mensagens;
    expect(saved.atendente).toBe('Já chamo alguém, {{nome}}.');
    expect(saved.menu).toContain('1.');

    // Staff see the secret masked.
    const usuario = await env.admin.create('/v1/users', newUser({ password: 'senha-usuario-1' }));
    const staff = new Client(env.t.app);
    expect((await staff.login(usuario.login, 'senha-usuario-1')).status).toBe(200);
    const seen = (await staff.get(`/v1/users/${usuario.id}`)).body;
    expect(seen.integrations.atendimento.webhookToken).toBe('********');
    expect(JSON.stringify(seen)).not.toContain(before);

    // Off: the webhook disabled, the status inativo.
    await configure({ ativo: false });
    await webhookSet(false);
    expect((await env.admin.get('/v1/integrations/atendimento/status')).body).toMatchObject({ webhook: 'inativo' });
    await configure();
    await webhookSet(true);
  });

  it('webhook: wrong token 401, unknown user 404, a payload apikey other than the instance token 401, oversize 413', async () => {
    const token = await webhookToken();
    const payload = a.bench.evolution.upsertPayload('rastreio', { from: novoTelefone(), text: 'oi' });
    const post = (url: string, body: unknown) => env.t.app.inject({ method: 'POST', url, payload: body as object });
    expect((await post(`/webhook/whats/1/errado-${token}`, payload)).statusCode).toBe(401);
    expect((await post(`/webhook/whats/999/${token}`, payload)).statusCode).toBe(404);
    expect((await post(`/webhook/whats/1/${token}`, { ...payload, apikey: 'outra-chave' })).statusCode).toBe(401);
    const big = { ...payload, data: { ...(payload.data as object), message: { conversation: 'x'.repeat(300_000) } } };
    expect((await post(`/webhook/whats/1/${token}`, big)).statusCode).toBe(413);
    expect(await rows(sql`SELECT id FROM webhook_eventos WHERE gateway = 'evolution' AND payload::text LIKE '%outra-chave%'`)).toEqual([]);
    // A message's event without its chat or id (no such upsert comes from Evolution): 400 in pt-BR, nothing stored.
    const before = await rows(sql`SELECT count(*)::int AS n FROM webhook_eventos`);
    for (const data of [
      { outro: { a: 1 } },
      { key: { remoteJid: '5511999990000@s.whatsapp.net' } },
      { key: { id: 'X1', remoteJid: ' ' } },
    ]) {
      const reply = await post(`/webhook/whats/1/${token}`, { ...payload, data });
      expect(reply.statusCode).toBe(400);
      expect(JSON.stringify(reply.json().errors)).toMatch(/Mensagem do WhatsApp sem a conversa/);
    }
    expect(await rows(sql`SELECT count(*)::int AS n FROM webhook_eventos`)).toEqual(before);
    // The instance's own token in the payload is accepted, and never stored.
    const ok = await a.bench.evolution.receive('rastreio', { from: novoTelefone(), text: 'oi', apikey: a.bench.instanceToken });
    expect(ok.statuses).toEqual([200]);
    expect(await rows(sql`SELECT id FROM webhook_eventos WHERE payload::text LIKE ${`%${a.bench.instanceToken}%`}`)).toEqual([]);
    // A NUL inside a text (jsonb cannot hold one) or a control character in the name: still stored, not lost to a refusal.
    const odd = await a.bench.evolution.receive('rastreio', { from: novoTelefone(), text: 'o\u0000i', pushName: 'Zé\u0007' });
    expect(odd.statuses).toEqual([200]);
  });

  it('a repeat (Evolution retrying, or the same event twice) answers 200 and creates nothing: one message, one reply', async () => {
    const phone = novoTelefone();
    const result = await a.bench.evolution.receive('rastreio', { from: phone, text: 'oi', duplicate: true, id: 'REPETIDA1' });
    expect(result.statuses).toEqual([200, 200]);
    const jid = `${phone}@s.whatsapp.net`;
    await replies(jid, 1);
    // Once more, later: still nothing new.
    expect((await a.bench.evolution.receive('rastreio', { from: phone, text: 'oi', id: 'REPETIDA1' })).statuses).toEqual([200]);
    const [{ n }] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM conversa_mensagens WHERE jid = ${jid} AND direcao = 'entrada'`,
    );
    expect(n).toBe(1);
    const [{ eventos }] = await rows<{ eventos: number }>(
      sql`SELECT count(*)::int AS eventos FROM webhook_eventos WHERE event_id = ${`${jid}|REPETIDA1`}`,
    );
    expect(eventos).toBe(1);
    await waitFor(async () => (await decisoesDe(jid)).length === 1);
    expect(sentTo(jid)).toHaveLength(1);
  });

  it('groups, broadcasts, newsletters and other events are stored without a reply', async () => {
    const phone = novoTelefone();
    const group = await a.bench.evolution.receive('rastreio', { from: phone, text: '1', group: true });
    const broadcast = await a.bench.evolution.receive('rastreio', { from: phone, text: 'status', remoteJid: 'status@broadcast' });
    const channel = await a.bench.evolution.receive('rastreio', {
      from: phone,
      text: 'novidade',
      remoteJid: '120363000000000001@newsletter',
    });
    const other = await a.bench.evolution.receive('rastreio', { from: phone, text: 'x', event: 'messages.update' });
    for (const result of [group, broadcast, channel, other]) expect(result.statuses).toEqual([200]);
    const stored = await rows<{ status: string }>(
      sql`SELECT status FROM webhook_eventos WHERE gateway = 'evolution' AND (event_id LIKE '%@g.us|%' OR event_id LIKE 'status@broadcast|%' OR event_id LIKE '%@newsletter|%' OR event = 'messages.update')`,
    );
    expect(stored.length).toBeGreaterThanOrEqual(4);
    expect(stored.every((row) => row.status === 'ignorado')).toBe(true);
    expect(await rows(sql`SELECT id FROM conversas WHERE jid LIKE '%@g.us' OR jid LIKE '%@broadcast' OR jid LIKE '%@newsletter'`)).toEqual(
      [],
    );
    expect(a.bench.evolution.sent.filter((m) => /@(g\.us|broadcast|newsletter)$/.test(m.remoteJid))).toEqual([]);
  });

  it('identified by phone (± 9th digit): the menu; option 1 sends the open and overdue charges with the payment link and PIX', async () => {
    const phone = novoTelefone();
    const cliente = await newClient({ mobilePhone: nacional(phone), name: 'Maria Souza' });
    const today = appToday();
    const aberta = await env.admin.create('/v1/cobrancas', {
      idcliente: cliente.id,
      descricao: 'Mensalidade',
      valor: 89.9,
      duedate: addDays(today, 5),
    });
    const vencida = await env.admin.create('/v1/cobrancas', {
      idcliente: cliente.id,
      descricao: 'Atrasada',
      valor: 100,
      duedate: addDays(today, -30),
    });
    await env.admin.create('/v1/cobrancas', { idcliente: cliente.id, descricao: 'Paga', valor: 50, duedate: addDays(today, 3), status: 1 });
    // WhatsApp keeps this DDD's number without the 9th digit: the chat's phone differs from the file's.
    const semNove = `55${phone.slice(2, 4)}${phone.slice(5)}`;
    const jid = `${semNove}@s.whatsapp.net`;
    await receber({ from: semNove, text: 'bom dia' });
    const [menu] = await replies(jid, 1);
    expect(menu.text).toContain('Maria');
    expect(menu.text).toContain('1. Segunda via');
    expect((await conversaDe(jid)).idcliente).toBe(cliente.id);

    await receber({ from: semNove, text: '1' });
    const [, segunda] = await replies(jid, 2);
    const [{ token: tokenAberta }] = await rows<{ token: string }>(sql`SELECT token FROM cobrancas WHERE id = ${aberta.id}`);
    expect(segunda.text).toContain(`${a.bench.origin}/static/cobranca/${tokenAberta}`);
    expect(segunda.text).toContain('R$ 89,90');
    expect(segunda.text).toContain('Atrasada');
    // The overdue one with its updated value (fine and interest), not the 100,00 it was.
    expect(segunda.text).not.toContain('R$ 100,00');
    expect(segunda.text).not.toContain('Paga');
    expect(vencida.id).toBeGreaterThan(0);
    expect((await decisoesDe(jid)).map((d) => d.acao)).toEqual(['menu', 'segunda_via']);
  });

  it('a @lid chat: the phone from remoteJidAlt identifies the client, the reply goes to the @lid chat', async () => {
    const phone = novoTelefone();
    const cliente = await newClient({ mobilePhone: nacional(phone) });
    const key = await receber({ from: phone, text: 'oi', lid: '201234567890123' });
    expect(key.remoteJid).toBe('201234567890123@lid');
    const [reply] = await replies('201234567890123@lid', 1);
    expect(reply.remoteJid).toBe('201234567890123@lid');
    expect((await conversaDe('201234567890123@lid')).idcliente).toBe(cliente.id);
  });

  it('unknown phone: CPF, then a plate (or CEP); three wrong tries hand it to a person', async () => {
    const cliente = await newClient({ mobilePhone: '' });
    const placa = 'QWE1R23';
    await env.admin.create('/v1/veiculos', newVeiculo(cliente.id, { placa }));
    const phone = novoTelefone();
    const jid = `${phone}@s.whatsapp.net`;
    await receber({ from: phone, text: 'oi' });
    expect((await replies(jid, 1))[0].text).toMatch(/CPF ou CNPJ/);
    await receber({ from: phone, text: String(cliente.cpf).replace(/\D/g, '') });
    expect((await replies(jid, 2))[1].text).toMatch(/placa/);
    await receber({ from: phone, text: 'qwe-1r23' });
    expect((await replies(jid, 3))[2].text).toContain('1. Segunda via');
    expect(await conversaDe(jid)).toMatchObject({ idcliente: cliente.id, etapa: 'menu', status: 'bot' });

    const outro = novoTelefone();
    const outroJid = `${outro}@s.whatsapp.net`;
    await receber({ from: outro, text: 'oi' });
    for (const tentativa of ['123', '00000000000', 'abc']) await receber({ from: outro, text: tentativa });
    const sent = await replies(outroJid, 4);
    expect(sent[3].text).toMatch(/atendente/);
    expect(await conversaDe(outroJid)).toMatchObject({ status: 'aguardando', motivo: 'identificacao', idcliente: null });
    // Aguardando: the bot says nothing more.
    await receber({ from: outro, text: 'alô?' });
    expect(sentTo(outroJid)).toHaveLength(4);
  });

  it('roubo/furto: at once aguardando + urgente with the emergency phone, even unidentified; option 5 aguardando; then silence', async () => {
    const desconhecido = novoTelefone();
    await receber({ from: desconhecido, text: 'Roubaram meu carro agora!' });
    const [roubo] = await replies(`${desconhecido}@s.whatsapp.net`, 1);
    expect(roubo.text).toContain('0800 123 4567');
    expect(await conversaDe(`${desconhecido}@s.whatsapp.net`)).toMatchObject({ status: 'aguardando', urgente: true, motivo: 'roubo' });

    const { phone, jid } = await clienteNoTelefone();
    await receber({ from: phone, text: 'oi' });
    await receber({ from: phone, text: '4' });
    expect((await replies(jid, 2))[1].text).toContain('0800 123 4567');
    expect(await conversaDe(jid)).toMatchObject({ status: 'aguardando', urgente: true, motivo: 'roubo' });

    const outro = novoTelefone();
    await newClient({ mobilePhone: nacional(outro) });
    const outroJid = `${outro}@s.whatsapp.net`;
    await receber({ from: outro, text: 'oi' });
    await receber({ from: outro, text: '5' });
    // The company's own text for this step (edited in the settings test), with the client's name.
    expect((await replies(outroJid, 2))[1].text).toMatch(/^Já chamo alguém, Cliente\./);
    expect(await conversaDe(outroJid)).toMatchObject({ status: 'aguardando', motivo: 'atendente', urgente: false });
    await receber({ from: outro, text: 'ainda aí?' });
    expect(sentTo(outroJid)).toHaveLength(2);
    expect((await decisoesDe(outroJid)).at(-1)!.acao).toBe('silencio');
  });

  it('the echo of the bot’s own send does not silence it; staff typing on the company’s phone does', async () => {
    const { phone, jid } = await clienteNoTelefone();
    await receber({ from: phone, text: 'oi' });
    await replies(jid, 1);
    // The echo (fromMe, same id) came back and was applied as an echo.
    await waitFor(
      async () => (await rows(sql`SELECT id FROM webhook_eventos WHERE event_id LIKE ${`${jid}|%`} AND resultado = 'eco'`)).length === 1,
    );
    await receber({ from: phone, text: '9' });
    const [, segunda] = await replies(jid, 2);
    expect((await conversaDe(jid)).status).toBe('bot');
    // An echo Evolution sends again under another id (the same text to the chat, a moment after the
    // send): the webhook itself tells it and stores it applied, with no job for the queue.
    const token = await webhookToken();
    const echo = a.bench.evolution.upsertPayload('rastreio', { from: '', remoteJid: jid, fromMe: true, text: segunda.text });
    const answer = await env.t.app.inject({ method: 'POST', url: `/webhook/whats/1/${token}`, payload: echo });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, resultado: 'eco' });
    const [stored] = await rows<{ id: number; status: string; resultado: string }>(
      sql`SELECT id, status, resultado FROM webhook_eventos WHERE event_id = ${`${jid}|${(echo.data as { key: { id: string } }).key.id}`}`,
    );
    expect(stored).toMatchObject({ status: 'aplicado', resultado: 'eco' });
    expect(await rows(sql`SELECT id FROM pgboss.job WHERE name = 'atendimento' AND (data->>'id')::int = ${stored.id}`)).toEqual([]);

    await receber({ from: phone, remoteJid: jid, fromMe: true, text: 'Oi, aqui é a Joana da central.' });
    expect((await conversaDe(jid)).status).toBe('em_atendimento');
    await receber({ from: phone, text: '1' });
    expect(sentTo(jid)).toHaveLength(2);
    const [staff] = await rows<{ autor: string; por: string }>(
      sql`SELECT autor, por FROM conversa_mensagens WHERE jid = ${jid} AND autor = 'staff'`,
    );
    expect(staff).toEqual({ autor: 'staff', por: 'Telefone da empresa' });
  });

  it('observation mode decides and logs but sends nothing (replies stored as ignorada); off-hours "mensagem" sends one text and waits', async () => {
    await configure({ observacao: true });
    const { phone, jid } = await clienteNoTelefone();
    await receber({ from: phone, text: 'oi' });
    const [saida] = await rows<{ status: string; texto: string }>(
      sql`SELECT status, texto FROM conversa_mensagens WHERE jid = ${jid} AND direcao = 'saida'`,
    );
    expect(saida.status).toBe('ignorada');
    expect(saida.texto).toContain('1. Segunda via');
    expect((await decisoesDe(jid)).map((d) => d.acao)).toEqual(['menu']);
    expect(sentTo(jid)).toEqual([]);

    await configure({ horario: FECHADO, foraDoHorario: 'mensagem' });
    const tarde = novoTelefone();
    const tardeJid = `${tarde}@s.whatsapp.net`;
    await receber({ from: tarde, text: 'oi' });
    expect((await replies(tardeJid, 1))[0].text).toMatch(/Nosso atendimento funciona/);
    expect((await conversaDe(tardeJid)).status).toBe('aguardando');
    await receber({ from: tarde, text: 'oi?' });
    expect(sentTo(tardeJid)).toHaveLength(1);
    // Roubo still goes off-hours.
    const noite = novoTelefone();
    await receber({ from: noite, text: 'fui furtado' });
    expect((await replies(`${noite}@s.whatsapp.net`, 1))[0].text).toContain('0800 123 4567');
    await configure();
  });

  it('out of order: an older message arriving after a newer one is stored and not answered', async () => {
    const { phone, jid } = await clienteNoTelefone();
    const now = Math.floor(Date.now() / 1000);
    await receber({ from: phone, text: 'segunda', timestamp: now });
    await receber({ from: phone, text: 'primeira', timestamp: now - 30 });
    const [{ n }] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM conversa_mensagens WHERE jid = ${jid} AND direcao = 'entrada'`,
    );
    expect(n).toBe(2);
    expect((await decisoesDe(jid)).map((d) => d.acao)).toEqual(['menu', 'silencio']);
    expect(await replies(jid, 1)).toHaveLength(1);
  });
  it('option 2: the last position and a link valid 1 h (GET /v1/static/localizacao/{token}, 404 once expired, none while blocked); option 3 in words', async () => {
    const phone = novoTelefone();
    const cliente = await newClient({ mobilePhone: nacional(phone), name: 'Rita Mapa' });
    const veiculo = await env.admin.create('/v1/veiculos', newVeiculo(cliente.id, { placa: 'MAP1A23' }));
    const tracker = await env.admin.create('/v1/trackres', newTracker());
    expect(
      (await env.admin.put(`/v1/trackres/${tracker.id}`, { ...newTracker({ imei: tracker.imei }), idveiculo: veiculo.id })).status,
    ).toBe(200);
    await rows(
      sql`INSERT INTO frota_estado (idrastreador, latitude, longitude, endereco, fix_time, situacao)
          VALUES (${tracker.id}, -23.55052, -46.633308, 'Praça da Sé, São Paulo', now() - interval '5 minutes', 'silencioso')
          ON CONFLICT (idrastreador) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude, endereco = excluded.endereco,
            fix_time = excluded.fix_time, situacao = excluded.situacao`,
    );
    const jid = `${phone}@s.whatsapp.net`;
    await receber({ from: phone, text: 'oi' });
    await receber({ from: phone, text: '2' });
    const onde = (await replies(jid, 2))[1].text;
    expect(onde).toContain('MAP1A23');
    expect(onde).toContain('Praça da Sé, São Paulo');
    const token = new RegExp(`${a.bench.origin}/static/localizacao/([A-Za-z0-9_-]+)`).exec(onde)?.[1];
    expect(token).toBeTruthy();
    const anon = new Client(env.t.app);
    const shared = await anon.get(`/v1/static/localizacao/${token}`);
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ placa: 'MAP1A23', latitude: -23.55052, longitude: -46.633308, endereco: 'Praça da Sé, São Paulo' });
    expect(Date.parse(shared.body.expiraEm) - Date.now()).toBeGreaterThan(50 * 60_000);
    expect(Date.parse(shared.body.fixTime)).toBeLessThan(Date.now());
    await rows(sql`UPDATE localizacoes SET expira_em = now() - interval '1 second' WHERE token = ${token}`);
    expect((await anon.get(`/v1/static/localizacao/${token}`)).status).toBe(404);
    expect((await anon.get('/v1/static/localizacao/nao-existe')).status).toBe(404);

    await receber({ from: phone, text: '3' });
    // Not comunicando: the situation in words, and the offer of a visit (atendimento-visita.test.ts books one).
    expect((await replies(jid, 3))[2].text).toMatch(
      /^Rastreador do veículo MAP1A23: sem comunicação há algum tempo\.\n\nQuer que um técnico/,
    );

    // Blocked for billing: no position.
    await rows(sql`UPDATE clientes SET status = 1 WHERE id = ${cliente.id}`);
    await receber({ from: phone, text: '2' });
    expect((await replies(jid, 4))[3].text).toMatch(/cobrança vencida/);
    expect(
      await rows(sql`SELECT token FROM localizacoes l JOIN veiculos v ON v.id = l.idveiculo WHERE v.idcliente = ${cliente.id}`),
    ).toHaveLength(1);
  });

  it('bot and em_atendimento conversations idle horasInatividade close, each logged; aguardando ones wait for a person', async () => {
    const idle = novoTelefone();
    const waiting = novoTelefone();
    await receber({ from: idle, text: 'oi' });
    await receber({ from: waiting, text: 'roubaram meu carro' });
    const ids = [(await conversaDe(`${idle}@s.whatsapp.net`)).id, (await conversaDe(`${waiting}@s.whatsapp.net`)).id];
    await rows(sql`UPDATE conversas SET ultima_mensagem_em = now() - interval '13 hours' WHERE id IN (${ids[0]}, ${ids[1]})`);
    expect(await encerrarInativas(env.t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await conversaDe(`${idle}@s.whatsapp.net`)).status).toBe('encerrada');
    expect((await conversaDe(`${waiting}@s.whatsapp.net`)).status).toBe('aguardando');
    expect((await decisoesDe(`${idle}@s.whatsapp.net`)).at(-1)!.acao).toBe('encerrada');
  });
  it('the log holds no webhook token, no instance apikey and no message text, whatever the answer', async () => {
    await configure();
    await webhookSet(true);
    const token = await webhookToken();
    const segredo = 'meu cartão termina em 4242 e a senha é girassol';
    await receber({ from: novoTelefone(), text: segredo, apikey: a.bench.instanceToken });
    const payload = a.bench.evolution.upsertPayload('rastreio', { from: novoTelefone(), text: segredo, apikey: 'chave-falsa-do-atacante' });
    expect((await env.t.app.inject({ method: 'POST', url: `/webhook/whats/1/${token}`, payload })).statusCode).toBe(401);
    expect((await env.t.app.inject({ method: 'POST', url: `/webhook/whats/1/${token}x`, payload })).statusCode).toBe(401);
    await waitFor(() => log.text.includes('/webhook/whats/1/[oculto]'));
    for (const secret of [token, a.bench.instanceToken, 'chave-falsa-do-atacante', 'girassol'])
      expect(log.text.includes(secret), `the log holds ${secret}`).toBe(false);
  });
});
