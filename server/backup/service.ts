/**
 * The running app's backups (DESIGN 10): taken on request (Configurações → Backups, or `npm run
 * backup` asking this process, which alone may open its PGlite directory) and daily into BACKUP_DIR,
 * keeping the newest BACKUP_KEEP. One at a time per process; on PostgreSQL, the daily one is taken
 * by one process of several (an advisory lock) and only when BACKUP_DIR has none of today yet.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emSegundoPlano } from '../db/prioridade';
import { appToday } from '../regras/clock';
import { backupName, createBackup, listBackups, pruneBackups } from './backup';

export interface BackupOptions {
  /** BACKUP_DIR: where the screen's and the daily backups go (unset: no daily backup, none on the screen). */
  dir?: string;
  /** BACKUP_KEEP (default 7). */
  keep?: number;
  /** DATA_DIR: PGlite's directory and the key file's. */
  dataDir: string;
  /** DATABASE_URL, for pg_dump. */
  url?: string;
  /** The key comes from TOTP_KEY. */
  keyFromEnv?: boolean;
  /** Run the daily backup in this process (where the workers run). */
  daily?: boolean;
  /** Where "Baixar backup agora" prepares its file (default: the system's temporary directory). */
  tmpDir?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's backups (backup/service.ts). */
    backups: Backups;
  }
}

const DAILY_LOCK = 727280;
const CHECK_EVERY_MS = 60 * 60_000;

export class Backups {
  #running: Promise<{ arquivo: string; bytes: number }> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #first: NodeJS.Timeout | undefined;

  constructor(
    private database: Database,
    readonly options: BackupOptions,
    private log: FastifyBaseLogger,
  ) {}

  get busy() {
    return this.#running !== undefined;
  }

  /** A backup to `out` (default: a new name in BACKUP_DIR); refused while another runs here. */
  take(out?: string): Promise<{ arquivo: string; bytes: number }> {
    if (this.#running) throw new Error('busy');
    const target = out ?? freeName(this.options.dir!);
    this.#running = createBackup(
      { database: this.database, url: this.options.url, dataDir: this.options.dataDir, keyFromEnv: Boolean(this.options.keyFromEnv) },
      target,
    )
      .then(async (made) => {
        if (!out && this.options.dir) await pruneBackups(this.options.dir, this.options.keep ?? 7);
        return { arquivo: made.arquivo, bytes: made.bytes };
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /**
   * A backup made now into a temporary file, for a download that streams it (Configurações → Backups
   * without BACKUP_DIR): its name, size and path, and `remove` for when it has been sent.
   */
  async takeTemporary(): Promise<{ nome: string; arquivo: string; bytes: number; remove: () => Promise<void> }> {
    if (this.#running) throw new Error('busy');
    // A directory only this system user can read (mode 0700), made without an await: the busy check
    // and take()'s start are one step.
    const work = mkdtempSync(path.join(this.options.tmpDir ?? tmpdir(), 'rastreio-download-'));
    const remove = () => rm(work, { recursive: true, force: true });
    const nome = backupName();
    try {
      const made = await this.take(path.join(work, nome));
      return { nome, ...made, remove };
    } catch (error) {
      await remove();
      throw error;
    }
  }

  list() {
    return this.options.dir ? listBackups(this.options.dir) : Promise.resolve([]);
  }

  /** The daily backup: now if BACKUP_DIR has none of today (in APP_TIMEZONE), then checked every hour. */
  startDaily() {
    if (!this.options.dir || !this.options.daily) return;
    // Background work: on PGlite its statements give way to the requests' (db/prioridade.ts).
    const check = () =>
      emSegundoPlano(() => this.daily()).catch((error: unknown) => this.log.error({ err: error }, 'backup diário falhou'));
    this.#first = setTimeout(check, 5_000);
    this.#first.unref();
    this.#timer = setInterval(check, CHECK_EVERY_MS);
    this.#timer.unref();
  }

  async daily(): Promise<string | null> {
    const today = appToday();
    const items = await this.list();
    if (items.some((item) => appTodayOf(new Date(item.criadoEm)) === today)) return null;
    if (this.database.kind === 'postgres')
      // One process of several: the one holding the lock, for as long as its transaction (the backup) lasts.
      return this.database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${DAILY_LOCK}) AS ok`)) as unknown as {
          rows: Array<{ ok: boolean }>;
        };
        return result.rows[0]?.ok ? (await this.take()).arquivo : null;
      });
    return (await this.take()).arquivo;
  }

  stop() {
    clearTimeout(this.#first);
    clearInterval(this.#timer);
    return this.#running?.catch(() => undefined);
  }
}

/** A new backup's path in `dir`: its name by the time, with -1, -2… when one of that second exists. */
function freeName(dir: string): string {
  const base = backupName().replace(/\.backup$/, '');
  let name = `${base}.backup`;
  for (let n = 1; existsSync(path.join(dir, name)); n++) name = `${base}-${n}.backup`;
  return path.join(dir, name);
}

/** The calendar date of a moment in APP_TIMEZONE. */
const appTodayOf = (moment: Date): string => appToday(moment);
