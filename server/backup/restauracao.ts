/**
 * Restoring a backup (DESIGN 10, "Trust"; the file's shape is backup.ts'): into a missing or empty
 * DATA_DIR or database only; a damaged file (a checksum that does not match) and a newer schema are
 * refused, and then the app's migrations bring an older backup up to date.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';
import * as tar from 'tar';
import { openDatabase } from '../db/client';
import { KEY_FILE } from '../seguranca/chave';
import {
  appSchema,
  BACKUP_FORMAT,
  BackupError,
  MANIFEST,
  MSG_BACKUP,
  PG_FILE,
  PGLITE_FILE,
  pgArgs,
  run,
  sha256File,
  type Manifesto,
} from './backup';
import { CifraError, decryptFile, isEncrypted, MSG_CIFRA } from './cifra';

/** Reads and checks a backup file: its manifest, and every file against its checksum. */
async function openBackup(file: string, work: string): Promise<Manifesto> {
  try {
    await tar.extract({ file, cwd: work, strict: true, filter: (entry) => !entry.includes('/') && !entry.includes('..') });
  } catch {
    throw new BackupError(MSG_BACKUP.danificado);
  }
  let manifesto: Manifesto;
  try {
    manifesto = JSON.parse(await readFile(path.join(work, MANIFEST), 'utf8')) as Manifesto;
  } catch {
    throw new BackupError(MSG_BACKUP.danificado);
  }
  if (manifesto?.app !== 'rastreio' || manifesto.formato !== BACKUP_FORMAT || !manifesto.arquivos)
    throw new BackupError(MSG_BACKUP.danificado);
  const payload = manifesto.banco === 'pglite' ? PGLITE_FILE : PG_FILE;
  if (!manifesto.arquivos[payload]) throw new BackupError(MSG_BACKUP.danificado);
  for (const [name, sum] of Object.entries(manifesto.arquivos)) {
    const target = path.join(work, path.basename(name));
    if (!existsSync(target) || (await sha256File(target)) !== sum) throw new BackupError(MSG_BACKUP.danificado);
  }
  return manifesto;
}

export interface RestoreTarget {
  /** PostgreSQL: an empty database. */
  url?: string;
  /** PGlite: a missing or empty directory; also where the key file goes. */
  dataDir: string;
  /** The passphrase of an encrypted backup (cifra.ts); asked for when the file is one. */
  senha?: string;
}

/** Drops what a failed restore left in a database that was empty before it. */
async function emptyDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT nspname FROM pg_namespace WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND nspname NOT LIKE 'pg_temp_%' AND nspname NOT LIKE 'pg_toast_temp_%'",
    );
    for (const { nspname } of rows as Array<{ nspname: string }>)
      await client.query(`DROP SCHEMA "${nspname.replace(/"/g, '""')}" CASCADE`);
    await client.query('CREATE SCHEMA IF NOT EXISTS public');
  } finally {
    await client.end();
  }
}

async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/**
 * Restores `file` into the target, then opens it once so the app's migrations bring it up to date.
 * Returns the manifest (the caller says what was restored).
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifesto> {
  if (!existsSync(file)) throw new BackupError(`Arquivo não encontrado: ${file}`);
  const temporary = await mkdtemp(path.join(tmpdir(), 'rastreio-restauracao-'));
  let work = temporary;
  try {
    if (await isEncrypted(file)) {
      if (!target.senha) throw new BackupError(MSG_CIFRA.precisaSenha);
      const plain = path.join(temporary, 'backup-decifrado.tar');
      try {
        await decryptFile(file, plain, target.senha);
      } catch (error) {
        throw error instanceof CifraError ? new BackupError(error.message) : error;
      }
      // The tar's own files go into a folder of their own beside it.
      file = plain;
      work = await mkdtemp(path.join(temporary, 'conteudo-'));
    }
    const manifesto = await openBackup(file, work);
    const app = await appSchema();
    if (manifesto.migracoes > app.migracoes || manifesto.ultimaMigracao > app.ultimaMigracao)
      throw new BackupError(MSG_BACKUP.maisNovo(manifesto.migracoes, app.migracoes));
    const keyTarget = path.join(target.dataDir, KEY_FILE);
    if (target.url) {
      if (manifesto.banco !== 'postgres') throw new BackupError(MSG_BACKUP.outroBanco(manifesto.banco));
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
        );
        if (rows[0].n > 0) throw new BackupError(MSG_BACKUP.naoVazio(new URL(target.url).pathname.slice(1) || target.url));
      } finally {
        await client.end();
      }
      if (manifesto.chave === 'arquivo' && existsSync(keyTarget)) {
        const same = (await readFile(keyTarget, 'utf8')).trim() === (await readFile(path.join(work, KEY_FILE), 'utf8')).trim();
        if (!same) throw new BackupError(MSG_BACKUP.chaveDiferente(keyTarget));
      }
      const { conn, env } = pgArgs(target.url);
      // Tables and indexes in parallel, with memory for the trigram indexes; the target was empty, so a
      // failure is undone by emptying it again.
      env.PGOPTIONS = `${env.PGOPTIONS ?? ''} -c maintenance_work_mem=256MB`.trim();
      const jobs = String(Math.max(2, availableParallelism()));
      try {
        await run(
          'pg_restore',
          ['--no-owner', '--no-privileges', '--exit-on-error', `--jobs=${jobs}`, '--dbname', conn, path.join(work, PG_FILE)],
          env,
        );
      } catch (error) {
        await emptyDatabase(target.url).catch(() => undefined);
        throw error;
      }
      if (manifesto.chave === 'arquivo' && !existsSync(keyTarget)) {
        await mkdir(target.dataDir, { recursive: true });
        await copyFile(path.join(work, KEY_FILE), keyTarget);
      }
      const database = await openDatabase({ url: target.url, poolSize: 1 });
      await database.close();
    } else {
      if (manifesto.banco !== 'pglite') throw new BackupError(MSG_BACKUP.outroBanco(manifesto.banco));
      if (!(await isEmptyDir(target.dataDir))) throw new BackupError(MSG_BACKUP.naoVazio(target.dataDir));
      await mkdir(target.dataDir, { recursive: true });
      try {
        // The data directory's files, extracted as they are (streamed, gunzipped natively: no copy of
        // the whole database in memory). Entries are named "/PG_VERSION", "/base/…" (PGlite's own
        // dump and ours): the leading "/" is dropped, so each lands inside the target; the checksum
        // above has already proved the file whole.
        await tar.extract({ file: path.join(work, PGLITE_FILE), cwd: target.dataDir, onwarn: () => undefined });
        if (!existsSync(path.join(target.dataDir, 'PG_VERSION'))) throw new BackupError(MSG_BACKUP.danificado);
        // The key file travels in the data directory's dump too; the copy beside it is the same.
        if (manifesto.chave === 'arquivo' && !existsSync(keyTarget)) await copyFile(path.join(work, KEY_FILE), keyTarget);
        // The app's migrations bring an older backup up to date.
        const database = await openDatabase({ dataDir: target.dataDir });
        await database.close();
      } catch (error) {
        // A restore that failed half-way leaves no half database behind.
        await rm(target.dataDir, { recursive: true, force: true }).catch(() => undefined);
        throw error;
      }
    }
    return manifesto;
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}
