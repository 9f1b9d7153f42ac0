// `npm test`: the type check, the lint (ESLint and Prettier, zero warnings) and every test (unit, component, API, end to end) through Vitest, ending with one
// line "N passed, M failed, K skipped". Browser tests need Chromium (CHROME_PATH, /usr/bin/chromium or
// Playwright's): without one they are skipped with a notice, unless E2E_REQUIRED=1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
mkdirSync('test-results', { recursive: true });
const report = path.join('test-results', 'vitest.json');
rmSync(report, { force: true });

const projects = ['unit', 'component', 'api'];
const chromium = findChromium();
let missingBrowser = 0;
if (chromium) {
  projects.push('e2e');
  process.env.CHROME_PATH = chromium;
} else if (process.env.E2E_REQUIRED === '1') {
  console.error('Chromium não encontrado e E2E_REQUIRED=1: os testes de ponta a ponta não podem rodar.');
  missingBrowser = 1;
} else {
  console.log('Chromium não encontrado (defina CHROME_PATH ou instale o pacote chromium): testes de ponta a ponta ignorados.');
}
if (process.env.TEST_DATABASE_URL) console.log(`Testes de API também no PostgreSQL: ${process.env.TEST_DATABASE_URL}`);
// POSTGRES_REQUIRED=1 (CI): the PostgreSQL tests may not drop out silently; no server is a failure.
let missingPostgres = 0;
if (process.env.POSTGRES_REQUIRED === '1' && !(await postgresAnswers(process.env.TEST_DATABASE_URL))) {
  console.error('PostgreSQL não responde em TEST_DATABASE_URL e POSTGRES_REQUIRED=1: os testes no PostgreSQL não podem rodar.');
  missingPostgres = 1;
}

// The type check and the lint each count as one test; they run side by side (2 cores).
// The type check: the shared domain types bind browser and server together. The lint: `npm run
// lint`, with zero warnings.
console.log('Verificando tipos (tsc --noEmit) e estilo (eslint --max-warnings 0, prettier --check)…');
const node = (args) =>
  new Promise((resolve) => spawn(process.execPath, args, { stdio: 'inherit' }).on('close', (status) => resolve({ status })));
const [typecheck, eslint] = await Promise.all([
  node([path.join('node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', '.']),
  node([path.join('node_modules', 'eslint', 'bin', 'eslint.js'), '.', '--max-warnings', '0']),
]);
const typecheckPassed = typecheck.status === 0;
const prettier = spawnSync(
  process.execPath,
  [path.join('node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '.', '--log-level', 'warn'],
  {
    stdio: 'inherit',
  },
);
const lintPassed = eslint.status === 0 && prettier.status === 0;

const args = [
  path.join('node_modules', 'vitest', 'vitest.mjs'),
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });

let passed = (typecheckPassed ? 1 : 0) + (lintPassed ? 1 : 0);
// Skipped tests are counted and shown: only the documented database-specific ones may skip
// (`it.runIf(backend === 'postgres')`, see README "Tests"); lint refuses `.only` and other skips.
let skipped = 0;
let failed = missingBrowser + missingPostgres + (typecheckPassed ? 0 : 1) + (lintPassed ? 0 : 1);
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + result.numTodoTests;
  // A file that fails to load counts as a failure even when no test in it ran.
  failed += result.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
} else {
  failed += 1;
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

/** Whether a PostgreSQL server accepts a connection at `url` (within 5 s). */
async function postgresAnswers(url) {
  if (!url) return false;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
