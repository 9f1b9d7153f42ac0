// `npm start`: builds the browser app when dist/ is missing or older than its sources, then
// runs the server (UI + API) on PORT, with data in DATA_DIR or the DATABASE_URL server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverNodeArgs } from './server-build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = path.join(root, 'dist', 'index.html');
const sources = ['src', 'domain', 'public', 'index.html', 'cobranca.html', 'vite.config.ts', 'package-lock.json'].filter((p) =>
  existsSync(p),
);
// The payment page's own entry (cobranca.html) is built with the app: a build without it is stale too.
const stale =
  !existsSync(built) ||
  !existsSync(path.join(root, 'dist', 'cobranca.html')) ||
  Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Gerando a interface (vite build)…');
  // NODE_ENV decides React's production build; a test runner's NODE_ENV=test must not leak in.
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server bundled and run by plain Node, its heap bounded (scripts/server-build.mjs).
await buildServer();
const server = spawn(process.execPath, serverNodeArgs(), {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
