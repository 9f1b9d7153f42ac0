/**
 * `POST /webhook/whats/{userId}/{token}` (DESIGN 11): Evolution's WhatsApp events (atendimento/
 * recebimento.ts). Before the body is read: a wrong token 401, an unknown `{userId}` 404; then a
 * payload `apikey` present and not the instance's token 401. Else 200 once the event and its job are
 * stored; a repeat stores nothing. The body is bounded (WHATS_BODY_LIMIT: 413 above it).
 *
 * `POST /webhook/cobranca/{userId}/{gateway}` (DESIGN 5 and 9): the payment gateway's events.
 * Before the body is read: an unknown gateway or `{userId}` gets 404, a missing or wrong
 * `asaas-access-token` 401 (compared in constant time). A good event is stored by its id with its
 * queue job, in one transaction, and answered 200 at once; a replay stores nothing more. The
 * queue applies it (cobrancas/pagamentos.ts). Events with a valid token are not rate-limited.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../domain/messages';
import { id, requiredText, text } from '../../domain/schemas/common';
import type { Db } from '../db/client';
import { users, webhookEventos } from '../db/schema';
import { notFound, unauthorized } from '../regras/http-errors';
import { QUEUES } from '../queue/boss';
import { getCompany } from '../regras/company';
import { atendimentoDe } from '../atendimento/configuracao';
import { eventoDe, guardarEvento } from '../atendimento/evento';

const params = z.object({ userId: id(), gateway: z.enum(['asaas'], { error: MSG.gatewayUnsupported }) });

const shortText = (max: number) => requiredText(max);

/** The envelope Asaas posts (INTEGRATIONS.md 3): bounded, the payment's other fields kept as sent. */
const eventBody = z.looseObject({
  id: shortText(120),
  event: shortText(120),
  dateCreated: text(40).optional(),
  payment: z
    .looseObject({
      id: shortText(120).optional(),
      status: text(60).optional(),
      externalReference: text(120).nullable().optional(),
      subscription: text(120).nullable().optional(),
    })
    .optional(),
});

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Compared by their hashes (equal length): the time says nothing of the secret. */
const sameSecret = (given: unknown, expected: string) =>
  Boolean(expected) && typeof given === 'string' && timingSafeEqual(digest(given), digest(expected));

/** Evolution's payloads (a text, a caption, a thumbnail without base64) fit well within this. */
export const WHATS_BODY_LIMIT = 256 * 1024;

const whatsParams = z.object({ userId: id(), token: requiredText(200) });

/** The envelope Evolution posts (INTEGRATIONS.md 4.2): the fields read are typed, the rest kept as sent. */
const whatsBody = z
  .looseObject({
    event: text(120).optional(),
    instance: text(200).nullable().optional(),
    apikey: text(300).nullable().optional(),
    data: z
      .looseObject({
        key: z
          .looseObject({
            remoteJid: text(200).optional(),
            remoteJidAlt: text(200).nullable().optional(),
            id: text(200).optional(),
            fromMe: z.boolean({ error: MSG.invalidInput }).optional(),
          })
          .optional(),
        // A person's WhatsApp name as it comes (a refusal would lose the message: Evolution does not retry a 400).
        pushName: z.string({ error: MSG.mustBeText }).max(1000, { error: MSG.invalidInput }).nullable().optional(),
      })
      .optional(),
  })
  // A message's event names its chat and its id (Evolution posts no upsert without them, INTEGRATIONS.md 4.2):
  // one without is refused and stores nothing. Other events are stored without a reply (DESIGN 11).
  .superRefine((body, ctx) => {
    if (eventoDe(body) !== 'messages.upsert') return;
    const key = body.data?.key;
    if (!key?.remoteJid?.trim() || !key.id?.trim())
      ctx.addIssue({ code: 'custom', path: ['data', 'key'], message: MSG.whatsMensagemSemChave });
  });

export function registerWebhookRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** onRequest: who calls is checked before the body is read. */
  const authenticate = async (request: FastifyRequest) => {
    const { userId, gateway } = request.params as { userId?: string; gateway?: string };
    if (gateway !== 'asaas' || !/^[1-9]\d{0,9}$/.test(String(userId))) throw notFound(MSG.routeNotFound);
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, Number(userId)));
    if (!user) throw notFound(MSG.notFound);
    const expected = String((await getCompany(db)).integrations.gateway.webhookToken ?? '');
    const given = request.headers['asaas-access-token'];
    // Hashes of equal length: the comparison's time says nothing of the token.
    if (!expected || typeof given !== 'string' || !timingSafeEqual(digest(given), digest(expected)))
      throw unauthorized(MSG.webhookUnauthorized);
  };

  /** onRequest: the URL's secret, then the user, before the body is read. */
  const authenticateWhats = async (request: FastifyRequest) => {
    const { userId, token } = request.params as { userId?: string; token?: string };
    const company = await getCompany(db);
    if (!sameSecret(token, atendimentoDe(company).webhookToken)) throw unauthorized(MSG.webhookUnauthorized);
    if (!/^[1-9]\d{0,9}$/.test(String(userId))) throw notFound(MSG.notFound);
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, Number(userId)));
    if (!user) throw notFound(MSG.notFound);
  };

  r.post(
    '/webhook/whats/:userId/:token',
    {
      bodyLimit: WHATS_BODY_LIMIT,
      schema: { tags: ['webhooks'], summary: 'Mensagens do WhatsApp (Evolution) para o atendimento', params: whatsParams, body: whatsBody },
      config: { access: 'public' },
      onRequest: authenticateWhats,
    },
    async (request) => {
      const { apikey } = request.body;
      // The instance's token, when the server exposes it, must be ours (INTEGRATIONS.md 4.2); never logged.
      if (apikey !== undefined && apikey !== null && apikey !== '') {
        const company = await getCompany(db);
        if (!sameSecret(apikey, String(company.integrations.whats.token ?? ''))) throw unauthorized(MSG.webhookUnauthorized);
      }
      const resultado = await guardarEvento(db, app.effects.queue, request.body as Record<string, unknown>);
      // The bot answers now, not at the queue's next poll (DESIGN 11's 3 s).
      if (resultado === 'guardado') app.effects.queue.wake(QUEUES.atendimento.name);
      return { received: true, resultado };
    },
  );

  r.post(
    '/webhook/cobranca/:userId/:gateway',
    {
      schema: { tags: ['webhooks'], summary: 'Eventos do gateway de pagamento (Asaas)', params, body: eventBody },
      config: { access: 'public' },
      onRequest: authenticate,
    },
    async (request) => {
      const event = request.body;
      await db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(webhookEventos)
          .values({
            gateway: request.params.gateway,
            eventId: event.id,
            event: event.event,
            paymentId: event.payment?.id ?? '',
            payload: event as Record<string, unknown>,
          })
          .onConflictDoNothing()
          .returning({ id: webhookEventos.id });
        if (stored) await app.effects.queue.send(tx, QUEUES.webhook.name, { id: stored.id });
      });
      return { received: true };
    },
  );
}
