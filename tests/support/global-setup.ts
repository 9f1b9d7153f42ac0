/**
 * Once per run, before the test files: the migrated databases every test file starts from, so the
 * migrations run once, not once per file (they took 3–7 s of each file's start on PGlite).
 * - PGlite: a migrated in-memory database's dump, in a temporary file; each file loads it.
 * - PostgreSQL (TEST_DATABASE_URL): a database migrated once and kept, named by a hash of the
 *   migrations (a changed migration makes a new one; older ones are dropped); each file's
 *   throwaway database is a copy of it (`CREATE DATABASE … TEMPLATE`).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** The migrations' fingerprint: every file of the folder, names and contents. */
function migrationsHash() {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, name.name);
      if (name.isDirectory()) walk(file);
      else hash.update(name.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 12);
}

async function pgliteTemplate(dir: string) {
  const database = await openDatabase({});
  try {
    const dump = await database.embedded!.instance.dumpDataDir('none');
    const file = path.join(dir, 'pglite-migrado.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

/** How long a model made from other migrations is kept. */
const MODELO_VIVE_MS = 24 * 60 * 60 * 1000;

async function postgresTemplate(adminUrl: string) {
  const name = `rastreio_modelo_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One run at a time makes it (another run on the same server waits, then finds it made).
    await admin.query('SELECT pg_advisory_lock(727001)');
    const { rows } = await admin.query<{ datname: string; feito: string | null }>(
      "SELECT datname, shobj_description(oid, 'pg_database') AS feito FROM pg_database WHERE datname LIKE 'rastreio_modelo_%'",
    );
    // Another model is dropped once it is a day old: a run of other migrations (another checkout
    // on the same server) may still be cloning from a newer one.
    for (const { datname, feito } of rows)
      if (datname !== name && Date.now() - Number(feito ?? 0) > MODELO_VIVE_MS)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    if (!rows.some((row) => row.datname === name)) {
      await admin.query(`CREATE DATABASE ${name}_novo`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}_novo`;
      const database = await openDatabase({ url: url.toString(), poolSize: 1 });
      await database.close();
      // Renamed once whole: a run that died mid-way leaves a _novo, never a half-made model.
      await admin.query(`ALTER DATABASE ${name}_novo RENAME TO ${name}`);
      await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rastreio-modelo-'));
  project.provide('pgliteTemplate', await pgliteTemplate(dir));
  project.provide('postgresTemplate', process.env.TEST_DATABASE_URL ? await postgresTemplate(process.env.TEST_DATABASE_URL) : '');
  return () => rmSync(dir, { recursive: true, force: true });
}
