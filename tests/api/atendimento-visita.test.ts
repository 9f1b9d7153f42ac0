/**
 * Atendimento (DESIGN 11, issue 32): option 3's offer of a visit, and a burst of messages sharing one
 * reply. A tracker not comunicando: "1" books an order (manutencao, status 0, no agendamento, origem
 * atendimento) and hands the conversation to a person (aguardando, motivo visita). Messages reaching
 * the webhook within 1.5 s of the one the bot last answered share its reply; the test sets the
 * webhook's clock rather than racing the real one.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { definirRelogio } from '../../server/atendimento/evento';
import { backends } from '../support/app';
import { relogioEspacado, useAtendimento } from '../support/atendimento';
import { newTracker, newVeiculo } from '../support/registry';

describe.each(backends)('atendimento: visita e rajadas (%s)', (backend) => {
  const a = useAtendimento(backend);
  const { env, rows, configure, webhookSet, novoTelefone, nacional, conversaDe, decisoesDe, receber, replies, sentTo, newClient } = a;

  afterEach(() => definirRelogio(relogioEspacado()));

  /** A client with one vehicle whose tracker is in `situacao`. */
  async function clienteComRastreador(placa: string, situacao: string) {
    const phone = novoTelefone();
    const cliente = await newClient({ mobilePhone: nacional(phone), name: `Cliente ${placa}` });
    const veiculo = await env.admin.create('/v1/veiculos', newVeiculo(cliente.id, { placa }));
    const tracker = await env.admin.create('/v1/trackres', newTracker());
    expect(
      (await env.admin.put(`/v1/trackres/${tracker.id}`, { ...newTracker({ imei: tracker.imei }), idveiculo: veiculo.id })).status,
    ).toBe(200);
    await rows(
      sql`INSERT INTO frota_estado (idrastreador, situacao) VALUES (${tracker.id}, ${situacao})
          ON CONFLICT (idrastreador) DO UPDATE SET situacao = excluded.situacao`,
    );
    return { phone, jid: `${phone}@s.whatsapp.net`, cliente, veiculo, tracker };
  }

  it('option 3, not comunicando: the offer; "1" books a manutencao order (status 0, no agendamento, origem atendimento), aguardando/visita', async () => {
    expect((await configure()).status).toBe(200);
    await webhookSet(true);
    const { phone, jid, cliente, veiculo, tracker } = await clienteComRastreador('VIS1T44', 'silencioso');
    await receber({ from: phone, text: 'oi' });
    await receber({ from: phone, text: '3' });
    const oferta = (await replies(jid, 2))[1].text;
    expect(oferta).toContain('Rastreador do veículo VIS1T44: sem comunicação há algum tempo.');
    expect(oferta).toContain('Responda 1 para pedir a visita');
    expect((await conversaDe(jid)).etapa).toBe('visita');

    await receber({ from: phone, text: '1' });
    const confirmacao = (await replies(jid, 3))[2].text;
    const ordens = await rows<{ id: number; tipo: string; status: number; agendamento: string | null; origem: string; iddevice: number }>(
      sql`SELECT id, tipo, status, agendamento, origem, iddevice FROM ordensservicos WHERE idcliente = ${cliente.id}`,
    );
    expect(ordens).toHaveLength(1);
    expect(ordens[0]).toMatchObject({ tipo: 'manutencao', status: 0, agendamento: null, origem: 'atendimento', iddevice: tracker.id });
    expect(confirmacao).toContain('VIS1T44');
    expect(confirmacao).toMatch(/visita técnica \(ordem \d/);
    expect(await conversaDe(jid)).toMatchObject({ status: 'aguardando', motivo: 'visita', urgente: false });
    expect((await decisoesDe(jid)).map((d) => d.acao)).toEqual(['menu', 'funcionando', 'visita']);

    // The order page's API shows it, with its origin; the list finds it by the plate's words.
    const ordem = await env.admin.get(`/v1/ordensservicos/${ordens[0].id}`);
    expect(ordem.status).toBe(200);
    expect(ordem.body).toMatchObject({ tipo: 'manutencao', origem: 'atendimento', idveiculo: veiculo.id, status: 0 });
    // The client's page lists their conversations of any status (status=todas); an unknown status is a 400 in words.
    const todas = await env.admin.get(`/v1/conversas?idcliente=${cliente.id}&status=todas`);
    expect(todas.body.Items.map((c: { status: string }) => c.status)).toEqual(['aguardando']);
    const ruim = await env.admin.get('/v1/conversas?status=qualquer');
    expect(ruim.status).toBe(400);
    expect(JSON.stringify(ruim.body.errors)).toContain('todas');
    // A person's conversation now: the bot says nothing more, and books nothing more.
    await receber({ from: phone, text: '1' });
    expect(sentTo(jid)).toHaveLength(3);
    expect(await rows(sql`SELECT id FROM ordensservicos WHERE idcliente = ${cliente.id}`)).toHaveLength(1);

    // Staff may create a manutencao order themselves (origem manual); an unknown tipo is refused in words.
    const bad = await env.admin.post('/v1/ordensservicos', {
      idcliente: cliente.id,
      idveiculo: veiculo.id,
      iddevice: tracker.id,
      descricao: 'x',
      tipo: 'conserto',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('manutencao');
  });

  it('option 3, comunicando: no offer, and "1" afterwards is the menu’s segunda via; after the offer, "0" goes back to the menu', async () => {
    const ok = await clienteComRastreador('COM1N55', 'comunicando');
    await receber({ from: ok.phone, text: 'oi' });
    await receber({ from: ok.phone, text: '3' });
    expect((await replies(ok.jid, 2))[1].text).toBe('Rastreador do veículo COM1N55: funcionando normalmente.');
    await receber({ from: ok.phone, text: '1' });
    expect((await decisoesDe(ok.jid)).map((d) => d.acao)).toEqual(['menu', 'funcionando', 'segunda_via']);

    const mudo = await clienteComRastreador('MUD0A66', 'nunca');
    await receber({ from: mudo.phone, text: 'oi' });
    await receber({ from: mudo.phone, text: '3' });
    await receber({ from: mudo.phone, text: '0' });
    expect((await replies(mudo.jid, 3))[2].text).toContain('1. Segunda via');
    expect(await conversaDe(mudo.jid)).toMatchObject({ status: 'bot', etapa: 'menu' });
    expect(await rows(sql`SELECT id FROM ordensservicos WHERE idcliente = ${mudo.cliente.id}`)).toHaveLength(0);
  });

  it('a burst: messages within 1.5 s of the last answered one share its reply; later ones, and a theft, are answered', async () => {
    const phone = novoTelefone();
    await newClient({ mobilePhone: nacional(phone) });
    const jid = `${phone}@s.whatsapp.net`;
    const t0 = Date.now();
    let agora = t0;
    definirRelogio(() => new Date(agora));
    const em = async (ms: number, text: string) => {
      agora = t0 + ms;
      await receber({ from: phone, text });
    };
    await em(0, 'oi');
    await em(1000, 'bom dia');
    await em(1400, 'tudo bem?');
    await em(3000, '1');
    await em(3500, 'roubaram meu carro');
    expect((await decisoesDe(jid)).map((d) => d.acao)).toEqual(['menu', 'agrupada', 'agrupada', 'segunda_via', 'roubo']);
    const sent = await replies(jid, 3);
    expect(sent).toHaveLength(3);
    expect(sent[2].text).toContain('190');
    const [{ n }] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM conversa_mensagens WHERE jid = ${jid} AND direcao = 'entrada'`,
    );
    expect(n).toBe(5);
  });
});
