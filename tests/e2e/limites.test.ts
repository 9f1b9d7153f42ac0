/**
 * The server as users run it (issue 30, item 1): `npm start`'s script, its heap bound, PGlite by
 * default, then PostgreSQL. Everything the API accepts at its largest arrives at once over real
 * HTTP, and the process must answer each request, then /v1/health. `app.inject` cannot see this:
 * a process that runs out of heap dies, and every later request is refused.
 */
import { request as httpRequest } from 'node:http';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { IMPORTACAO_MAX_BYTES, IMPORTACAO_MAX_LINHAS } from '../../domain/importacao';
import { PLANILHA_MSG } from '../../server/importacao/planilha';
import { createPostgresDatabase } from '../support/app';
import { pngOfSize } from '../support/files';
import { multipart, xlsxCelulaGigante } from '../support/planilhas';
import { installAdmin, startApp, type RunningApp } from './support';

const ADMIN = { name: 'Administradora', email: 'limites@rastreio.test', password: 'senha-forte-1' };

/** The largest sheet an import takes: 199,999 clients, just under 50 MB. */
function maiorPlanilha() {
  const linhas = IMPORTACAO_MAX_LINHAS - 1;
  const pad = 'x'.repeat(Math.floor(IMPORTACAO_MAX_BYTES / linhas) - 80);
  const rows = ['CPF;Nome;E-mail;Celular'];
  for (let i = 0; i < linhas; i++) rows.push(`${generateCPF()};Cliente ${i} ${pad};cliente.${i}@exemplo.com.br;11987654321`);
  const file = Buffer.from(`${rows.join('\n')}\n`);
  expect(file.length).toBeLessThanOrEqual(IMPORTACAO_MAX_BYTES);
  expect(file.length).toBeGreaterThan(IMPORTACAO_MAX_BYTES * 0.95);
  return file;
}

/**
 * One request over node:http, with no client-side clock: the answer is waited for as long as the
 * test allows (fetch gives up on headers after 300 s, which a loaded 2-core machine can reach here).
 * A body the server refuses before reading it all (413 on Content-Length) still gets its answer.
 */
function send(url: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    // EPIPE/ECONNRESET: the server stopped reading a refused body, and its answer may still come
    // (a loaded machine sends it seconds later); only a request that ends without one fails.
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (error) => setTimeout(() => answered || reject(error), 120_000));
    req.end(body);
  });
}

const backends = [{ name: 'PGlite' as const }, ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL' as const }] : [])];

describe.each(backends)('the server started as npm start starts it, on $name', ({ name }) => {
  let app: RunningApp;
  let drop: (() => Promise<void>) | undefined;
  let cookie = '';

  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (name === 'PostgreSQL') {
      const database = await createPostgresDatabase();
      env.DATABASE_URL = database.url;
      drop = database.drop;
    }
    app = await startApp(env);
    await installAdmin(app, ADMIN);
    const session = await fetch(`${app.url}/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(session.status).toBe(200);
    cookie = session.headers.get('set-cookie')!.split(';')[0];
  });

  afterAll(async () => {
    await app?.stop();
    await drop?.();
  });

  const post = (path: string, headers: Record<string, string>, body: Buffer) =>
    send(`${app.url}${path}`, 'POST', { cookie, ...headers }, body);
  const postJson = (path: string, body: unknown) => post(path, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(body)));

  // Minutes on a loaded 2-core machine: a 50 MB sheet read, a 200 MB cell inflated up to its bound, a backup.
  it(
    'answers everything it accepts at its largest, sent at once, within its heap bound, then /v1/health',
    { timeout: 900_000 },
    async () => {
      const upload = (i: number) => [
        {
          unid: 1,
          documento: 'users',
          name: `grande-${i}.png`,
          type: 'image/png',
          base64: `data:image/png;base64,${pngOfSize(MAX_UPLOAD_BYTES).toString('base64')}`,
        },
      ];
      const planilha = await multipart({ recurso: 'clientes', modo: 'simular' }, { name: 'maior.csv', data: maiorPlanilha() });
      const bomba = await multipart({ recurso: 'clientes' }, { name: 'bomba.xlsx', data: await xlsxCelulaGigante(200 * 1024 * 1024) });
      expect(bomba.body.length).toBeLessThan(1024 * 1024);

      const started = Date.now();
      const timed = <T>(label: string, work: Promise<T>) =>
        work.finally(() => console.log(`${name}: ${label} em ${Date.now() - started} ms`));
      const [uploads, dezMb, backup, importacao, celula] = await Promise.all([
        timed('4 uploads', Promise.all([0, 1, 2, 3].map((i) => postJson('/v1/uploads', upload(i))))),
        timed('10 MB', post('/v1/uploads', { 'content-type': 'application/json' }, Buffer.from(`[${'"x",'.repeat(2_500_000)}"x"]`))),
        timed('backup', postJson('/v1/backups/agora', {})),
        timed('importação', post('/v1/importacoes', planilha.headers, planilha.body)),
        timed('bomba', post('/v1/importacoes/cabecalho', bomba.headers, bomba.body)),
      ]);

      expect(uploads.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
      expect(dezMb.status).toBe(413);
      expect(JSON.parse(dezMb.body.toString()).message).toBe(MSG.tooLarge);
      expect(backup.status).toBe(200);
      expect(backup.body.length).toBeGreaterThan(0);
      expect(importacao.status).toBe(202);
      expect(celula.status).toBe(413);
      expect(JSON.parse(celula.body.toString()).errors.arquivo).toBe(PLANILHA_MSG.celula);

      // Read back: the four files whole, as data URLs, in one list.
      const list = await send(`${app.url}/v1/uploads?unid=1&documento=users`, 'GET', { cookie });
      expect(list.status).toBe(200);
      const files = JSON.parse(list.body.toString()) as { meta: { totalItens: number }; Items: { size: number; base64: string }[] };
      expect(files.meta.totalItens).toBe(4);
      for (const file of files.Items) {
        expect(file.size).toBe(MAX_UPLOAD_BYTES);
        expect(Buffer.from(file.base64.slice(file.base64.indexOf(',') + 1), 'base64').equals(pngOfSize(MAX_UPLOAD_BYTES))).toBe(true);
      }
      expect((await send(`${app.url}/v1/health`, 'GET', {})).status).toBe(200);
      expect(app.exitCode()).toBeNull();
    },
  );
});
