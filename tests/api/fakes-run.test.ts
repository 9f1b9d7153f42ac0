/**
 * `npm run fakes` (tests/fakes/run.ts) prints what is true: the webhook line points at the app's
 * PORT (or --app), the map's address is set on Integrações > Traccar, and the ports' variables are
 * named and obeyed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs the fakes with `env` and `args`, returns what they printed once up, then stops them. */
async function printout(env: Record<string, string>, args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/run.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Asaas:   GET /__fake/state')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the fakes did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  await exited;
  return output;
}

async function fakePorts() {
  return {
    FAKE_TRACCAR_PORT: String(await freePort()),
    FAKE_EVOLUTION_PORT: String(await freePort()),
    FAKE_ASAAS_PORT: String(await freePort()),
    FAKE_TILES_PORT: String(await freePort()),
    FAKE_VIACEP_PORT: String(await freePort()),
  };
}

describe('npm run fakes prints the truth', () => {
  it("the webhook line uses the app's PORT, the map is on Integrações > Traccar, the ports' variables are named and used", async () => {
    const ports = await fakePorts();
    const text = await printout({ ...ports, PORT: '4321' });
    expect(text).toContain('"url":"http://127.0.0.1:4321/webhook/cobranca/1/asaas"');
    expect(text).not.toContain(':3000/webhook');
    expect(text).toContain('Integrações > Traccar, campo "Endereço do mapa"');
    expect(text).not.toContain('PUT /v1/users');
    for (const [name, port] of Object.entries(ports)) {
      expect(text).toContain(name);
      expect(text).toContain(`127.0.0.1:${port}`);
    }
  });

  it('--app URL sets the webhook line', async () => {
    const text = await printout(await fakePorts(), ['--app', 'https://rastreio.example.com/']);
    expect(text).toContain('"url":"https://rastreio.example.com/webhook/cobranca/1/asaas"');
  });
});
