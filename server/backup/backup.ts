/**
 * Backups and restores (DESIGN 10, "Trust"). A backup is one tar file:
 *
 * - `manifesto.json`: the format, the database kind, the schema (the migrations applied: their
 *   count and the last one's timestamp), when it was taken, where the 2FA key came from and its
 *   fingerprint, and the SHA-256 of every other file (a damaged file is refused by them);
 * - `banco.tar.gz` (PGlite: the data directory, dumped by PGlite while no other statement runs, so
 *   no transaction is half in it) or `banco.dump` (PostgreSQL: `pg_dump -Fc`, one snapshot);
 * - `chave-2fa.key` when the key is the file in DATA_DIR (not when it comes from TOTP_KEY).
 *
 * The data includes the uploads (they live in the database) and the company's settings. A restore
 * (restauracao.ts) goes into a missing or empty DATA_DIR or database only, refuses a damaged file and
 * a newer schema, and then the app's migrations bring an older backup up to date.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import * as tar from 'tar';
import type { Database } from '../db/client';
import { migrationsFolder } from '../db/client';
import { KEY_FILE } from '../seguranca/chave';

export const BACKUP_FORMAT = 1;
export const MANIFEST = 'manifesto.json';
export const PGLITE_FILE = 'banco.tar.gz';
export const PG_FILE = 'banco.dump';
/** Names the backups of a directory have (the screen lists and serves only these). */
export const BACKUP_NAME = /^rastreio-\d{4}-\d{2}-\d{2}-\d{6}(-\d+)?\.backup$/;

export interface Manifesto {
  formato: number;
  app: 'rastreio';
  banco: 'pglite' | 'postgres';
  migracoes: number;
  ultimaMigracao: number;
  criadoEm: string;
  chave: 'arquivo' | 'ambiente' | 'nenhuma';
  arquivos: Record<string, string>;
}

/** A refusal with a message for the person running the command or the screen. */
export class BackupError extends Error {}

export const MSG_BACKUP = {
  danificado: 'O arquivo de backup está danificado ou não é um backup do Rastreio.',
  naoVazio: (alvo: string) =>
    `O destino não está vazio (${alvo}). A restauração só grava num DATA_DIR ausente ou vazio, ou num banco sem tabelas: mova ou apague os dados atuais antes.`,
  maisNovo: (backup: number, app: number) =>
    `Este backup é de uma versão mais nova do Rastreio (esquema com ${backup} migrações; esta versão conhece ${app}). Atualize o Rastreio antes de restaurar.`,
  outroBanco: (banco: string) =>
    banco === 'pglite'
      ? 'Este backup é do banco embutido (PGlite): restaure-o sem DATABASE_URL, num DATA_DIR vazio.'
      : 'Este backup é de um PostgreSQL: restaure-o com DATABASE_URL apontando para um banco vazio.',
  semPgDump:
    'pg_dump não foi encontrado no servidor: instale o cliente do PostgreSQL (pacote postgresql-client) na mesma versão do servidor.',
  chaveDiferente: (arquivo: string) =>
    `Já existe uma chave de 2FA diferente em ${arquivo}. Mova-a antes de restaurar: a do backup é a que decifra os segredos dele.`,
} as const;

/** The app's own schema: the migrations it knows (their journal). */
export async function appSchema(): Promise<{ migracoes: number; ultimaMigracao: number }> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return { migracoes: journal.entries.length, ultimaMigracao: Math.max(...journal.entries.map((e) => e.when)) };
}

const SCHEMA_SQL = 'SELECT count(*)::int AS n, coalesce(max(created_at), 0)::bigint AS last FROM drizzle.__drizzle_migrations';
const schemaOf = (row: { n: number; last: string | number }) => ({ migracoes: Number(row.n), ultimaMigracao: Number(row.last) });

export const sha256File = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    // Staff keep working while it runs: the dump's own compression yields the CPU to the app.
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        /* not allowed here: runs at normal priority */
      }
    }
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + String(chunk)).slice(-2000)));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new BackupError(MSG_BACKUP.semPgDump) : error));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} terminou com ${code}: ${stderr.trim()}`))));
  });
}

/** pg_dump/pg_restore take the URL's password from the environment, never the command line (ps shows it). */
export function pgArgs(url: string): { conn: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { conn: parsed.toString(), env };
}

export interface BackupSource {
  /** The open database (the app's), or how to reach one that no process holds. */
  database?: Database;
  /** PostgreSQL's URL (pg_dump reads it). */
  url?: string;
  /** PGlite's directory, and where the key file lives. */
  dataDir: string;
  /** The 2FA key comes from TOTP_KEY (not in the file). */
  keyFromEnv: boolean;
}

/** Writes a backup to `out` (through a temporary name, renamed when complete). */
export async function createBackup(source: BackupSource, out: string): Promise<{ arquivo: string; bytes: number; manifesto: Manifesto }> {
  const work = await mkdtemp(path.join(tmpdir(), 'rastreio-backup-'));
  try {
    const files: string[] = [];
    let kind: Manifesto['banco'];
    let schema: { migracoes: number; ultimaMigracao: number };
    // An app on PostgreSQL always passes its URL (pg_dump reads it); without it, never a PGlite dump of DATA_DIR instead.
    if (!source.url && source.database?.kind === 'postgres') throw new Error('backup de PostgreSQL sem DATABASE_URL');
    if (source.url) {
      kind = 'postgres';
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      try {
        schema = schemaOf((await client.query(SCHEMA_SQL)).rows[0]);
      } finally {
        await client.end();
      }
      const { conn, env } = pgArgs(source.url);
      // Light compression: mostly text, and the indexes are rebuilt anyway; level 1 is close in size and far cheaper.
      await run(
        'pg_dump',
        ['--format=custom', '--compress=1', '--no-owner', '--no-privileges', '--file', path.join(work, PG_FILE), conn],
        env,
      );
      files.push(PG_FILE);
    } else {
      kind = 'pglite';
      const embedded = source.database?.embedded;
      let opened: PGlite | undefined;
      if (!embedded) opened = await PGlite.create({ dataDir: source.dataDir, extensions: { pg_trgm } });
      const copy = path.join(work, 'pgdata');
      try {
        // Inside a transaction of the embedded client: every other statement of the app waits, so the
        // dump holds whole transactions only. The checkpoint makes the restore's start short.
        // A database on disk is copied file by file meanwhile (PGlite writes straight to its files,
        // and nothing writes while the transaction is held), and compressed after the app goes on:
        // the app waits for a copy, not for the compression. In memory (tests): PGlite's own dump.
        const dump = async (client: PGlite, tx: { exec(sql: string): Promise<unknown>; query<T>(sql: string): Promise<{ rows: T[] }> }) => {
          schema = schemaOf((await tx.query<{ n: number; last: string }>(SCHEMA_SQL)).rows[0]);
          await tx.exec('CHECKPOINT').catch(() => undefined);
          const onDisk = hostDirectory(client);
          if (!onDisk) return client.dumpDataDir('gzip');
          // The WAL the copy needs: from the last checkpoint's redo point to the current segment. The
          // other segments are old ones kept for reuse (most of pg_wal's size): left out, as
          // pg_basebackup does. Unknown (the query failed): every segment is copied.
          const wal = await tx
            .query<{ redo: string; atual: string }>(
              'SELECT redo_wal_file AS redo, pg_walfile_name(pg_current_wal_lsn()) AS atual FROM pg_control_checkpoint()',
            )
            .then((result) => result.rows[0])
            .catch(() => undefined);
          await cp(onDisk, copy, { recursive: true, filter: (source) => neededFile(onDisk, source, wal) });
          return null;
        };
        const blob = embedded
          ? await embedded.transaction((tx) => dump(embedded.instance, tx))
          : await opened!.transaction((tx) => dump(opened!, tx));
        if (blob) await writeFile(path.join(work, PGLITE_FILE), Buffer.from(await blob.arrayBuffer()));
        else {
          // Names as PGlite's own dump writes them ("/PG_VERSION", "/base/…"), so either way restores it;
          // gzip level 1: the pages compress well already at it, at a fraction of the time.
          await tar.create(
            { file: path.join(work, PGLITE_FILE), cwd: copy, gzip: { level: 1 }, portable: true, prefix: '/' },
            await readdir(copy),
          );
          await rm(copy, { recursive: true, force: true });
        }
        files.push(PGLITE_FILE);
      } finally {
        await opened?.close();
      }
    }
    const keyFile = path.join(source.dataDir, KEY_FILE);
    const chave: Manifesto['chave'] = source.keyFromEnv ? 'ambiente' : existsSync(keyFile) ? 'arquivo' : 'nenhuma';
    if (chave === 'arquivo') {
      await copyFile(keyFile, path.join(work, KEY_FILE));
      files.push(KEY_FILE);
    }
    const manifesto: Manifesto = {
      formato: BACKUP_FORMAT,
      app: 'rastreio',
      banco: kind,
      ...schema!,
      criadoEm: new Date().toISOString(),
      chave,
      arquivos: Object.fromEntries(await Promise.all(files.map(async (file) => [file, await sha256File(path.join(work, file))] as const))),
    };
    await writeFile(path.join(work, MANIFEST), JSON.stringify(manifesto, null, 2));
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    const partial = `${out}.parcial`;
    await tar.create({ file: partial, cwd: work, portable: true }, [MANIFEST, ...files]);
    await rename(partial, out);
    return { arquivo: path.resolve(out), bytes: (await stat(out)).size, manifesto };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** Whether a file of PGlite's directory goes into the copy: all but the WAL segments outside [redo, current]. */
function neededFile(dir: string, source: string, wal: { redo: string; atual: string } | undefined): boolean {
  if (!wal || path.dirname(source) !== path.join(dir, 'pg_wal')) return true;
  const name = path.basename(source);
  return !WAL_SEGMENT.test(name) || (name >= wal.redo && name <= wal.atual);
}

/** PGlite's directory on this machine's disk, or null when it lives in memory (or elsewhere). */
function hostDirectory(client: PGlite): string | null {
  const dir = client.dataDir;
  if (!dir || dir.includes('://') || !existsSync(path.join(dir, 'PG_VERSION'))) return null;
  return path.resolve(dir);
}

/** A new backup's name in a directory: rastreio-YYYY-MM-DD-HHMMSS.backup (UTC). */
export function backupName(now = new Date()): string {
  const iso = now.toISOString();
  return `rastreio-${iso.slice(0, 10)}-${iso.slice(11, 19).replace(/:/g, '')}.backup`;
}

export interface BackupItem {
  nome: string;
  bytes: number;
  criadoEm: string;
}

/** The backups of a directory, newest first. */
export async function listBackups(dir: string): Promise<BackupItem[]> {
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((name) => BACKUP_NAME.test(name));
  const items = await Promise.all(
    names.map(async (nome) => {
      const info = await stat(path.join(dir, nome));
      return { nome, bytes: info.size, criadoEm: info.mtime.toISOString() };
    }),
  );
  return items.sort((a, b) => b.criadoEm.localeCompare(a.criadoEm) || b.nome.localeCompare(a.nome, 'en', { numeric: true }));
}

/** Keeps the newest `keep` backups of the directory, removing the others. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const removed = (await listBackups(dir)).slice(keep).map((item) => item.nome);
  for (const name of removed) await unlink(path.join(dir, name)).catch(() => undefined);
  return removed;
}
