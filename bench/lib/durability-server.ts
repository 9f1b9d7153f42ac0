/**
 * The server process of the durability benchmark: started as `npm start` does (bench/lib/processes.ts
 * `startNode`), timed until /v1/health answers, and killed with SIGKILL. Its output is kept so that
 * a server that does not come back (a data directory that does not reopen) can be shown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { appServerArgs, root } from './processes';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawning the process to the first 200 of /v1/health. */
  startMs: number;
  /** The last lines the process wrote (stdout and stderr). */
  output(): string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

export async function startServer(env: Record<string, string>, port: number, timeoutMs = 120_000): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, await appServerArgs(), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let startMs = -1;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${url}/v1/health`);
      await response.arrayBuffer();
      if (response.ok) {
        startMs = performance.now() - started;
        break;
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (startMs < 0) {
    child.kill('SIGKILL');
    await exited(child);
    throw new Error(`the server did not answer /v1/health (exit ${child.exitCode ?? child.signalCode}):\n${log}`);
  }
  return {
    url,
    child,
    startMs,
    output: () => log,
    kill9: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = exited(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    },
  };
}
