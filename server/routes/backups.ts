/**
 * Configurações → Backups (DESIGN 10), administrators only: the backups of BACKUP_DIR, "Fazer backup
 * agora", and the download of one, audited (who downloaded which file, when). With or without
 * BACKUP_DIR, "Baixar backup agora" (POST /v1/backups/agora) makes one on the spot into a temporary
 * file and streams it to the browser, audited; the file is removed once sent (nothing stays on the
 * server). A POST, not a GET: it writes the audit log, and a read never writes.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../domain/messages';
import { semCorpo } from '../../domain/schemas/list';
import { MSG_2FA } from '../../domain/seguranca';
import { BACKUP_NAME, listBackups } from '../backup/backup';
import type { Backups } from '../backup/service';
import type { Db } from '../db/client';
import { conflict, notFound } from '../http-errors';
import { ACAO, audit } from '../services/auditoria';

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
      schema: { tags, summary: 'Faz um backup e o baixa na hora (administradores; registrado na auditoria)', body: semCorpo },
      config: { access: 'admin' },
      bodyLimit: 1000,
      // Already compressed inside (pg_dump's, PGlite's gzip), and Content-Length stays exact.
      compress: false,
    },
    async (request, reply) => {
      if (backups.busy) throw conflict(MSG_2FA.backupEmAndamento);
      const made = await backups.takeTemporary();
      let stream: ReturnType<typeof createReadStream>;
      try {
        await audit(db, {
          acao: ACAO.backup,
          user: request.user,
          descricao: `Backup ${made.nome} feito e baixado na hora (${made.bytes} bytes)`,
          resultado: 'ok',
        });
        stream = createReadStream(made.arquivo);
      } catch (error) {
        await made.remove();
        throw error;
      }
      // Sent or abandoned by the browser: the temporary copy goes either way.
      stream.once('close', () => void made.remove());
      return reply
        .header('Content-Type', 'application/x-tar')
        .header('Content-Disposition', `attachment; filename="${made.nome}"`)
        .header('Content-Length', String(made.bytes))
        .header('Cache-Control', 'no-store')
        .send(stream);
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
      return reply
        .header('Content-Type', 'application/x-tar')
        .header('Content-Disposition', `attachment; filename="${item.nome}"`)
        .header('Content-Length', String(item.bytes))
        .header('Cache-Control', 'no-store')
        .send(createReadStream(path.join(dir!, item.nome)));
    },
  );
}
