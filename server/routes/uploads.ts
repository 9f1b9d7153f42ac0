/**
 * Uploads (SPEC section 7, DESIGN sections 6 and 9): files arrive as base64 or data URLs, their
 * type is read from the content (never trusted from the client), each is at most 5,000,000
 * bytes decoded, and a batch is stored in one transaction.
 *
 * A file crosses the server as its base64 text only, never as bytes, and never twice at once: the
 * database decodes it on the way in (`decode(…, 'base64')`) and encodes it on the way out, and the
 * list is written one file at a time. The bytes are decoded here only for the first 64 KB, where
 * the type is read. A request holds at most one file's worth (a batch's files add up to 5,000,000
 * bytes), and the bodies read at once are bounded by plugins/body-budget.ts, so the server stays
 * within its heap bound whatever arrives (issue 30: one 5 MB upload ended the embedded database's
 * server, whose driver turned the bytes into one string per byte).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPTS, type UploadDocumento } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { idParam } from '../../domain/schemas/list';
import { uploadInputSchema, uploadListQuery, type UploadInput } from '../../domain/schemas/uploads';
import type { Db, DbOrTx } from '../db/client';
import { uploads } from '../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../regras/http-errors';
import { isAdmin } from '../../domain/permissions';
import type { SessionUser } from '../plugins/auth';
import { UPLOAD_OWNERS } from '../regras/uploads';

/** An upload's row without its bytes: what is read and returned around the file itself. */
export const uploadMeta = {
  id: uploads.id,
  unid: uploads.unid,
  documento: uploads.documento,
  name: uploads.name,
  type: uploads.type,
  size: uploads.size,
  createdAt: uploads.createdAt,
};
type UploadMeta = { id: number; unid: number; documento: string; name: string; type: string; size: number; createdAt: Date };

/** The reply's shape of an upload, its file as a data URL of the base64 text given. */
export const presentUpload = (row: UploadMeta, base64: string) => ({
  id: row.id,
  unid: row.unid,
  userId: row.unid,
  documento: row.documento,
  name: row.name,
  type: row.type,
  size: row.size,
  createdAt: row.createdAt,
  base64: `data:${row.type};base64,${base64}`,
});

/** The stored bytes, as the database turns them into base64 (without PostgreSQL's line breaks). */
export const storedBase64 = (base64: string) => sql`decode(${base64}, 'base64')`;
async function readBase64(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ b: sql<string>`translate(encode(${uploads.data}, 'base64'), E'\\n', '')` })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row?.b;
}

/**
 * The list as a stream: the meta, then each file read and written on its own, its base64 text
 * passed through as it is (it needs no escaping), so that ten 5 MB files never sit in memory together.
 */
async function* listBody(db: Db, rows: UploadMeta[]) {
  const total = rows.length;
  yield `{"meta":${JSON.stringify({ page: 1, pageSize: total, total, totalItens: total, totalPaginas: total ? 1 : 0 })},"Items":[`;
  let first = true;
  for (const row of rows) {
    const base64 = await readBase64(db, row.id);
    // Removed while the list was being written: left out.
    if (base64 === undefined) continue;
    const { base64: dataUrlPrefix, ...rest } = presentUpload(row, '');
    yield `${first ? '' : ','}${JSON.stringify(rest).slice(0, -1)},"base64":"${dataUrlPrefix}`;
    yield base64;
    yield '"}';
    first = false;
  }
  yield ']}';
}

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
/** The head decoded to read the type: every accepted type (images, PDF) says what it is in its first bytes. */
const TYPE_HEAD = 65_536;
/**
 * Checks a data URL or bare base64 and reads the real type from its first bytes; returns the
 * bare base64 text (stored by the database's `decode`), the type and the decoded size.
 */
export async function decodeFile(input: UploadInput, field: string) {
  const prefix = /^data:[^,]*,/.exec(input.base64.slice(0, 200));
  let raw = prefix ? input.base64.slice(prefix[0].length) : input.base64;
  if (/\s/.test(raw)) raw = raw.replace(/\s+/g, '');
  if (!raw || raw.length % 4 === 1 || !BASE64.test(raw)) throw badRequest(MSG.invalidInput, { [field]: MSG.uploadEmpty });
  // 4 base64 characters carry 3 bytes: the size is known without decoding anything.
  const size = Math.floor((raw.length * 3) / 4) - (raw.endsWith('==') ? 2 : raw.endsWith('=') ? 1 : 0);
  if (size > MAX_UPLOAD_BYTES) throw new HttpError(413, MSG.uploadTooBig, { [field]: MSG.uploadTooBig });
  if (size <= 0) throw badRequest(MSG.invalidInput, { [field]: MSG.uploadEmpty });
  // A short last group ('xyz' without its '='): padded, as Buffer's decoder and PostgreSQL's expect.
  if (raw.length % 4) raw = raw.padEnd(raw.length + 4 - (raw.length % 4), '=');
  const detected = await fileTypeFromBuffer(Buffer.from(raw.slice(0, (TYPE_HEAD / 3) * 4), 'base64'));
  if (!detected || !UPLOAD_ACCEPTS[input.documento].includes(detected.mime)) {
    throw badRequest(MSG.uploadType, { [field]: MSG.uploadType });
  }
  return { base64: raw, type: detected.mime, size };
}

/**
 * At most ten files a request, together at most one file's size: a body carries at most
 * 5,000,000 bytes of files (6,666,668 as base64), and a bigger batch is sent in several requests.
 */
const uploadBatch = z.array(uploadInputSchema).min(1, { error: MSG.uploadAtLeastOne }).max(10, { error: MSG.uploadAtMostTen });
const FILE_AS_TEXT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 100;
const BATCH_BODY_LIMIT = FILE_AS_TEXT + 50_000;
const ONE_FILE_BODY_LIMIT = FILE_AS_TEXT + 5_000;

export function registerUploadRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];

  r.get(
    '/v1/uploads',
    { schema: { tags, summary: 'Arquivos de um dono', querystring: uploadListQuery }, config: { access: 'user' } },
    async (request, reply) => {
      const unid = request.query.unid ?? request.query.userId;
      const documento = request.query.documento;
      if (!unid || !documento)
        throw badRequest(MSG.invalidInput, {
          ...(!unid ? { unid: MSG.required } : {}),
          ...(!documento ? { documento: MSG.required } : {}),
        });
      assertMayUse(request.user!, documento, unid, 'read');
      const rows = await db
        .select(uploadMeta)
        .from(uploads)
        .where(and(eq(uploads.documento, documento), eq(uploads.unid, unid)))
        .orderBy(asc(uploads.id));
      return reply.type('application/json; charset=utf-8').send(Readable.from(listBody(db, rows)));
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
        const rows: Array<{ row: UploadMeta; base64: string }> = [];
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
              data: storedBase64(file.base64),
            })
            .returning(uploadMeta);
          rows.push({ row, base64: file.base64 });
        }
        // One profile photo per user: the newest replaces the others.
        const photos = rows.filter(({ row }) => row.documento === 'imgPerfil');
        for (const { row: photo } of photos) {
          await tx.delete(uploads).where(and(eq(uploads.documento, 'imgPerfil'), eq(uploads.unid, photo.unid), ne(uploads.id, photo.id)));
        }
        return rows.filter(
          (saved) => saved.row.documento !== 'imgPerfil' || photos.filter((p) => p.row.unid === saved.row.unid).at(-1) === saved,
        );
      });
      reply.code(201);
      return saved.map(({ row, base64 }) => presentUpload(row, base64));
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
        const [existing] = await tx.select(uploadMeta).from(uploads).where(eq(uploads.id, input.id!)).for('update');
        if (!existing) throw notFound();
        assertMayUse(user, existing.documento as UploadDocumento, existing.unid, 'replace');
        assertMayUse(user, input.documento, input.unid, 'send');
        await assertOwnerExists(tx, input.documento, input.unid, '0.unid');
        const [updated] = await tx
          .update(uploads)
          .set({
            unid: input.unid,
            documento: input.documento,
            name: input.name,
            type: file.type,
            size: file.size,
            data: storedBase64(file.base64),
          })
          .where(eq(uploads.id, existing.id))
          .returning(uploadMeta);
        return updated;
      });
      return [presentUpload(row, file.base64)];
    },
  );

  r.delete(
    '/v1/uploads/:id',
    { schema: { tags, summary: 'Remove um arquivo', params: idParam }, config: { access: 'user' } },
    async (request) => {
      const removed = await db.transaction(async (tx) => {
        const [existing] = await tx.select(uploadMeta).from(uploads).where(eq(uploads.id, request.params.id)).for('update');
        if (!existing) throw notFound();
        assertMayUse(request.user!, existing.documento as UploadDocumento, existing.unid, 'remove');
        const [gone] = await tx
          .delete(uploads)
          .where(eq(uploads.id, existing.id))
          .returning({ b: sql<string>`translate(encode(${uploads.data}, 'base64'), E'\\n', '')` });
        return { existing, base64: gone.b };
      });
      return presentUpload(removed.existing, removed.base64);
    },
  );
}
