/**
 * `npm run backup` while the app runs on PGlite: only the app's process may open its data
 * directory, so the command asks it, over a Unix socket that only this machine's user can open
 * (mode 0600, in the temporary directory, named after DATA_DIR). Nothing of it is reachable over HTTP.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Backups } from './service';

export const socketPath = (dataDir: string) =>
  path.join(tmpdir(), `rastreio-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);

/** Serves POST /backup { out } on the socket; returns a closer. */
export async function serveLocalBackups(backups: Backups, dataDir: string): Promise<() => Promise<void>> {
  const file = socketPath(dataDir);
  if (existsSync(file)) unlinkSync(file);
  const server = http.createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/backup') return reply(404, { message: 'não encontrado' });
    let raw = '';
    request.on('data', (chunk) => (raw = (raw + String(chunk)).slice(0, 10_000)));
    request.on('end', () => {
      let out: unknown;
      try {
        out = (JSON.parse(raw) as { out?: unknown }).out;
      } catch {
        out = undefined;
      }
      if (typeof out !== 'string' || !path.isAbsolute(out)) return reply(400, { message: 'out deve ser um caminho absoluto' });
      if (backups.busy) return reply(409, { message: 'Já há um backup em andamento. Aguarde terminar.' });
      backups.take(out).then(
        (made) => reply(200, made),
        (error: Error) => reply(500, { message: error.message }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(file, resolve));
  chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        if (existsSync(file)) unlinkSync(file);
        resolve();
      }),
    );
}

/** Asks the app running on `dataDir` for a backup to `out`; null when no app answers there. */
export function askRunningApp(dataDir: string, out: string): Promise<{ arquivo: string; bytes: number } | null> {
  const file = socketPath(dataDir);
  if (!existsSync(file)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: file, method: 'POST', path: '/backup', headers: { 'Content-Type': 'application/json' } },
      (response) => {
        let raw = '';
        response.on('data', (chunk) => (raw += String(chunk)));
        response.on('end', () => {
          const body = JSON.parse(raw || '{}') as { arquivo: string; bytes: number; message?: string };
          if (response.statusCode === 200) resolve(body);
          else reject(new Error(body.message ?? `o app respondeu ${response.statusCode}`));
        });
      },
    );
    // A socket left by an app that died: nobody answers, the command opens the directory itself.
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(null) : reject(error),
    );
    request.end(JSON.stringify({ out }));
  });
}
