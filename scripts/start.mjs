// `npm start`: builds the browser app when dist/ is missing or older than its sources, then
// runs the server (UI + API) on PORT, with data in DATA_DIR or the DATABASE_URL server.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverBundle, serverNodeArgs, stopBuilder } from './server-build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

// Stopping: SIGTERM and SIGINT go on to whatever runs (the build, then the server), and this
// process ends when it does, with its exit code, so a process manager that stops `npm start`
// stops the server. A signal that comes before the server runs ends the start there.
let received = null;
let child = null;
const stop = (signal) => {
  received ??= signal;
  child?.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// npm runs this script through `sh -c`; when npm (or the shell) dies without passing the signal
// on, this process is left to init: its parent changes, and the server is stopped all the same.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid === parent || received) return;
  console.error('O processo que iniciou o Rastreio terminou: encerrando o servidor.');
  stop('SIGTERM');
}, 1000).unref();

/** Runs Node with `args` to its end, passing the stop signals on; resolves with its exit code. */
function run(args, options) {
  return new Promise((resolve) => {
    child = spawn(process.execPath, args, options);
    if (received) child.kill(received);
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? 128 + (constants.signals[signal] ?? 15));
    });
  });
}
const endIfStopped = () => {
  if (received) process.exit(128 + constants.signals[received]);
};

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
  const status = await run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  endIfStopped();
  if (status !== 0) process.exit(status);
}

// The server bundled and run by plain Node, its heap bounded (scripts/server-build.mjs): bundled
// again when missing or older than its sources, as the browser app is built.
const bundleSources = ['server', 'domain', 'scripts/server-build.mjs', 'package-lock.json'].filter((p) => existsSync(p));
if (!existsSync(serverBundle) || Math.max(...bundleSources.map(newestMtime)) > statSync(serverBundle).mtimeMs) {
  await buildServer();
  // esbuild's service process is not needed once the bundle is written: no child outlives the start.
  await stopBuilder();
}
endIfStopped();
// The IPC channel tells the server when this process is gone, even killed outright (server/server.ts).
process.exit(await run(serverNodeArgs(), { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] }));
