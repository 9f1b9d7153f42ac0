/**
 * The messages list (issue 24): `GET /v1/mensagens` on each database. Every filter (client, charge,
 * contract, status, kind, the creation day in APP_TIMEZONE) against the rows the database holds,
 * the exact total and newest-first pages, what a Usuario sees (what the charge's messages show,
 * never the message's key or the channel's id), and bad filters refused in pt-BR, changing nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { appToday } from '../../server/regras/clock';
import { backends, Client, newUser, useInstalledApp } from '../support/app';
import { newCliente, newPlano } from '../support/registry';

interface Item {
  id: number;
  kind: string;
  status: string;
  idcliente: number | null;
  idcobranca: number | null;
  idcontrato: number | null;
  cliente: string;
  texto: string;
  createdAt: string;
}

/** Exactly what a row carries: the charge's messages' fields and the records it is about. */
const FIELDS = [
  'cliente',
  'createdAt',
  'destino',
  'enviadaEm',
  'id',
  'idcliente',
  'idcobranca',
  'idcontrato',
  'kind',
  'motivo',
  'occurrence',
  'status',
  'tentativas',
  'texto',
  'updatedAt',
];

describe.each(backends)('the messages list (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await env.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const ids = (items: Item[]) => items.map((item) => item.id);
  const list = async (query: string, client?: Client) => {
    const reply = await (client ?? env.admin).get(`/v1/mensagens${query ? `?${query}` : ''}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as { meta: { total: number; page: number; pageSize: number; totalPaginas: number }; Items: Item[] };
  };
  /** The ids the database holds for a condition, newest first. */
  const expected = async (where: ReturnType<typeof sql>) =>
    (await rows<{ id: string | number }>(sql`SELECT id FROM mensagens WHERE ${where} ORDER BY id DESC`)).map((r) => Number(r.id));

  const s = {} as {
    lia: { id: number; name: string };
    beto: { id: number };
    cobrancas: number[];
    contrato: number;
    envio: number;
    falhou: number;
    antiga: number;
  };

  beforeAll(async () => {
    const lia = (await env.admin.post('/v1/clientes', newCliente({ name: 'Lia Mensagens', mobilePhone: '11987650101' }))).body;
    const beto = (await env.admin.post('/v1/clientes', newCliente({ name: 'Beto Outro', mobilePhone: '11987650102' }))).body;
    // Each new charge stores its novacobranca alert (ignorada: WhatsApp is not active here).
    const cobrancas: number[] = [];
    for (const [idcliente, valor] of [
      [lia.id, 10],
      [lia.id, 20],
      [beto.id, 30],
    ]) {
      const reply = await env.admin.post('/v1/cobrancas', {
        idcliente,
        descricao: `Mensalidade ${valor}`,
        valor,
        duedate: addDays(appToday(), 5),
      });
      expect(reply.status).toBe(201);
      cobrancas.push(reply.body.id);
    }
    const plano = (await env.admin.post('/v1/planos', newPlano())).body;
    const contrato = (await env.admin.post('/v1/contratos', { idcliente: lia.id, idplano: plano.id })).body;
    // The rows the queue writes when the staff send a contract and when an alert fails, with their internal key and the channel's id.
    const [envio] = await rows<{
      id: number;
    }>(sql`INSERT INTO mensagens (key, kind, idcontrato, idcliente, destino, texto, status, external_id, enviada_em)
      VALUES ('envio:contrato:segredo-de-chave', 'envio', ${contrato.id}, ${lia.id}, '5511987650101', 'Seu contrato: https://exemplo/c', 'enviada', 'EXTERNO-ABC123', now())
      RETURNING id`);
    const [falhou] = await rows<{
      id: number;
    }>(sql`INSERT INTO mensagens (key, kind, occurrence, idcobranca, idcliente, destino, texto, status, motivo, tentativas)
      VALUES (${`alerta:${cobrancas[0]}:vencida:1`}, 'vencida', 1, ${cobrancas[0]}, ${lia.id}, '5511987650101', 'Sua cobrança venceu', 'falhou', 'Número sem WhatsApp.', 3)
      RETURNING id`);
    // Created at 23:30 of 2026-01-09 in São Paulo (02:30 UTC of the 10th): that day's message there.
    const [antiga] = await rows<{
      id: number;
    }>(sql`INSERT INTO mensagens (key, kind, idcobranca, idcliente, destino, texto, status, created_at)
      VALUES (${`alerta:${cobrancas[1]}:vencehoje:0`}, 'vencehoje', ${cobrancas[1]}, ${lia.id}, '5511987650101', 'Vence hoje', 'ignorada', '2026-01-10T02:30:00Z')
      RETURNING id`);
    Object.assign(s, {
      lia,
      beto,
      cobrancas,
      contrato: contrato.id,
      envio: Number(envio.id),
      falhou: Number(falhou.id),
      antiga: Number(antiga.id),
    });
  });

  it("lists a client's messages newest first with the exact total, its charge's alerts and its contract's Enviar", async () => {
    const reply = await list(`idcliente=${s.lia.id}`);
    const lia = await expected(sql`idcliente = ${s.lia.id}`);
    expect(lia.length).toBe(5);
    expect(ids(reply.Items)).toEqual(lia);
    expect(reply.meta).toEqual({ page: 1, pageSize: 20, total: 5, totalItens: 5, totalPaginas: 1 });
    expect(reply.Items.every((item) => item.cliente === 'Lia Mensagens' && item.idcliente === s.lia.id)).toBe(true);
    const alertas = reply.Items.filter((item) => item.kind === 'novacobranca');
    expect(alertas.map((item) => item.idcobranca).sort()).toEqual(s.cobrancas.slice(0, 2).sort());
    expect(alertas.every((item) => item.status === 'ignorada')).toBe(true);
    expect(reply.Items.find((item) => item.id === s.envio)).toMatchObject({
      kind: 'envio',
      idcontrato: s.contrato,
      idcobranca: null,
      status: 'enviada',
    });

    // Pages of one: the same total, one row each, in the same order.
    const pages = [];
    for (let page = 1; page <= 5; page++) {
      const one = await list(`idcliente=${s.lia.id}&pageSize=1&page=${page}`);
      expect(one.meta).toMatchObject({ total: 5, totalPaginas: 5, page, pageSize: 1 });
      pages.push(...ids(one.Items));
    }
    expect(pages).toEqual(lia);
    expect((await list(`idcliente=${s.lia.id}&pageSize=1&page=6`)).Items).toEqual([]);

    // No filter: every message, counted exactly.
    const all = await list('pageSize=100');
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM mensagens`);
    expect(all.meta.total).toBe(n);
    expect(ids(all.Items)).toEqual((await expected(sql`true`)).slice(0, 100));
  });

  it('filters by charge, contract, status, kind and creation day (in APP_TIMEZONE), alone and together', async () => {
    const check = async (query: string, where: ReturnType<typeof sql>, count: number) => {
      const reply = await list(query);
      const want = await expected(where);
      expect(want.length, query).toBe(count);
      expect(ids(reply.Items), query).toEqual(want);
      expect(reply.meta.total, query).toBe(count);
    };
    await check(`idcobranca=${s.cobrancas[0]}`, sql`idcobranca = ${s.cobrancas[0]}`, 2);
    await check(`idcobranca=${s.cobrancas[2]}`, sql`idcobranca = ${s.cobrancas[2]}`, 1);
    await check(`idcontrato=${s.contrato}`, sql`idcontrato = ${s.contrato}`, 1);
    await check(`idcliente=${s.lia.id}&status=falhou`, sql`idcliente = ${s.lia.id} AND status = 'falhou'`, 1);
    await check(`idcliente=${s.lia.id}&status=ignorada`, sql`idcliente = ${s.lia.id} AND status = 'ignorada'`, 3);
    await check(`idcliente=${s.lia.id}&kind=envio`, sql`idcliente = ${s.lia.id} AND kind = 'envio'`, 1);
    await check(`idcliente=${s.beto.id}&kind=novacobranca&status=ignorada`, sql`idcliente = ${s.beto.id}`, 1);
    await check(`idcliente=${s.beto.id}&kind=vencida`, sql`false`, 0);
    // 02:30 UTC of the 10th is the 9th in São Paulo: found on the 9th, not on the 10th.
    await check(`idcliente=${s.lia.id}&dataInicio=2026-01-09&dataFim=2026-01-09`, sql`id = ${s.antiga}`, 1);
    await check(`idcliente=${s.lia.id}&dataInicio=2026-01-10&dataFim=2026-01-10`, sql`false`, 0);
    await check(`idcliente=${s.lia.id}&dataFim=2026-01-09`, sql`id = ${s.antiga}`, 1);
    await check(`idcliente=${s.lia.id}&dataInicio=2026-01-10`, sql`idcliente = ${s.lia.id} AND id <> ${s.antiga}`, 4);
    await check(
      `idcliente=${s.lia.id}&dataInicio=${appToday()}&dataFim=${appToday()}`,
      sql`idcliente = ${s.lia.id} AND id <> ${s.antiga}`,
      4,
    );
    // Empty values are no filter, as in every list.
    await check(`idcliente=${s.beto.id}&status=&kind=&dataInicio=&idcontrato=`, sql`idcliente = ${s.beto.id}`, 1);
  });

  it("gives a Usuario what the charge's messages show, never the message's key or the channel's id; anonymous is 401", async () => {
    const user = newUser();
    expect((await env.admin.post('/v1/users', user)).status).toBe(201);
    const usuario = new Client(env.t.app);
    await usuario.login(user.login, user.password);
    const mine = await list(`idcliente=${s.lia.id}`, usuario);
    expect(mine).toEqual(await list(`idcliente=${s.lia.id}`));
    for (const item of mine.Items) expect(Object.keys(item).sort()).toEqual(FIELDS);
    const text = JSON.stringify(mine);
    expect(text).not.toContain('segredo-de-chave');
    expect(text).not.toContain('EXTERNO-ABC123');
    // The same message as the charge's own log shows it.
    const charge = (await usuario.get(`/v1/cobrancas/${s.cobrancas[0]}/mensagens`)).body.Items;
    const listed = (await list(`idcobranca=${s.cobrancas[0]}`, usuario)).Items;
    expect(listed.map(({ cliente: _c, idcliente: _l, idcobranca: _b, idcontrato: _t, ...rest }) => rest)).toEqual(charge);
    expect((await new Client(env.t.app).get('/v1/mensagens')).status).toBe(401);
  });

  it('refuses bad filters with a 400 in pt-BR that names the field, and changes nothing', async () => {
    const before = await rows<{ n: number; m: string }>(sql`SELECT count(*)::int AS n, max(updated_at)::text AS m FROM mensagens`);
    const cases: Array<[string, string, RegExp]> = [
      ['status=enviadas', 'status', /Situação da mensagem inválida\. Valores aceitos: pendente, enviando, enviada, falhou, ignorada/],
      ['status=ENVIADA', 'status', /Situação da mensagem inválida/],
      ['status=enviada&status=falhou', 'status', /Situação da mensagem inválida/],
      [
        'kind=whatsapp',
        'kind',
        /Tipo de mensagem inválido\. Valores aceitos: novacobranca, vencehoje, vencida, cancelada, recebida, atualizada, formaPagamento, cartaoRecusado, avisoNegativacao, debitoAgendado, formaAlterada, reajuste, autorizacaoPix, envio, atendimento/,
      ],
      ['idcliente=0', 'idcliente', /Cliente inválido/],
      ['idcliente=abc', 'idcliente', /Cliente inválido/],
      ['idcobranca=2147483648', 'idcobranca', /Cobrança inválida/],
      ['idcontrato=-1', 'idcontrato', /Contrato inválido/],
      ['dataInicio=2026-02-30', 'dataInicio', /Data inválida: use AAAA-MM-DD/],
      ['dataFim=ontem', 'dataFim', /Data inválida/],
      ['dataInicio=2026-03-02&dataFim=2026-03-01', 'dataFim', /A data final deve ser igual ou posterior à inicial/],
      ['pageSize=101', 'pageSize', /O tamanho da página deve estar entre 1 e 100/],
      ['page=0', 'page', /A página deve ser um número inteiro/],
      ['pesquisa=lia', '_', /Filtro desconhecido: pesquisa\./],
      ['__proto__=1', '_', /Filtro desconhecido/],
    ];
    for (const [query, field, message] of cases) {
      const reply = await env.admin.get(`/v1/mensagens?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message, query).toBeTruthy();
      expect(reply.body.errors?.[field], `${query}: ${JSON.stringify(reply.body)}`).toMatch(message);
    }
    expect(await rows(sql`SELECT count(*)::int AS n, max(updated_at)::text AS m FROM mensagens`)).toEqual(before);
  });
});
