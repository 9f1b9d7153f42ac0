/**
 * Once per end-to-end run, before the files: the app built (vite build, when dist/ is stale) and
 * started once on a new data directory, which it migrates; then stopped. That directory, without
 * its server key, is the model each file's `startApp` copies: the files skip the migrations (5 s of
 * CPU each) and still start on a database nobody installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { KEY_FILE } from '../../server/seguranca/chave';
import { spawnApp } from './support';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eModelo: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rastreio-e2e-modelo-'));
  const app = await spawnApp(dir, {}, { keep: true });
  await app.stop();
  if (app.exitCode() !== 0) throw new Error(`the model's server ended with ${app.exitCode()}:\n${app.output()}`);
  // Each copy makes its own key, as a new install does; the stopped server's pid file goes too.
  for (const name of [KEY_FILE, 'postmaster.pid']) rmSync(path.join(dir, name), { force: true });
  project.provide('e2eModelo', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
