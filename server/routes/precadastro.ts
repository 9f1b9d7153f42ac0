/**
 * Public pre-registration (SPEC 2.20, DESIGN sections 4, 6 and 9): reached through a staff
 * member's link token; the client's data and documents arrive in one POST and are stored in one
 * transaction, or not at all. Rate-limited per address like every public call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CLIENTE_STATUS, MAX_UPLOAD_BYTES, PUBLIC_RATE_PER_MINUTE } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { precadastroSchema } from '../../domain/schemas/clientes';
import type { Db } from '../db/client';
import { uploads, users } from '../db/schema';
import { badRequest, notFound } from '../regras/http-errors';
import { getCompany } from '../regras/company';
import { limitPerAddress } from '../seguranca/rate-limit';
import { insertRecord } from '../resources/records';
import { clientesResource } from '../resources/clientes';
import { decodeFile, storedBase64 } from './uploads';

/** Tokens are base64url (regras/passwords.ts `randomToken`): anything else is not a link of ours. */
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;
const tokenParam = z.object({ token: z.string().regex(TOKEN, { error: MSG.precadastroToken }) });
/** Three documents of at most 5,000,000 bytes each, as base64, plus the data. */
const BODY_LIMIT = 3 * (Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 100) + 50_000;

/** The active staff member whose link this is. */
async function linkOwner(db: Db, token: string) {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.token, token), eq(users.bloqueado, false)))
    .limit(1);
  if (!owner) throw notFound(MSG.precadastroToken);
  return owner;
}

export function registerPrecadastroRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['público'];
  // Every /v1/static call: 60 a minute per address, counted before the body is read.
  const limited = limitPerAddress(db, 'static', PUBLIC_RATE_PER_MINUTE);
  // The link is the route's credential: checked before the body is read, like a session.
  const owners = new WeakMap<FastifyRequest, number>();
  const linked = async (request: FastifyRequest) => {
    const { token } = request.params as { token?: string };
    if (!token || !TOKEN.test(token)) throw badRequest(MSG.invalidInput, { token: MSG.precadastroToken });
    owners.set(request, (await linkOwner(db, token)).id);
  };

  r.get(
    '/v1/static/precadastro/:token',
    {
      schema: { tags, summary: 'Confere um link de pré-cadastro', params: tokenParam },
      config: { access: 'public' },
      onRequest: [limited, linked],
    },
    async () => {
      const company = await getCompany(db);
      return { valid: true, empresa: String(company.dadosempresa?.nome ?? '') };
    },
  );

  r.post(
    '/v1/static/precadastro/:token',
    {
      schema: { tags, summary: 'Pré-cadastro de um cliente com seus documentos', params: tokenParam, body: precadastroSchema },
      config: { access: 'public' },
      bodyLimit: BODY_LIMIT,
      onRequest: [limited, linked],
    },
    async (request, reply) => {
      const ownerId = owners.get(request)!;
      const { documentos, ...data } = request.body;
      const files = await Promise.all(
        documentos.map(async (doc, index) => ({
          name: doc.name,
          ...(await decodeFile({ id: undefined, documento: 'cliente', unid: 0, ...doc }, `documentos.${index}`)),
        })),
      );
      const id = await db.transaction(async (tx) => {
        // Marked "Pré-cadastro" until staff open and confirm it (DESIGN 10).
        const values = { ...data, idcard: ownerId, status: CLIENTE_STATUS.ATIVO, revisao: true };
        const client = await insertRecord(tx, clientesResource, values, ownerId);
        for (const file of files) {
          await tx.insert(uploads).values({
            idcard: ownerId,
            unid: Number(client.id),
            documento: 'cliente',
            name: file.name,
            type: file.type,
            size: file.size,
            data: storedBase64(file.base64),
          });
        }
        return Number(client.id);
      });
      reply.code(201);
      return { id, message: MSG.precadastroDone };
    },
  );
}
