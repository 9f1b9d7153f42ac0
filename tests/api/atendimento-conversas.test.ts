/**
 * The conversations' inbox (DESIGN 11): the list's order and filters, the summary, one conversation
 * with its messages and decisions, staff's reply through the outbox (then the bot is silent), the
 * opt-out rule, assumir (409 unless forcar), encerrar and the changes, each audited.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, Client, newUser } from '../support/app';
import { useAtendimento } from '../support/atendimento';
import { waitFor } from '../support/wait';

describe.each(backends)('atendimento: the inbox (%s)', (backend) => {
  const a = useAtendimento(backend);
  const { env, rows, configure, webhookSet, novoTelefone, nacional, sentTo, conversaDe, receber, replies, newClient, clienteNoTelefone } =
    a;
  let staff: Client;
  let staffId = 0;

  beforeAll(async () => {
    expect((await configure()).status).toBe(200);
    await webhookSet(true);
    const usuario = await env.admin.create('/v1/users', newUser({ password: 'senha-usuario-1', name: 'Bruno Atendente' }));
    staffId = usuario.id;
    staff = new Client(env.t.app);
    expect((await staff.login(usuario.login, 'senha-usuario-1')).status).toBe(200);
  });

  const auditoria = () =>
    rows<{ usuario: string; descricao: string; resultado: string }>(
      sql`SELECT usuario, descricao, resultado FROM auditoria WHERE acao = 'atendimento' ORDER BY id`,
    );

  it('the list: urgent first, then aguardando, then the latest; filters; encerrada only when asked; the summary', async () => {
    const comBot = novoTelefone();
    await newClient({ mobilePhone: nacional(comBot), name: 'Carla Bot' });
    const atendente = novoTelefone();
    const cliente = await newClient({ mobilePhone: nacional(atendente), name: 'Diego Espera' });
    const roubo = novoTelefone();
    await receber({ from: atendente, text: 'oi' });
    await receber({ from: atendente, text: '5' });
    await receber({ from: roubo, text: 'roubaram minha moto' });
    await receber({ from: comBot, text: 'oi' });

    const list = await env.admin.get('/v1/conversas');
    expect(list.status).toBe(200);
    const jids = list.body.Items.map((c: { jid: string }) => c.jid);
    const order = [`${roubo}@s.whatsapp.net`, `${atendente}@s.whatsapp.net`, `${comBot}@s.whatsapp.net`];
    expect(jids.filter((jid: string) => order.includes(jid))).toEqual(order);
    const first = list.body.Items.find((c: { jid: string }) => c.jid === `${atendente}@s.whatsapp.net`);
    expect(first).toMatchObject({
      telefone: atendente,
      idcliente: cliente.id,
      cliente: 'Diego Espera',
      status: 'aguardando',
      motivo: 'atendente',
      urgente: false,
      naoLidas: 2,
      atendente: '',
      encerradaEm: null,
    });
    expect(list.body.meta.total).toBeGreaterThanOrEqual(3);

    const only = async (query: string) => (await env.admin.get(`/v1/conversas?${query}`)).body.Items.map((c: { jid: string }) => c.jid);
    expect(await only('status=bot')).toContain(`${comBot}@s.whatsapp.net`);
    expect(await only('status=bot')).not.toContain(`${atendente}@s.whatsapp.net`);
    expect(await only('urgente=true')).toEqual([`${roubo}@s.whatsapp.net`]);
    expect(await only(`idcliente=${cliente.id}`)).toEqual([`${atendente}@s.whatsapp.net`]);
    expect(await only('pesquisa=diego')).toEqual([`${atendente}@s.whatsapp.net`]);
    expect(await only(`pesquisa=${atendente.slice(4)}`)).toEqual([`${atendente}@s.whatsapp.net`]);
    expect((await env.admin.get('/v1/conversas?status=fechada')).status).toBe(400);
    expect((await env.admin.get('/v1/conversas?cor=azul')).status).toBe(400);

    const resumo = (await staff.get('/v1/conversas/resumo')).body;
    expect(resumo).toEqual({ aguardando: 2, urgentes: 1, minhas: 0 });
  });

  it('one conversation: its messages oldest first (with the outbox status), ?antes=, and the bot’s decisions', async () => {
    const { phone, jid } = await clienteNoTelefone();
    await receber({ from: phone, text: 'oi' });
    await receber({ from: phone, text: '3' });
    await replies(jid, 2);
    const { id } = await conversaDe(jid);
    await waitFor(async () => {
      const body = (await staff.get(`/v1/conversas/${id}`)).body;
      return body.mensagens.filter((m: { status: string }) => m.status === 'enviada').length === 2;
    });
    const body = (await staff.get(`/v1/conversas/${id}`)).body;
    expect(body.mensagens.map((m: { direcao: string; autor: string }) => `${m.direcao}:${m.autor}`)).toEqual([
      'entrada:cliente',
      'saida:bot',
      'entrada:cliente',
      'saida:bot',
    ]);
    expect(body.mensagens[0]).toMatchObject({ texto: 'oi', status: 'recebida', tipo: 'conversation' });
    expect(body.decisoes.map((d: { acao: string }) => d.acao)).toEqual(['menu', 'funcionando']);
    expect(body.decisoes[1].resposta).toContain('Não encontrei rastreador instalado');
    const older = (await staff.get(`/v1/conversas/${id}?antes=${body.mensagens[2].id}`)).body.mensagens;
    expect(older.map((m: { id: number }) => m.id)).toEqual([body.mensagens[0].id, body.mensagens[1].id]);
    expect((await staff.get('/v1/conversas/999999')).status).toBe(404);
  });

  it('a staff reply goes through the outbox, assigns the caller, em_atendimento; the bot is silent after it', async () => {
    const { phone, jid } = await clienteNoTelefone();
    await receber({ from: phone, text: 'oi' });
    await replies(jid, 1);
    const { id } = await conversaDe(jid);
    expect((await staff.post(`/v1/conversas/${id}/mensagens`, { texto: '' })).status).toBe(400);
    expect((await staff.post(`/v1/conversas/${id}/mensagens`, { texto: 'x'.repeat(4097) })).status).toBe(400);
    const sent = await staff.post(`/v1/conversas/${id}/mensagens`, { texto: 'Olá, sou o Bruno. Em que posso ajudar?' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ direcao: 'saida', autor: 'staff', por: 'Bruno Atendente', status: 'pendente' });
    const [reply] = (await replies(jid, 2)).slice(1);
    expect(reply.text).toBe('Olá, sou o Bruno. Em que posso ajudar?');
    const conversa = (await staff.get(`/v1/conversas/${id}`)).body;
    expect(conversa).toMatchObject({ status: 'em_atendimento', idatendente: staffId, atendente: 'Bruno Atendente', naoLidas: 0 });
    // The client answers: the bot stays out of it.
    await receber({ from: phone, text: '1' });
    expect(sentTo(jid)).toHaveLength(2);
    expect((await staff.get('/v1/conversas/resumo')).body.minhas).toBeGreaterThanOrEqual(1);
  });

  it('opt-out: a staff message goes within 24 h of the client’s last; after, 409 for "Não enviar mensagens" or an unknown chat', async () => {
    const phone = novoTelefone();
    const cliente = await newClient({ mobilePhone: nacional(phone), naoEnviarMensagens: true });
    const jid = `${phone}@s.whatsapp.net`;
    await receber({ from: phone, text: 'oi' });
    // The bot's replies always go, whatever the client's choice.
    await replies(jid, 1);
    const { id } = await conversaDe(jid);
    expect((await staff.post(`/v1/conversas/${id}/mensagens`, { texto: 'Respondendo agora.' })).status).toBe(201);
    await rows(sql`UPDATE conversas SET ultima_entrada_em = now() - interval '25 hours' WHERE id = ${id}`);
    const refused = await staff.post(`/v1/conversas/${id}/mensagens`, { texto: 'E mais isto.' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/não receber mensagens/);
    // The same client without the mark: it goes.
    await rows(sql`UPDATE clientes SET nao_enviar_mensagens = false WHERE id = ${cliente.id}`);
    expect((await staff.post(`/v1/conversas/${id}/mensagens`, { texto: 'E mais isto.' })).status).toBe(201);

    const desconhecido = novoTelefone();
    await receber({ from: desconhecido, text: 'oi' });
    const outra = await conversaDe(`${desconhecido}@s.whatsapp.net`);
    await rows(sql`UPDATE conversas SET ultima_entrada_em = now() - interval '25 hours' WHERE id = ${outra.id}`);
    expect((await staff.post(`/v1/conversas/${outra.id}/mensagens`, { texto: 'Olá?' })).status).toBe(409);
  });

  it('assumir another’s: 409 unless forcar; encerrar; PUT urgente and idcliente; each audited; the next message opens a new conversation', async () => {
    const phone = novoTelefone();
    const cliente = await newClient({ mobilePhone: '' });
    const jid = `${phone}@s.whatsapp.net`;
    await receber({ from: phone, text: 'oi' });
    const { id } = await conversaDe(jid);
    const before = (await auditoria()).length;
    expect((await env.admin.post(`/v1/conversas/${id}/assumir`, {})).body).toMatchObject({ status: 'em_atendimento', idatendente: 1 });
    const taken = await staff.post(`/v1/conversas/${id}/assumir`, {});
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('Ana Administradora');
    expect((await staff.post(`/v1/conversas/${id}/assumir`, { forcar: true })).body).toMatchObject({ idatendente: staffId });

    expect((await staff.put(`/v1/conversas/${id}`, { idcliente: 999999 })).status).toBe(400);
    const changed = await staff.put(`/v1/conversas/${id}`, { urgente: true, idcliente: cliente.id });
    expect(changed.body).toMatchObject({ urgente: true, idcliente: cliente.id });

    const closed = await staff.post(`/v1/conversas/${id}/encerrar`);
    expect(closed.body).toMatchObject({ status: 'encerrada', encerradaEm: expect.any(String) });
    expect((await staff.post(`/v1/conversas/${id}/encerrar`)).status).toBe(409);
    expect((await staff.post(`/v1/conversas/${id}/mensagens`, { texto: 'oi' })).status).toBe(409);
    expect((await env.admin.get('/v1/conversas')).body.Items.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await env.admin.get('/v1/conversas?status=encerrada')).body.Items.map((c: { id: number }) => c.id)).toContain(id);

    const log = (await auditoria()).slice(before);
    expect(log.map((entry) => entry.resultado)).toEqual([
      'bot → em_atendimento',
      'em_atendimento → em_atendimento',
      `urgente: não → sim; cliente: nenhum → ${cliente.id}`,
      'em_atendimento → encerrada',
    ]);
    expect(log.map((entry) => entry.usuario)).toEqual(['Ana Administradora', 'Bruno Atendente', 'Bruno Atendente', 'Bruno Atendente']);

    // The chat writes again: a new conversation, with the bot.
    await receber({ from: phone, text: 'oi de novo' });
    const nova = await conversaDe(jid);
    expect(nova.id).not.toBe(id);
    expect(nova.status).toBe('bot');
    await replies(jid, 2);
  });
});
