/** Production entry: opens the database (migrating it) and listens. */
import path from 'node:path';
import { buildApp } from './app';
import { readEnv } from './config';
import { openDatabase } from './db/client';
import { deriveKeys, loadKeyMaterial } from './services/chave';
import { serveLocalBackups } from './backup/local';

const env = readEnv();
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

const shutdown = async () => {
  await closeLocalBackups?.();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: env.PORT, host: env.HOST });
console.log(`Rastreio em http://localhost:${env.PORT} (banco: ${database.kind === 'pglite' ? `PGlite em ${env.DATA_DIR}` : 'PostgreSQL'})`);
