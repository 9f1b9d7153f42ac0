/**
 * Backups and restores (DESIGN 10, "Trust") on the real databases: backup → restore → every table's
 * rows identical (a hash of every row), on PGlite and on PostgreSQL; a backup taken during writes
 * holds whole transactions only; the refusals (a non-empty target, a newer schema, a damaged file);
 * an older backup brought up to date by the migrations; the screen's routes (Fazer backup agora,
 * the audited download) and BACKUP_KEEP.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_NAME, createBackup } from '../../server/backup/backup';
import { restoreBackup } from '../../server/backup/restauracao';
import { migrationsFolder, openDatabase, type Database } from '../../server/db/client';
import { KEY_FILE } from '../../server/seguranca/chave';
import { backends, Client, createTestApp, installAndLogin, newUser, type TestApp, useTestApp } from '../support/app';
import { newCliente, newPlano } from '../support/registry';

/** Every table's rows, hashed (public and the migrations' own schema), by table. */
async function tableHashes(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.raw(
    "SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const hashes: Record<string, string> = {};
  for (const { name } of rows as Array<{ name: string }>) {
    const [schema, table] = name.split('.');
    const { rows: hashed } = await database.raw(
      `SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS h FROM "${schema}"."${table}" t`,
    );
    const row = hashed[0] as { n: number; h: string };
    hashes[name] = `${row.n}:${row.h}`;
  }
  return hashes;
}

const tempDir = (prefix: string) => mkdtemp(path.join(tmpdir(), prefix));

/** Rewrites a backup's manifest (for the refusals' files). */
async function withManifest(file: string, out: string, change: (manifest: Record<string, unknown>) => void) {
  const work = await tempDir('rastreio-manifesto-');
  await tar.extract({ file, cwd: work });
  const manifest = JSON.parse(await readFile(path.join(work, 'manifesto.json'), 'utf8'));
  change(manifest);
  await writeFile(path.join(work, 'manifesto.json'), JSON.stringify(manifest));
  await tar.create({ file: out, cwd: work }, await readdir(work));
  await rm(work, { recursive: true, force: true });
}

/** Some records of every kind the screens write, and a user with 2FA data. */
async function populate(admin: Client) {
  for (let i = 0; i < 3; i++) expect((await admin.post('/v1/clientes', newCliente())).status).toBe(201);
  expect((await admin.post('/v1/users', newUser())).status).toBe(201);
  expect((await admin.post('/v1/planos', newPlano())).status).toBe(201);
}

describe.each(backends)('backup and restore (%s)', (backend) => {
  let t: TestApp;
  let admin: Client;
  let work: string;
  let dataDir: string;
  let backupDir: string;
  beforeAll(async () => {
    work = await tempDir('rastreio-backup-test-');
    dataDir = path.join(work, 'data');
    backupDir = path.join(work, 'backups');
    t = await createTestApp(backend, {
      dataDir: backend === 'pglite' ? dataDir : undefined,
      backup: { dir: backupDir, keep: 2, dataDir, keyFromEnv: false, tmpDir: path.join(work, 'tmp') },
    });
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, KEY_FILE), `${randomBytes(32).toString('base64')}\n`);
    admin = await installAndLogin(t.app);
    await populate(admin);
  });
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  /** A new empty target of this backend: a directory, or a database on the same server. */
  async function emptyTarget(): Promise<{ dataDir: string; url?: string; drop: () => Promise<void> }> {
    const dir = path.join(work, `alvo-${randomBytes(4).toString('hex')}`);
    if (backend === 'pglite') return { dataDir: dir, drop: async () => undefined };
    const name = `rastreio_restore_${randomBytes(5).toString('hex')}`;
    const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await server.connect();
    await server.query(`CREATE DATABASE ${name}`);
    await server.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return {
      dataDir: dir,
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }

  /** `npm run restore -- ARGS` into `target`, as a person runs it (no terminal: no question). */
  const restoreCli = (target: { dataDir: string; url?: string }, args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', 'restore', ...args], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.url ?? '', TOTP_KEY: '', BACKUP_SENHA: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => resolve({ code, output }));
    });

  const openTarget = (target: { dataDir: string; url?: string }) =>
    target.url ? openDatabase({ url: target.url, poolSize: 2 }) : openDatabase({ dataDir: target.dataDir });
  /** The restored target holds every row of `before`, but for the sessions and rate limits (the requests' own writes). */
  const expectRowsAsBefore = async (target: { dataDir: string; url?: string }, before: Record<string, string>) => {
    const restored = await openTarget(target);
    try {
      const omit = ({ 'public.rate_limits': _l, 'public.sessions': _s, ...rest }: Record<string, string>) => rest;
      expect(omit(await tableHashes(restored))).toEqual(omit(before));
    } finally {
      await restored.close();
    }
  };

  it('Fazer backup agora while staff write, then restore into an empty target: every row identical, whole transactions only, the key with it', async () => {
    const before = await tableHashes(t.database);
    // Staff writing meanwhile: two rows per transaction (a restore must hold both or neither).
    let stop = false;
    let written = 0;
    const writer = (async () => {
      while (!stop) {
        // Requests arrive between others' statements (PGlite answers without leaving the microtask
        // queue), a few a millisecond at most: the backup's own file work goes on between them.
        await new Promise((resolve) => setTimeout(resolve, 1));
        const n = written++;
        await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO rate_limits (key, hits) VALUES (${`par-${n}-a`}, 1)`);
          await tx.execute(sql`INSERT INTO rate_limits (key, hits) VALUES (${`par-${n}-b`}, 1)`);
        });
      }
    })();
    const made = await admin.post('/v1/backups');
    stop = true;
    await writer;
    expect(made.status).toBe(201);
    expect(made.body.nome).toMatch(/^rastreio-\d{4}-\d{2}-\d{2}-\d{6}\.backup$/);
    expect(written).toBeGreaterThan(0);
    const file = path.join(backupDir, made.body.nome);
    // Written after the backup: not in it.
    expect((await admin.post('/v1/clientes', newCliente())).status).toBe(201);

    const target = await emptyTarget();
    try {
      const manifest = await restoreBackup(file, target);
      expect(manifest).toMatchObject({ banco: backend, chave: 'arquivo' });
      const restored = await openTarget(target);
      try {
        const { 'public.rate_limits': _writes, ...after } = await tableHashes(restored);
        const { 'public.rate_limits': _none, ...expected } = before;
        expect(after).toEqual(expected);
        const { rows } = await restored.raw(
          "SELECT count(*) FILTER (WHERE key LIKE '%-a')::int AS a, count(*) FILTER (WHERE key LIKE '%-b')::int AS b FROM rate_limits WHERE key LIKE 'par-%'",
        );
        const { a, b } = rows[0] as { a: number; b: number };
        expect(a).toBe(b);
      } finally {
        await restored.close();
      }
      expect(await readFile(path.join(target.dataDir, KEY_FILE), 'utf8')).toBe(await readFile(path.join(dataDir, KEY_FILE), 'utf8'));

      // A non-empty target is refused, and left as it was.
      await expect(restoreBackup(file, target)).rejects.toThrow(/O destino não está vazio/);
    } finally {
      await target.drop();
    }
  });

  it('lists the backups, downloads one (audited), keeps the newest BACKUP_KEEP, refuses a Usuario', async () => {
    for (let i = 0; i < 2; i++) expect((await admin.post('/v1/backups')).status).toBe(201);
    const listed = await admin.get('/v1/backups');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ configurado: true, manter: 2, emAndamento: false });
    expect(listed.body.Items).toHaveLength(2);
    expect((await readdir(backupDir)).filter((name) => name.endsWith('.backup'))).toHaveLength(2);
    const [newest] = listed.body.Items;
    const download = await t.app.inject({ method: 'GET', url: `/v1/backups/${newest.nome}`, headers: { cookie: admin.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${newest.nome}"`);
    expect(download.rawPayload.equals(await readFile(path.join(backupDir, newest.nome)))).toBe(true);
    const audit = await admin.get('/v1/auditoria?acao=backup');
    expect(audit.body.Items[0]).toMatchObject({ acao: 'backup', descricao: `Backup ${newest.nome} baixado`, usuario: expect.any(String) });
    expect((await admin.get('/v1/backups/rastreio-2000-01-01-000000.backup')).status).toBe(404);
    expect((await admin.get('/v1/backups/..%2Fdata')).status).toBe(400);

    const data = newUser();
    await admin.post('/v1/users', data);
    const usuario = new Client(t.app);
    await usuario.login(data.login, data.password);
    expect((await usuario.get('/v1/backups')).status).toBe(403);
    expect((await usuario.get(`/v1/backups/${newest.nome}`)).status).toBe(403);
    expect((await usuario.post('/v1/backups/agora')).status).toBe(403);
  });

  it('Baixar backup agora: made on the spot, streamed with its size, audited, not kept on the server, and it restores', async () => {
    await mkdir(path.join(work, 'tmp'), { recursive: true });
    const temporary = async () => readdir(path.join(work, 'tmp'));
    const before = await tableHashes(t.database);
    const kept = await readdir(backupDir);
    const reply = await t.app.inject({ method: 'POST', url: '/v1/backups/agora', headers: { cookie: admin.cookie } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/x-tar');
    expect(reply.headers['cache-control']).toBe('no-store');
    const nome = /^attachment; filename="(.+)"$/.exec(String(reply.headers['content-disposition']))?.[1] ?? '';
    expect(nome).toMatch(BACKUP_NAME);
    expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
    // Not one of BACKUP_DIR's (which may hold one of the same second's name), and the temporary copy is gone once sent.
    expect(await readdir(backupDir)).toEqual(kept);
    await expect.poll(temporary).toEqual([]);
    const audit = await admin.get('/v1/auditoria?acao=backup');
    expect(audit.body.Items[0]).toMatchObject({
      acao: 'backup',
      descricao: `Backup ${nome} feito e baixado na hora (${reply.rawPayload.length} bytes)`,
    });

    const file = path.join(work, `baixado-${nome}`);
    await writeFile(file, reply.rawPayload);
    const target = await emptyTarget();
    try {
      expect(await restoreBackup(file, target)).toMatchObject({ banco: backend, chave: 'arquivo' });
      // Every row as it was when the download was asked for (the audit of it comes after the backup).
      await expectRowsAsBefore(target, before);
    } finally {
      await target.drop();
    }
  });

  it('Baixar backup agora encrypted with a passphrase: restores with it (and npm run restore with BACKUP_SENHA); a wrong one or none is refused in pt-BR, writing nothing', async () => {
    const senha = 'frase secreta do cofre 7';
    const before = await tableHashes(t.database);
    const reply = await t.app.inject({ method: 'POST', url: '/v1/backups/agora', headers: { cookie: admin.cookie }, payload: { senha } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/octet-stream');
    const nome = /^attachment; filename="(.+)"$/.exec(String(reply.headers['content-disposition']))?.[1] ?? '';
    expect(nome).toMatch(/^rastreio-.+\.backup\.cifrado$/);
    expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
    // The header: magic, scrypt's parameters, salt and nonce; then nothing of the tar in clear.
    expect(reply.rawPayload.subarray(0, 8).toString('ascii')).toBe('RSTRCIF1');
    expect(reply.rawPayload.includes(Buffer.from('manifesto.json'))).toBe(false);
    const file = path.join(work, nome);
    await writeFile(file, reply.rawPayload);
    const audit = await admin.get('/v1/auditoria?acao=backup');
    expect(audit.body.Items[0].descricao).toMatch(/cifrado com senha\)$/);
    expect(JSON.stringify(audit.body)).not.toContain(senha);

    const target = await emptyTarget();
    try {
      await expect(restoreBackup(file, target)).rejects.toThrow(/Este backup está cifrado com senha: informe-a/);
      await expect(restoreBackup(file, { ...target, senha: 'outra frase qualquer' })).rejects.toThrow(
        'Senha do backup incorreta (ou o arquivo foi alterado): nada foi restaurado.',
      );
      // A changed byte fails the same way.
      const altered = Buffer.from(reply.rawPayload);
      altered[altered.length - 100] ^= 0x01;
      await writeFile(path.join(work, 'alterado.cifrado'), altered);
      await expect(restoreBackup(path.join(work, 'alterado.cifrado'), { ...target, senha })).rejects.toThrow(/Senha do backup incorreta/);
      expect(existsSync(path.join(target.dataDir, 'PG_VERSION'))).toBe(false);

      // npm run restore: a wrong --senha is refused (exit 1, the message); BACKUP_SENHA restores.
      const wrong = await restoreCli(target, [file, '--senha', 'outra frase qualquer']);
      expect(wrong.code).toBe(1);
      expect(wrong.output).toContain('Senha do backup incorreta (ou o arquivo foi alterado): nada foi restaurado.');
      const right = await restoreCli(target, [file], { BACKUP_SENHA: senha });
      expect(right.code, right.output).toBe(0);
      expect(right.output).not.toContain(senha);
      await expectRowsAsBefore(target, before);
    } finally {
      await target.drop();
    }
    // Four restores and two commands: more than the default minute on a loaded machine.
  }, 240_000);

  it('Baixar with a passphrase in the POST body sends the file encrypted (the GET stays plain); the passphrase is bounded, in pt-BR', async () => {
    const senha = 'frase secreta do cofre 8';
    await admin.post('/v1/backups');
    const [item] = (await admin.get('/v1/backups')).body.Items;
    const cifrado = await t.app.inject({
      method: 'POST',
      url: `/v1/backups/${item.nome}`,
      headers: { cookie: admin.cookie },
      payload: { senha },
    });
    expect(cifrado.statusCode).toBe(200);
    expect(cifrado.headers['content-disposition']).toBe(`attachment; filename="${item.nome}.cifrado"`);
    expect(cifrado.rawPayload.subarray(0, 8).toString('ascii')).toBe('RSTRCIF1');
    expect(cifrado.rawPayload.length).toBe(item.bytes + 39 + 16);
    const plain = await t.app.inject({ method: 'GET', url: `/v1/backups/${item.nome}`, headers: { cookie: admin.cookie } });
    expect(plain.rawPayload.subarray(0, 8).toString('ascii')).not.toBe('RSTRCIF1');

    // The passphrase's bounds, in pt-BR; never in the URL.
    expect((await admin.post('/v1/backups/agora', { senha: 'curta' })).body.errors.senha).toBe(
      'A senha do arquivo deve ter ao menos 8 caracteres.',
    );
    expect((await admin.post('/v1/backups/agora', { senha: 'x'.repeat(201) })).body.errors.senha).toBe(
      'A senha do arquivo deve ter no máximo 200 caracteres.',
    );
    expect((await admin.post(`/v1/backups/${item.nome}`, {})).status).toBe(400);
    expect((await admin.post('/v1/backups/rastreio-2000-01-01-000000.backup', { senha })).status).toBe(404);
    expect((await admin.post(`/v1/backups/${item.nome}`, { senha: 'y'.repeat(3000) })).status).toBe(413);
  });

  it('one backup at a time: Baixar backup agora while Fazer backup agora runs is a 409 with the reason', async () => {
    const replies = await Promise.all([admin.post('/v1/backups'), admin.post('/v1/backups/agora')]);
    // Whichever starts first runs; the other is refused.
    const refused = replies.filter((reply) => reply.status === 409);
    expect(refused).toHaveLength(1);
    expect(refused[0].body.message).toBe('Já há um backup em andamento. Aguarde terminar.');
    expect(replies.filter((reply) => reply.status === 201 || reply.status === 200)).toHaveLength(1);
    // A body is refused, as on every route that takes none.
    expect((await admin.post('/v1/backups/agora', { qualquer: 1 })).status).toBe(400);
  });

  it('refuses a damaged file and one from a newer schema, with clear messages, writing nothing', async () => {
    const file = path.join(work, 'base.backup');
    await createBackup({ database: t.database, url: t.url, dataDir, keyFromEnv: false }, file);
    const target = await emptyTarget();
    try {
      const bytes = await readFile(file);
      const flipped = Buffer.from(bytes);
      for (let i = 4096; i < flipped.length - 2048; i += 997) flipped[i] ^= 0xff;
      await writeFile(path.join(work, 'danificado.backup'), flipped);
      await expect(restoreBackup(path.join(work, 'danificado.backup'), target)).rejects.toThrow(/danificado ou não é um backup/);
      await writeFile(path.join(work, 'cortado.backup'), bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(restoreBackup(path.join(work, 'cortado.backup'), target)).rejects.toThrow(/danificado/);
      await writeFile(path.join(work, 'texto.backup'), 'não é um backup');
      await expect(restoreBackup(path.join(work, 'texto.backup'), target)).rejects.toThrow(/danificado/);

      await withManifest(file, path.join(work, 'novo.backup'), (manifest) => {
        manifest.migracoes = Number(manifest.migracoes) + 1;
        manifest.ultimaMigracao = Number(manifest.ultimaMigracao) + 86_400_000;
      });
      await expect(restoreBackup(path.join(work, 'novo.backup'), target)).rejects.toThrow(/versão mais nova do Rastreio/);
      // Nothing was written into the target.
      if (backend === 'pglite') expect(existsSync(target.dataDir)).toBe(false);
      else {
        const c = new pg.Client({ connectionString: target.url });
        await c.connect();
        const { rows } = await c.query(
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
        );
        await c.end();
        expect(rows[0].n).toBe(0);
      }
    } finally {
      await target.drop();
    }
  });

  if (backend === 'pglite')
    it('an older backup is brought up to date by the migrations when restored', async () => {
      // A database at the schema before the last migration.
      const folder = path.join(work, 'migracoes-antigas');
      await cp(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8'));
      const total = journal.entries.length;
      journal.entries = journal.entries.slice(0, -1);
      await writeFile(journalFile, JSON.stringify(journal));
      const oldDir = path.join(work, 'antigo');
      const old = await PGlite.create({ dataDir: oldDir, extensions: { pg_trgm } });
      await migrate(drizzle(old, { casing: 'snake_case' }), { migrationsFolder: folder });
      await old.close();

      const file = path.join(work, 'antigo.backup');
      const made = await createBackup({ dataDir: oldDir, keyFromEnv: false }, file);
      expect(made.manifesto.migracoes).toBe(total - 1);
      const target = path.join(work, 'antigo-restaurado');
      await restoreBackup(file, { dataDir: target });
      const restored = await openDatabase({ dataDir: target });
      try {
        const { rows } = await restored.raw('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        expect((rows[0] as { n: number }).n).toBe(total);
      } finally {
        await restored.close();
      }
      // Two full runs of the migrations on PGlite: over a minute on a busy 2-core machine.
    }, 180_000);
});

describe.each(backends)('backups not configured (%s)', (backend) => {
  const env = useTestApp(backend);

  it('the screen says so, Fazer backup agora is a 409 with the reason, and Baixar backup agora gives a whole backup', async () => {
    const admin = await installAndLogin(env.t.app);
    await populate(admin);
    expect((await admin.get('/v1/backups')).body).toMatchObject({ configurado: false, Items: [] });
    const refused = await admin.post('/v1/backups');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/BACKUP_DIR/);

    const reply = await env.t.app.inject({ method: 'POST', url: '/v1/backups/agora', headers: { cookie: admin.cookie } });
    expect(reply.statusCode).toBe(200);
    const work = await tempDir('rastreio-sem-diretorio-');
    try {
      await writeFile(path.join(work, 'baixado.backup'), reply.rawPayload);
      const entries: string[] = [];
      await tar.list({ file: path.join(work, 'baixado.backup'), onReadEntry: (entry) => entries.push(entry.path) });
      expect(entries).toEqual(['manifesto.json', backend === 'pglite' ? 'banco.tar.gz' : 'banco.dump']);
      const restored = path.join(work, 'restaurado');
      if (backend === 'pglite') {
        await restoreBackup(path.join(work, 'baixado.backup'), { dataDir: restored });
        const database = await openDatabase({ dataDir: restored });
        try {
          const { rows } = await database.raw('SELECT count(*)::int AS n FROM clientes');
          expect((rows[0] as { n: number }).n).toBe(3);
        } finally {
          await database.close();
        }
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
