/**
 * `GET /v1/cep/{cep}` (DESIGN 10) against the local ViaCEP (tests/fakes/viacep.ts): the address of a
 * CEP with or without its dash, 404 for one that does not exist, 400 for one that is not 8 digits,
 * a clear 502 when ViaCEP fails or is slow, and a cache that spares ViaCEP a second call.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cepReader } from '../../server/integrations/viacep';
import { MSG_CEP } from '../../server/routes/cep';
import { startViaCepFake } from '../fakes/viacep';
import { backends, Client, useInstalledApp } from '../support/app';

const viacep = await startViaCepFake();
afterAll(() => viacep.close());
const calls = (cep: string) => viacep.server.requests.filter((r) => r.path === `/ws/${cep}/json/`).length;

describe.each(backends)('GET /v1/cep (%s)', (backend) => {
  const env = useInstalledApp(backend, { viacepUrl: viacep.url });

  it('answers the address of a CEP with or without its dash, and reads ViaCEP once for both', async () => {
    viacep.add('04538133', { logradouro: 'Avenida Brigadeiro Faria Lima', bairro: 'Itaim Bibi', localidade: 'São Paulo', uf: 'SP' });
    const before = calls('04538133');
    for (const cep of ['04538133', '04538-133', '04.538-133']) {
      const reply = await env.admin.get(`/v1/cep/${encodeURIComponent(cep)}`);
      expect(reply.status, cep).toBe(200);
      expect(reply.body).toEqual({ logradouro: 'Avenida Brigadeiro Faria Lima', bairro: 'Itaim Bibi', cidade: 'São Paulo', uf: 'SP' });
    }
    expect(calls('04538133') - before).toBe(1);
    // The public pre-registration's form reads it at /v1/static/cep, without a session; /v1/cep is for staff.
    const visitor = new Client(env.t.app);
    expect((await visitor.get('/v1/static/cep/01001000')).body).toMatchObject({ logradouro: 'Praça da Sé', cidade: 'São Paulo', uf: 'SP' });
    expect((await visitor.get('/v1/cep/01001000')).status).toBe(401);
  });

  it('is a 404 for a CEP that does not exist and a 400 for one that is not 8 digits', async () => {
    const missing = await env.admin.get('/v1/cep/99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG_CEP.notFound);
    for (const cep of ['1234567', '123456789', 'abcdefgh', '0100100a']) {
      const bad = await env.admin.get(`/v1/cep/${cep}`);
      expect(bad.status, cep).toBe(400);
      expect(bad.body.errors.cep).toBe(MSG_CEP.invalid);
    }
  });

  it('answers a clear 502 while ViaCEP is down, then reads it again once it is back', async () => {
    viacep.add('30140071', { logradouro: 'Avenida Afonso Pena', bairro: 'Centro', localidade: 'Belo Horizonte', uf: 'MG' });
    viacep.server.setDown(60);
    const down = await env.admin.get('/v1/cep/30140071');
    expect(down.status).toBe(502);
    expect(down.body.message).toBe(MSG_CEP.unavailable);
    viacep.server.setDown(0);
    expect((await env.admin.get('/v1/cep/30140071')).body).toMatchObject({ cidade: 'Belo Horizonte', uf: 'MG' });
  });
});

describe('the CEP reader', () => {
  it('gives up on a slow ViaCEP after its timeout, and takes either form of its "erro"', async () => {
    const slow: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    // This fetch never answers: only the reader's own 100 ms abort can end the wait (without it, the
    // test would hang until its timeout), so the rejection alone proves it, with no wall-clock window.
    await expect(cepReader('http://viacep.test/ws', slow, 100)('01001000')).rejects.toThrow();
    for (const erro of [true, 'true']) {
      const answer: typeof fetch = async () => new Response(JSON.stringify({ erro }), { status: 200 });
      expect(await cepReader('http://viacep.test/ws', answer)('01001000')).toBeNull();
    }
  });
});
