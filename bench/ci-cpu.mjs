// Where a run's CPU goes, by kind of process, PostgreSQL's and Chromium's included (which `time`
// does not see): `node bench/ci-cpu.mjs -- bash .ci/run` runs the command and, once a second,
// reads the CPU of every process of the machine from /proc (Linux; run it on an otherwise quiet one), adding what it used since the last look to its
// kind (a process is the kind of its nearest ancestor with one). At the end it prints the seconds
// by kind, and the cores in use minute by minute. Written for issue 30's CI time (README, "Tests").
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux
const KINDS = [
  ['postgresql', (c) => /(^|\/)postgres/.test(c) && !c.includes('node')],
  // Chromium by process type: the renderer runs the pages' JavaScript, the GPU process composites.
  ['chromium renderer', (c) => c.includes('chrom') && c.includes('--type=renderer')],
  ['chromium gpu', (c) => c.includes('chrom') && c.includes('--type=gpu-process')],
  ['chromium utility', (c) => c.includes('chrom') && c.includes('--type=utility')],
  ['chromium', (c) => c.includes('chrom')],
  ['e2e app server', (c) => c.includes('dist-server/server.mjs')],
  ['tsc', (c) => c.includes('typescript/bin/tsc')],
  ['eslint', (c) => c.includes('eslint')],
  ['prettier', (c) => c.includes('prettier')],
  ['vite build', (c) => c.includes('vite/bin/vite.js')],
  ['esbuild', (c) => c.includes('esbuild')],
  ['vitest e2e', (c) => c.includes('vitest.mjs run --project e2e')],
  ['vitest unit/component/api', (c) => c.includes('vitest.mjs run --project unit')],
  ['npm ci', (c) => c.includes('npm ci') || c.includes('npm-cli.js ci')],
];

const known = new Map(); // pid → { kind, ppid, cmd }
const last = new Map(); // pid → ticks
const totals = new Map();
const perMinute = [];
const started = Date.now();

function read(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}
function kindOf(pid, depth = 0) {
  const entry = known.get(pid);
  if (!entry) return 'other';
  if (entry.kind) return entry.kind;
  const own = KINDS.find(([, test]) => test(entry.cmd))?.[0];
  entry.kind = own ?? (depth < 16 ? kindOf(entry.ppid, depth + 1) : 'other');
  return entry.kind;
}
function look(first) {
  const minute = Math.floor((Date.now() - started) / 60_000);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    try {
      const { ppid, ticks } = read(pid);
      if (!known.has(pid)) known.set(pid, { ppid, cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') });
      // A process already running at the first look spent its time before the run.
      const since = last.has(pid) ? ticks - last.get(pid) : first ? 0 : ticks;
      last.set(pid, ticks);
      if (since <= 0) continue;
      const kind = kindOf(pid);
      totals.set(kind, (totals.get(kind) ?? 0) + since / TICKS);
      perMinute[minute] = (perMinute[minute] ?? 0) + since / TICKS;
    } catch {
      /* ended between the listing and the read */
    }
  }
}

const command = process.argv.slice(process.argv.indexOf('--') + 1);
if (command.length === 0) {
  console.error('uso: node bench/ci-cpu.mjs -- <comando> [argumentos]');
  process.exit(2);
}
look(true);
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const timer = setInterval(() => look(false), 1000);
child.on('exit', (code) => {
  clearInterval(timer);
  look(false);
  const seconds = (Date.now() - started) / 1000;
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`\nCPU by kind of process over ${seconds.toFixed(0)} s (${(sum / seconds).toFixed(2)} cores on average):`);
  for (const [kind, value] of [...totals].sort((a, b) => b[1] - a[1])) console.log(`${value.toFixed(1).padStart(9)} s  ${kind}`);
  console.log(`${sum.toFixed(1).padStart(9)} s  in all`);
  console.log(`cores in use, minute by minute: ${perMinute.map((v) => ((v ?? 0) / 60).toFixed(2)).join(' ')}`);
  process.exit(code ?? 1);
});
