/** Production entry: opens the database (migrating it) and listens. */
import path from 'node:path';
import { buildApp } from './app';
import { readEnv } from './regras/config';
import { openDatabase } from './db/client';
import { deriveKeys, loadKeyMaterial } from './seguranca/chave';
import { serveLocalBackups } from './backup/local';

const env = readEnv();
// A stop asked for while the database opens (migrations) waits for it, then ends the start.
let ready = false;
let stopAsked = false;
const stop = (why: string) => {
  if (!stopAsked) console.log(`${why}: encerrando…`);
  stopAsked = true;
  if (ready) void shutdown();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
if (process.channel) {
  process.on('disconnect', () => stop('npm start terminou'));
  // The channel alone must not keep the process up.
  process.channel.unref();
}
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { dataDir: env.DATA_DIR },
);
const app = await buildApp({
  database,
  staticDir: path.resolve('dist'),
  trustProxy: env.TRUST_PROXY,
  logLevel: env.LOG_LEVEL,
  countCache: env.COUNT_CACHE === 'on',
  workers: env.WORKERS === 'on' ? { billingAtStart: true } : false,
  // The fleet's feed runs where the workers do (one process holds it; another takes over).
  frota: env.WORKERS === 'on',
  publicUrl: env.PUBLIC_URL,
  asaasBaseUrl: env.ASAAS_BASE_URL,
  viacepUrl: env.VIACEP_URL,
  keys: deriveKeys(loadKeyMaterial(env)),
  backup: {
    dir: env.BACKUP_DIR,
    keep: env.BACKUP_KEEP,
    dataDir: env.DATA_DIR,
    url: env.DATABASE_URL,
    keyFromEnv: Boolean(env.TOTP_KEY),
    daily: env.WORKERS === 'on',
  },
});
// `npm run backup` asks this process when it holds the embedded database (backup/local.ts).
const closeLocalBackups = database.kind === 'pglite' ? await serveLocalBackups(app.backups, env.DATA_DIR) : undefined;

// SIGTERM or SIGINT (or the end of `npm start`'s process, whose IPC channel closes): stop taking
// requests, let the ones under way finish, stop the jobs and close the database, then exit 0.
// A second signal (Ctrl-C reaches both `npm start` and this process) changes nothing; a shutdown
// stuck past 20 seconds exits with 1.
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error('Encerramento demorou mais de 20 s: saindo assim mesmo.');
    process.exit(1);
  }, 20_000).unref();
  try {
    await closeLocalBackups?.();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    console.error('Erro ao encerrar:', error);
    process.exit(1);
  }
}
ready = true;
if (stopAsked) await shutdown();

await app.listen({ port: env.PORT, host: env.HOST });
console.log(`Rastreio em http://localhost:${env.PORT} (banco: ${database.kind === 'pglite' ? `PGlite em ${env.DATA_DIR}` : 'PostgreSQL'})`);
