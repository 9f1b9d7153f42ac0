/** Starting and stopping the processes a benchmark measures: the app server and the yardstick. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { buildServer, serverNodeArgs } from '../../scripts/server-build.mjs';

export const root = path.resolve(import.meta.dirname, '../..');

export async function waitForHttp(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

let built: Promise<unknown> | undefined;

/** Node's arguments for the app server as `npm start` runs it (scripts/server-build.mjs), built once per run. */
export async function appServerArgs(nodeArgs: string[] = []) {
  built ??= buildServer();
  await built;
  return serverNodeArgs(nodeArgs);
}

export interface Running {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startNode(
  script: string,
  env: Record<string, string>,
  healthPath: string,
  port: number,
  nodeArgs: string[] = [],
): Promise<Running> {
  // The app server as `npm start` runs it (its bundle, the same Node flags), plus any flags given (a profiler's).
  const argv = script === 'server/server.ts' ? await appServerArgs(nodeArgs) : [...nodeArgs, '--import', 'tsx', path.join(root, script)];
  const child = spawn(process.execPath, argv, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url + healthPath);
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function login(url: string, account: string, password: string): Promise<string> {
  const response = await fetch(`${url}/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: account, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('Token='));
  return cookie!.split(';')[0];
}
