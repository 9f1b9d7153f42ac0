// `npm test`: the type check, the lint (ESLint and Prettier, zero warnings) and every test (unit, component, API, end to end) through Vitest, ending with one
// line "N passed, M failed, K skipped". Browser tests need Chromium (CHROME_PATH, /usr/bin/chromium or
// Playwright's): without one they are skipped with a notice, unless E2E_REQUIRED=1.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
mkdirSync('test-results', { recursive: true });

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

// Everything starts at once on the 2 cores: the type check, the lint and the two Vitest runs. Most
// of a test's time waits (on PostgreSQL, a fake, a queue, a browser), so the browser tests, which
// run one file at a time, go beside the unit, component and API tests instead of after them.
// The type check and the lint each count as one test. The type check: the shared domain types
// bind browser and server together. The lint: `npm run lint`, with zero warnings.
console.log('Verificando tipos (tsc --noEmit) e estilo (eslint --max-warnings 0, prettier --check) e rodando os testes…');
const run = (args, prefix, { niceness = 0 } = {}) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (niceness) setPriority(child.pid, niceness);
    if (prefix) for (const stream of [child.stdout, child.stderr]) prefixLines(stream, prefix);
    child.on('close', (status) => resolve(status));
  });
const vitest = (projectNames, name, prefix, options) => {
  const report = path.join('test-results', `vitest-${name}.json`);
  rmSync(report, { force: true });
  const args = [
    path.join('node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...projectNames.flatMap((p) => ['--project', p]),
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ];
  return run(args, prefix, options).then((status) => ({ status, report }));
};
// The checks that no test waits for (the type check, ESLint, Prettier: 200 s of CPU) run at a lower
// priority: they take the cores while the tests wait on a timer, a queue or a browser, not before.
const background = { niceness: 15 };
const [typecheck, eslint, prettier, ...vitestRuns] = await Promise.all([
  run([path.join('node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', '.'], '[tsc] ', background),
  run([path.join('node_modules', 'eslint', 'bin', 'eslint.js'), '.', '--max-warnings', '0'], '[eslint] ', background),
  run([path.join('node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '.', '--log-level', 'warn'], '[prettier] ', background),
  vitest(
    projects.filter((p) => p !== 'e2e'),
    'node',
    undefined,
    projects.includes('e2e') ? { niceness: 5 } : undefined,
  ),
  ...(projects.includes('e2e') ? [vitest(['e2e'], 'e2e', '[e2e] ')] : []),
]);
const typecheckPassed = typecheck === 0;
const lintPassed = eslint === 0 && prettier === 0;

let passed = (typecheckPassed ? 1 : 0) + (lintPassed ? 1 : 0);
// Skipped tests are counted and shown: only the documented database-specific ones may skip
// (`it.runIf(backend === 'postgres')`, see README "Tests"); lint refuses `.only` and other skips.
let skipped = 0;
let failed = missingBrowser + missingPostgres + (typecheckPassed ? 0 : 1) + (lintPassed ? 0 : 1);
for (const { status, report } of vitestRuns) {
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
  if (status !== 0 && failed === 0) failed = 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

/** Copies `stream` to stdout line by line, each line led by `prefix` (two runs' lines interleave). */
function prefixLines(stream, prefix) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => pending && process.stdout.write(`${prefix}${pending}\n`));
}

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
