/** The schema as it was before a migration, for the tests of what that migration does to old data. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { migrationsFolder } from '../../server/db/client';

/**
 * For a describe block: a copy of the migrations folder whose journal stops before migration `idx`,
 * made in beforeAll in a temporary directory removed afterwards. Returns the copy's path (once made).
 */
export function useMigrationsBefore(idx: number) {
  let work = '';
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), `rastreio-${String(idx).padStart(4, '0')}-`));
    const antes = path.join(work, 'antes');
    await cp(migrationsFolder, antes, { recursive: true });
    const journalFile = path.join(antes, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8'));
    journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < idx);
    await writeFile(journalFile, JSON.stringify(journal));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));
  return () => path.join(work, 'antes');
}
