/**
 * Serving the built browser app (`dist/`): hashed assets cached for good, every browser route
 * answered with index.html revalidated on each visit, other files revalidated, the API untouched.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

describe('the built app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rastreio-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Rastreio</title>');
    writeFileSync(path.join(dir, 'assets', 'App-abc123.js'), 'export const app = 1;');
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
    t = await createTestApp('pglite', { staticDir: dir });
  });
  afterAll(() => t.close());

  it('a hashed asset is cached for good; other files and the pages are revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/App-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.body).toBe('export const app = 1;');

    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=0');

    for (const url of ['/clientes', '/static/contrato/abc', '/cobrancas/12']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('<title>Rastreio</title>');
    }
  });

  it('an unknown API path and a missing asset are 404s with the pt-BR message, not the page', async () => {
    for (const url of ['/v1/nada', '/assets/nao-existe.js']) {
      const reply = await t.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.body, url).not.toContain('<title>');
    }
  });
});
