/**
 * Pix Automático (DESIGN 11, "Collecting without chasing"; INTEGRATIONS.md 4.3): `POST
 * /v1/assinaturas/{id}/pix-automatico` asks Asaas for an authorization without a fixed value,
 * whose immediate QR code pays the oldest open charge, reused until it expires; the subscription
 * turns pix_automatico, aguardando. Its events (cobrancas/formas.ts) then activate it or fall back
 * to boleto_pix. 409 while the setting is off, without the gateway or for an inactive subscription;
 * BIWEEKLY and BIMONTHLY → 400; an account without the feature (403) is explained in pt-BR.
 * `enviar`: the QR code's payment page and the copia e cola go to the client by WhatsApp (alert
 * autorizacaoPix on the oldest open charge); the reply says whether it went (`envio`).
 * The immediate QR code's payment (its conciliationIdentifier, kept here) settles that oldest open
 * charge (cobrancas/pix-debito.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { cobrancaAbertaSql } from '../../domain/cobranca';
import { ASSINATURA_STATUS } from '../../domain/constants';
import { FREQUENCIA_PIX, MSG_FORMA } from '../../domain/forma-cobranca';
import type { Db, DbOrTx } from '../db/client';
import { assinaturas, clientes, cobrancas, mensagens } from '../db/schema';
import { enqueueAlertas } from '../mensagens/alertas';
import type { JobQueue } from '../queue/boss';
import { asaas } from '../integrations/asaas';
import { IntegrationError } from '../integrations/http';
import { getCompany } from '../regras/company';
import { badRequest, conflict, notFound } from '../regras/http-errors';
import { asaasConfig } from '../cobrancas/gateway';

/** How long the immediate QR code may be paid (a day), before a new one is asked for. */
const QR_SECONDS = 24 * 60 * 60;

export type PixAutomaticoEstado = {
  id: string;
  status: string;
  payload: string;
  encodedImage: string;
  expiraEm: string;
  motivo?: string | null;
  /** The immediate QR code's conciliationIdentifier: the payment Asaas creates for it carries it. */
  conciliacao?: string | null;
};

export type EnvioPix = { status: string; motivo: string } | null;

const resposta = (pix: PixAutomaticoEstado) => ({
  status: pix.status,
  payload: pix.payload,
  encodedImage: pix.encodedImage,
  expiraEm: pix.expiraEm,
});

/** The oldest open charge of a subscription (the one the immediate QR code pays). */
async function cobrancaMaisAntiga(db: DbOrTx, id: number) {
  const [oldest] = await db
    .select({ id: cobrancas.id, valor: cobrancas.valor })
    .from(cobrancas)
    .where(and(eq(cobrancas.idassinatura, id), cobrancaAbertaSql(sql, cobrancas.status)))
    .orderBy(cobrancas.duedate, cobrancas.id)
    .limit(1);
  return oldest;
}

/** The alert autorizacaoPix on the oldest open charge (one more occurrence each time): whether it went. */
async function enviarAutorizacao(db: Db, queue: JobQueue, id: number): Promise<EnvioPix> {
  return db.transaction(async (tx) => {
    const oldest = await cobrancaMaisAntiga(tx, id);
    if (!oldest) return { status: 'ignorada', motivo: MSG_FORMA.pixSemCobrancaAberta };
    const [{ n }] = (
      (await tx.execute(
        sql`SELECT count(*)::int AS n FROM mensagens WHERE idcobranca = ${oldest.id} AND kind = 'autorizacaoPix'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    await enqueueAlertas(tx, queue, [{ idcobranca: oldest.id, kind: 'autorizacaoPix', occurrence: Number(n) }]);
    const [message] = await tx
      .select({ status: mensagens.status, motivo: mensagens.motivo })
      .from(mensagens)
      .where(eq(mensagens.key, `alerta:${oldest.id}:autorizacaoPix:${Number(n)}`));
    return message ? { status: message.status, motivo: message.motivo } : null;
  });
}

export async function ativarPixAutomatico(
  db: Db,
  id: number,
  options: { baseUrl?: string; enviar?: boolean; queue: JobQueue },
): Promise<ReturnType<typeof resposta> & { envio: EnvioPix }> {
  const result = await autorizacao(db, id, options.baseUrl);
  const envio = options.enviar ? await enviarAutorizacao(db, options.queue, id) : null;
  return { ...result, envio };
}

async function autorizacao(db: Db, id: number, baseUrl?: string) {
  const [sub] = await db.select().from(assinaturas).where(eq(assinaturas.id, id));
  if (!sub) throw notFound();
  if (!(await getCompany(db)).integrations.pixAutomatico.ativo) throw conflict(MSG_FORMA.pixInativo);
  if (sub.status !== ASSINATURA_STATUS.ATIVA) throw conflict(MSG_FORMA.pixAssinaturaInativa);
  const frequency = FREQUENCIA_PIX[sub.cycle];
  if (!frequency) throw badRequest(MSG_FORMA.pixCiclo, { cycle: MSG_FORMA.pixCiclo });
  const config = await asaasConfig(db, baseUrl);
  const [client] = await db.select({ gatewayId: clientes.gatewayId }).from(clientes).where(eq(clientes.id, sub.idcliente));
  if (!config || !sub.gatewayId || !client?.gatewayId) throw conflict(MSG_FORMA.pixSemGateway);
  // One waiting and still payable: the same QR code.
  const atual = sub.pixAutomatico as PixAutomaticoEstado | null;
  if (atual?.status === 'aguardando' && Date.parse(atual.expiraEm) > Date.now()) return resposta(atual);
  const oldest = await cobrancaMaisAntiga(db, id);
  const authorization = await asaas
    .createAuthorization(config, {
      customerId: client.gatewayId,
      frequency,
      contractId: `assinatura-${id}`,
      startDate: sub.nextduedate,
      description: sub.description.slice(0, 35),
      immediateQrCode: {
        expirationSeconds: QR_SECONDS,
        originalValue: Number(oldest?.valor ?? sub.valor),
        description: sub.description.slice(0, 35),
      },
    })
    .catch((error: unknown) => {
      if (error instanceof IntegrationError && error.httpStatus === 403) throw conflict(MSG_FORMA.pixNaoLiberado);
      if (error instanceof IntegrationError && error.httpStatus === 400) throw conflict(error.message);
      throw error;
    });
  const pix: PixAutomaticoEstado = {
    id: authorization.id,
    status: 'aguardando',
    payload: authorization.payload ?? '',
    encodedImage: authorization.encodedImage ?? '',
    expiraEm: new Date(Date.now() + QR_SECONDS * 1000).toISOString(),
    motivo: null,
    conciliacao: authorization.immediateQrCode?.conciliationIdentifier ?? null,
  };
  await db
    .update(assinaturas)
    .set({ formaCobranca: 'pix_automatico', pixAutomatico: pix, cartao: null, updatedAt: new Date() })
    .where(eq(assinaturas.id, id));
  return resposta(pix);
}
