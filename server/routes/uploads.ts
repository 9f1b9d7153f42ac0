/**
 * Uploads (SPEC section 7, DESIGN sections 6 and 9): files arrive as base64 or data URLs, their
 * type is read from the content (never trusted from the client), each is at most 5,000,000
 * bytes decoded, and a batch is stored in one transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPTS, type UploadDocumento } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { idParam } from '../../domain/schemas/list';
import { uploadInputSchema, uploadListQuery, type UploadInput } from '../../domain/schemas/uploads';
import type { Db, DbOrTx } from '../db/client';
import { uploads } from '../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../http-errors';
import { isAdmin } from '../../domain/permissions';
import type { SessionUser } from '../plugins/auth';
import { UPLOAD_OWNERS } from '../services/uploads';

type UploadRow = typeof uploads.$inferSelect;
export const presentUpload = (row: UploadRow) => ({
  id: row.id,
  unid: row.unid,
  userId: row.unid,
  documento: row.documento,
  name: row.name,
  type: row.type,
  size: row.size,
  createdAt: row.createdAt,
  base64: `data:${row.type};base64,${row.data.toString('base64')}`,
});

/** What a refusal says was refused: reading, sending, replacing or removing another user's files. */
const OWNER_REFUSALS = { read: MSG.uploadOwnerRead, send: MSG.uploadOwner, replace: MSG.uploadOwnerReplace, remove: MSG.uploadOwnerRemove };

/** A user's own files are theirs and the administrators'; business files are every staff member's. */
function assertMayUse(user: SessionUser, documento: UploadDocumento, unid: number, action: keyof typeof OWNER_REFUSALS) {
  if (UPLOAD_OWNERS[documento].userOwned && unid !== user.id && !isAdmin(user)) throw forbidden(OWNER_REFUSALS[action]);
}

/** The owner must exist, and stays until the upload's transaction ends (a concurrent removal waits, then removes it too). */
async function assertOwnerExists(tx: DbOrTx, documento: UploadDocumento, unid: number, field: string) {
  const { table } = UPLOAD_OWNERS[documento];
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, unid)).limit(1).for('share');
  if (!row) throw badRequest(MSG.invalidInput, { [field]: MSG.uploadOwnerMissing });
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Decodes a data URL or bare base64 and reads the real type from the bytes. */
export async function decodeFile(input: UploadInput, field: string) {
  const raw = input.base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!raw || raw.length % 4 === 1 || !BASE64.test(raw)) throw badRequest(MSG.invalidInput, { [field]: MSG.uploadEmpty });
  // 4 base64 characters carry 3 bytes: refuse before decoding anything too big.
  if (Math.floor((raw.length * 3) / 4) - (raw.endsWith('==') ? 2 : raw.endsWith('=') ? 1 : 0) > MAX_UPLOAD_BYTES) {
    throw new HttpError(413, MSG.uploadTooBig, { [field]: MSG.uploadTooBig });
  }
  const data = Buffer.from(raw, 'base64');
  if (!data.length) throw badRequest(MSG.invalidInput, { [field]: MSG.uploadEmpty });
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !UPLOAD_ACCEPTS[input.documento].includes(detected.mime)) {
    throw badRequest(MSG.uploadType, { [field]: MSG.uploadType });
  }
  return { data, type: detected.mime, size: data.length };
}

const uploadBatch = z.array(uploadInputSchema).min(1, { error: MSG.uploadAtLeastOne }).max(10, { error: MSG.uploadAtMostTen });
/** A file is at most 5,000,000 bytes, 6,666,668 as base64: ten of them, one alone, and the fields around. */
const FILE_AS_TEXT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 100;
const BATCH_BODY_LIMIT = 10 * FILE_AS_TEXT + 50_000;
const ONE_FILE_BODY_LIMIT = FILE_AS_TEXT + 5_000;

export function registerUploadRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];

  r.get(
    '/v1/uploads',
    { schema: { tags, summary: 'Arquivos de um dono', querystring: uploadListQuery }, config: { access: 'user' } },
    async (request) => {
      const unid = request.query.unid ?? request.query.userId;
      const documento = request.query.documento;
      if (!unid || !documento)
        throw badRequest(MSG.invalidInput, {
          ...(!unid ? { unid: MSG.required } : {}),
          ...(!documento ? { documento: MSG.required } : {}),
        });
      assertMayUse(request.user!, documento, unid, 'read');
      const rows = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.documento, documento), eq(uploads.unid, unid)))
        .orderBy(asc(uploads.id));
      const total = rows.length;
      return { meta: { page: 1, pageSize: total, total, totalItens: total, totalPaginas: total ? 1 : 0 }, Items: rows.map(presentUpload) };
    },
  );

  r.post(
    '/v1/uploads',
    { schema: { tags, summary: 'Envia arquivos', body: uploadBatch }, config: { access: 'user' }, bodyLimit: BATCH_BODY_LIMIT },
    async (request, reply) => {
      const user = request.user!;
      const files = await Promise.all(
        request.body.map(async (input, index) => {
          assertMayUse(user, input.documento, input.unid, 'send');
          return { input, ...(await decodeFile(input, `${index}.base64`)) };
        }),
      );
      const saved = await db.transaction(async (tx) => {
        const rows: UploadRow[] = [];
        for (const [index, file] of files.entries()) {
          await assertOwnerExists(tx, file.input.documento, file.input.unid, `${index}.unid`);
          const [row] = await tx
            .insert(uploads)
            .values({
              idcard: user.id,
              unid: file.input.unid,
              documento: file.input.documento,
              name: file.input.name,
              type: file.type,
              size: file.size,
              data: file.data,
            })
            .returning();
          rows.push(row);
        }
        // One profile photo per user: the newest replaces the others.
        const photos = rows.filter((row) => row.documento === 'imgPerfil');
        for (const photo of photos) {
          await tx.delete(uploads).where(and(eq(uploads.documento, 'imgPerfil'), eq(uploads.unid, photo.unid), ne(uploads.id, photo.id)));
        }
        return rows.filter((row) => row.documento !== 'imgPerfil' || photos.filter((p) => p.unid === row.unid).at(-1) === row);
      });
      reply.code(201);
      return saved.map(presentUpload);
    },
  );

  r.put(
    '/v1/uploads',
    {
      schema: {
        tags,
        summary: 'Substitui um arquivo',
        body: z.array(uploadInputSchema).length(1, { error: MSG.uploadExactlyOne }),
      },
      config: { access: 'user' },
      bodyLimit: ONE_FILE_BODY_LIMIT,
    },
    async (request) => {
      const [input] = request.body;
      if (!input.id) throw badRequest(MSG.invalidInput, { '0.id': MSG.required });
      const user = request.user!;
      const file = await decodeFile(input, '0.base64');
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(uploads).where(eq(uploads.id, input.id!)).for('update');
        if (!existing) throw notFound();
        assertMayUse(user, existing.documento as UploadDocumento, existing.unid, 'replace');
        assertMayUse(user, input.documento, input.unid, 'send');
        await assertOwnerExists(tx, input.documento, input.unid, '0.unid');
        const [updated] = await tx
          .update(uploads)
          .set({ unid: input.unid, documento: input.documento, name: input.name, type: file.type, size: file.size, data: file.data })
          .where(eq(uploads.id, existing.id))
          .returning();
        return updated;
      });
      return [presentUpload(row)];
    },
  );

  r.delete(
    '/v1/uploads/:id',
    { schema: { tags, summary: 'Remove um arquivo', params: idParam }, config: { access: 'user' } },
    async (request) => {
      const removed = await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(uploads).where(eq(uploads.id, request.params.id)).for('update');
        if (!existing) throw notFound();
        assertMayUse(request.user!, existing.documento as UploadDocumento, existing.unid, 'remove');
        await tx.delete(uploads).where(eq(uploads.id, existing.id));
        return existing;
      });
      return presentUpload(removed);
    },
  );
}
