/**
 * One owner decides whether and what we may send to a client (services/mensagens.ts
 * `recusaDoEnvio`, `enviarCobranca`, issue 31): Enviar of one charge and sending many agree. A
 * cancelled or received charge is sent by neither (the single one answered 200 and sent it before),
 * an open or overdue one by both; a client marked "Não enviar mensagens" gets nothing from either.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { COBRANCA_STATUS } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { MSG_PAGAMENTO } from '../../domain/pagamento';
import { cobrancas } from '../../server/db/schema';
import { appToday } from '../../server/regras/clock';
import { MOTIVO } from '../../server/mensagens/mensagens';
import { backends, useInstalledApp } from '../support/app';
import { newCliente } from '../support/registry';

describe.each(backends)('Enviar of one charge and of many agree (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const whats = (status: number) =>
    env.admin.put('/v1/users/1', {
      integrations: { whats: { server: 'http://127.0.0.1:9', instance: 'rastreio', token: 'chave-whats', status } },
    });
  /** A charge of `cliente` in `status`, set as the gateway or staff would leave it. */
  const chargeIn = async (idcliente: number, status: number) => {
    const created = await env.admin.post('/v1/cobrancas', {
      idcliente,
      descricao: 'Mensalidade',
      valor: 90,
      duedate: addDays(appToday(), 5),
    });
    expect(created.status).toBe(201);
    await env.t.database.db.update(cobrancas).set({ status }).where(eq(cobrancas.id, created.body.id));
    return created.body.id as number;
  };
  const envios = async (idcobranca: number) =>
    (
      (await env.t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM mensagens WHERE idcobranca = ${idcobranca} AND kind = 'envio'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;
  const single = (id: number) => env.admin.post(`/v1/cobrancas/enviar/${id}?reenviar=1`);
  const many = async (id: number) => (await env.admin.post('/v1/cobrancas/enviar', { ids: [id], reenviar: true })).body.resultados[0];

  it('a cancelled or a received charge: refused by both, with the same reason, and nothing stored', async () => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente({ mobilePhone: '11987650001' }))).body;
    await whats(1);
    try {
      for (const [status, motivo] of [
        [COBRANCA_STATUS.CANCELADA, MSG_PAGAMENTO.envioCancelada],
        [COBRANCA_STATUS.RECEBIDA, MSG_PAGAMENTO.envioRecebida],
      ] as const) {
        const id = await chargeIn(cliente.id, status);
        expect(await single(id)).toMatchObject({ status: 409, body: { message: motivo } });
        expect((await env.admin.get(`/v1/cobrancas/enviar/${id}`)).status).toBe(409);
        expect(await many(id)).toEqual({ id, status: 'ignorada', motivo });
        expect(await envios(id)).toBe(0);
      }
    } finally {
      await whats(0);
    }
  });

  it('an open or an overdue charge: sent by both', async () => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente({ mobilePhone: '11987650002' }))).body;
    await whats(1);
    try {
      for (const status of [COBRANCA_STATUS.EM_ABERTO, COBRANCA_STATUS.VENCIDA]) {
        const id = await chargeIn(cliente.id, status);
        expect(await single(id)).toMatchObject({ status: 200, body: { message: MSG.sent } });
        expect(await many(id)).toEqual({ id, status: 'enviada', motivo: '' });
        expect(await envios(id)).toBe(2);
      }
    } finally {
      await whats(0);
    }
  });

  it('a client marked "Não enviar mensagens", or WhatsApp off: refused by both, whatever the charge, and nothing stored', async () => {
    const cliente = (await env.admin.post('/v1/clientes', newCliente({ mobilePhone: '11987650003', naoEnviarMensagens: true }))).body;
    const aberta = await chargeIn(cliente.id, COBRANCA_STATUS.EM_ABERTO);
    const cancelada = await chargeIn(cliente.id, COBRANCA_STATUS.CANCELADA);
    await whats(1);
    try {
      expect(await single(aberta)).toMatchObject({ status: 409, body: { message: MSG.clienteOptedOut } });
      expect(await many(aberta)).toEqual({ id: aberta, status: 'ignorada', motivo: MOTIVO.naoEnviar });
      // The charge's state speaks first, for both.
      expect(await single(cancelada)).toMatchObject({ status: 409, body: { message: MSG_PAGAMENTO.envioCancelada } });
      expect(await many(cancelada)).toEqual({ id: cancelada, status: 'ignorada', motivo: MSG_PAGAMENTO.envioCancelada });
    } finally {
      await whats(0);
    }
    const outro = (await env.admin.post('/v1/clientes', newCliente({ mobilePhone: '11987650004' }))).body;
    const desligado = await chargeIn(outro.id, COBRANCA_STATUS.EM_ABERTO);
    expect(await single(desligado)).toMatchObject({ status: 409, body: { message: MSG.messagingInactive } });
    expect(await many(desligado)).toEqual({ id: desligado, status: 'ignorada', motivo: MOTIVO.whatsInativo });
    for (const id of [aberta, cancelada, desligado]) expect(await envios(id)).toBe(0);
  });
});
