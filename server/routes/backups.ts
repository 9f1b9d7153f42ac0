/**
 * Configurações → Backups (DESIGN 10), administrators only: the backups of BACKUP_DIR, "Fazer backup
 * agora", and the download of one, audited (who downloaded which file, when). With or without
 * BACKUP_DIR, "Baixar backup agora" (POST /v1/backups/agora) makes one on the spot into a temporary
 * file and streams it to the browser, audited; the file is removed once sent (nothing stays on the
 * server). A POST, not a GET: it writes the audit log, and a read never writes.
 *
 * Either download may be encrypted with a passphrase (backup/cifra.ts: scrypt, AES-256-GCM): it
 * comes in the POST's JSON body (`{ senha }`, at most 200 characters), never in a URL, and is
 * never logged nor kept. `POST /v1/backups/{nome}` is Baixar with one.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../domain/messages';
import { hasControlChars } from '../../domain/schemas/common';
import { semCorpo } from '../../domain/schemas/list';
import { MSG_2FA } from '../../domain/seguranca';
import { BACKUP_NAME, listBackups } from '../backup/backup';
import { encryptedSize, encryptedStream, SENHA_MAX, SENHA_MIN } from '../backup/cifra';
import type { Backups } from '../backup/service';
import type { Db } from '../db/client';
import { conflict, notFound } from '../regras/http-errors';
import { ACAO, audit } from '../regras/auditoria';

const senhaSchema = z
  .string({ error: MSG_2FA.backupSenhaTexto })
  .min(SENHA_MIN, { error: MSG_2FA.backupSenhaCurta })
  .max(SENHA_MAX, { error: MSG_2FA.backupSenhaLonga })
  .refine((v) => !hasControlChars(v), { error: MSG.controlChars });
/** Baixar backup agora: no body, or `{ senha }` to encrypt it. */
const agoraBody = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.object({ senha: senhaSchema.optional() }, { error: MSG.invalidInput }).strict().optional(),
);
const cifradoBody = z.object({ senha: senhaSchema }, { error: MSG.invalidInput }).strict();
/** Room for 200 characters of any script in JSON, and no more. */
const SENHA_BODY_LIMIT = 2000;

/**
 * A backup file sent as is, or encrypted (`.cifrado`, its size known ahead); `sent` runs once the
 * stream is done with the file (sent, or abandoned by the browser).
 */
async function sendBackup(
  reply: FastifyReply,
  file: string,
  nome: string,
  bytes: number,
  senha: string | undefined,
  sent: () => void = () => undefined,
) {
  if (!senha) {
    const stream = createReadStream(file);
    stream.once('close', sent);
    return reply
      .header('Content-Type', 'application/x-tar')
      .header('Content-Disposition', `attachment; filename="${nome}"`)
      .header('Content-Length', String(bytes))
      .header('Cache-Control', 'no-store')
      .send(stream);
  }
  const stream = await encryptedStream(file, senha);
  stream.once('close', sent);
  return reply
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Disposition', `attachment; filename="${nome}.cifrado"`)
    .header('Content-Length', String(encryptedSize(bytes)))
    .header('Cache-Control', 'no-store')
    .send(stream);
}

const nomeParams = z.object({
  nome: z
    .string({ error: MSG.invalidInput })
    .max(80, { error: MSG_2FA.backupNaoEncontrado })
    .regex(BACKUP_NAME, { error: MSG_2FA.backupNaoEncontrado }),
});

export function registerBackupRoutes(app: FastifyInstance, db: Db, backups: Backups) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['backups'];
  const dir = backups.options.dir;

  r.get(
    '/v1/backups',
    { schema: { tags, summary: 'Os backups de BACKUP_DIR (administradores)' }, config: { access: 'admin' } },
    async () => {
      const Items = dir ? await listBackups(dir) : [];
      return { Items, configurado: Boolean(dir), diretorio: dir ?? null, manter: backups.options.keep ?? 7, emAndamento: backups.busy };
    },
  );

  r.post(
    '/v1/backups',
    { schema: { tags, summary: 'Faz um backup agora (administradores)', body: semCorpo }, config: { access: 'admin' }, bodyLimit: 1000 },
    async (request, reply) => {
      if (!dir) throw conflict(MSG_2FA.backupSemDiretorio);
      if (backups.busy) throw conflict(MSG_2FA.backupEmAndamento);
      const made = await backups.take();
      const nome = path.basename(made.arquivo);
      await audit(db, { acao: ACAO.backup, user: request.user, descricao: `Backup ${nome} feito (${made.bytes} bytes)`, resultado: 'ok' });
      reply.code(201);
      return { nome, bytes: made.bytes };
    },
  );

  r.post(
    '/v1/backups/agora',
    {
      schema: {
        tags,
        summary: 'Faz um backup e o baixa na hora, cifrado quando vem { senha } (administradores; registrado na auditoria)',
        body: agoraBody,
      },
      config: { access: 'admin' },
      bodyLimit: SENHA_BODY_LIMIT,
      // Already compressed inside (pg_dump's, PGlite's gzip), and Content-Length stays exact.
      compress: false,
    },
    async (request, reply) => {
      if (backups.busy) throw conflict(MSG_2FA.backupEmAndamento);
      const senha = request.body?.senha;
      const made = await backups.takeTemporary();
      try {
        await audit(db, {
          acao: ACAO.backup,
          user: request.user,
          descricao: `Backup ${made.nome} feito e baixado na hora (${made.bytes} bytes${senha ? ', cifrado com senha' : ''})`,
          resultado: 'ok',
        });
        // Sent or abandoned by the browser: the temporary copy goes either way.
        return await sendBackup(reply, made.arquivo, made.nome, made.bytes, senha, () => void made.remove());
      } catch (error) {
        await made.remove();
        throw error;
      }
    },
  );

  r.get(
    '/v1/backups/:nome',
    {
      schema: { tags, summary: 'Baixa um backup (administradores; registrado na auditoria)', params: nomeParams },
      config: { access: 'admin' },
      compress: false,
    },
    async (request, reply) => {
      const item = dir ? (await listBackups(dir)).find((backup) => backup.nome === request.params.nome) : undefined;
      if (!item) throw notFound(MSG_2FA.backupNaoEncontrado);
      await audit(db, { acao: ACAO.backup, user: request.user, descricao: `Backup ${item.nome} baixado`, resultado: 'ok' });
      return sendBackup(reply, path.join(dir!, item.nome), item.nome, item.bytes, undefined);
    },
  );

  r.post(
    '/v1/backups/:nome',
    {
      schema: {
        tags,
        summary: 'Baixa um backup cifrado com a senha do corpo (administradores; registrado na auditoria)',
        params: nomeParams,
        body: cifradoBody,
      },
      config: { access: 'admin' },
      bodyLimit: SENHA_BODY_LIMIT,
      compress: false,
    },
    async (request, reply) => {
      const item = dir ? (await listBackups(dir)).find((backup) => backup.nome === request.params.nome) : undefined;
      if (!item) throw notFound(MSG_2FA.backupNaoEncontrado);
      await audit(db, {
        acao: ACAO.backup,
        user: request.user,
        descricao: `Backup ${item.nome} baixado (cifrado com senha)`,
        resultado: 'ok',
      });
      return sendBackup(reply, path.join(dir!, item.nome), item.nome, item.bytes, request.body.senha);
    },
  );
}
