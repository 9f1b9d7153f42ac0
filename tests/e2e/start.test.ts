/**
 * Stopping `npm start` stops the server: SIGTERM to `node scripts/start.mjs`, or to the `npm start`
 * process itself, reaches the server, which closes cleanly; the port is freed, no child is left, and
 * the start ends with the server's exit code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { freePort } from '../support/ports';

const root = path.resolve(import.meta.dirname, '../..');

/** Whether something accepts connections on `port` (a second listen fails while it does). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(false)));
  });
}

/** The pids under `pid`, from /proc (Linux). */
function descendants(pid: number): number[] {
  const found: number[] = [];
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      children.push(...readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    }
  } catch {
    children = [];
  }
  for (const child of children) found.push(child, ...descendants(child));
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid running dist-server/server.mjs under `pid`. */
function serverPid(pid: number): number | undefined {
  return descendants(pid).find((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('dist-server/server.mjs');
    } catch {
      return false;
    }
  });
}

const started: { child: ChildProcess; dataDir: string }[] = [];
afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    const pids = child.pid ? descendants(child.pid) : [];
    child.kill('SIGKILL');
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function start(command: string, args: string[]) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rastreio-start-'));
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dataDir });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      // Its output, read to the end.
      await new Promise((resolve) => (child.stdout!.readableEnded ? resolve(null) : child.stdout!.once('close', resolve)));
      throw new Error(`the start exited with ${child.exitCode}:\n${output}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) break;
    } catch {
      /* still starting */
    }
    if (Date.now() > deadline) throw new Error(`the app did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const server = serverPid(child.pid!);
  expect(server, output).toBeDefined();
  return { child, port, server: server!, exited, output: () => output };
}

describe('stopping npm start stops the server', () => {
  it('SIGTERM to node scripts/start.mjs: the server closes, the port is freed, no child remains, exit code 0', async () => {
    const app = await start(process.execPath, ['scripts/start.mjs']);
    const children = descendants(app.child.pid!);
    app.child.kill('SIGTERM');
    const { code } = await app.exited;
    expect(code, app.output()).toBe(0);
    expect(alive(app.server)).toBe(false);
    for (const pid of children) expect(alive(pid), `child ${pid} still running`).toBe(false);
    expect(await portTaken(app.port)).toBe(false);
  });

  it('SIGTERM to the npm start process: it waits for the server, which is gone with its port', async () => {
    const app = await start('npm', ['start']);
    const children = descendants(app.child.pid!);
    app.child.kill('SIGTERM');
    await app.exited;
    expect(alive(app.server)).toBe(false);
    for (const pid of children) expect(alive(pid), `child ${pid} still running`).toBe(false);
    expect(await portTaken(app.port)).toBe(false);
  });

  it('SIGKILL to the start script: the server notices its parent is gone and stops', async () => {
    const app = await start(process.execPath, ['scripts/start.mjs']);
    app.child.kill('SIGKILL');
    await app.exited;
    const deadline = Date.now() + 30_000;
    while (alive(app.server) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(app.server)).toBe(false);
    expect(await portTaken(app.port)).toBe(false);
  });
});
