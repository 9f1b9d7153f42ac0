/**
 * Two-factor sign-in, device cookies and sessions (DESIGN 10, "Trust"), through the real HTTP stack
 * on PGlite and PostgreSQL: enrollment, sign-in with a TOTP and with a recovery code, replay, the
 * lock (and a known browser that stays open while strangers are locked out), exigir2fa, the
 * administrator's reset, the session list and ending a session (401 at once, on every process).
 */
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, users } from '../../server/db/schema';
import { backends, Client, createSiblingApp, installAndLogin, newUser, createTestApp, type TestApp } from '../support/app';
import { NOTIFIED_MS } from '../support/wait';

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe('otpauth under this Node', () => {
  it('loads and computes the RFC 6238 test vector (SHA-1, T = 59 s)', () => {
    // The project runs on Node 20.19 or newer (package.json engines): 22 and later pass as well.
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(20);
    const secret = OTPAuth.Secret.fromUTF8('12345678901234567890');
    expect(OTPAuth.TOTP.generate({ secret, digits: 8, timestamp: 59_000 })).toBe('94287082');
  });
});

describe.each(backends)('two-factor sign-in and sessions (%s)', (backend) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await installAndLogin(t.app);
  });
  afterAll(() => t.close());

  /** A new staff member, signed in from its own browser. */
  async function staff() {
    const data = newUser();
    const created = await admin.post('/v1/users', data);
    expect(created.status).toBe(201);
    const browser = new Client(t.app);
    expect((await browser.login(data.login, data.password)).status).toBe(200);
    return { id: created.body.id as number, login: data.login, password: data.password, browser };
  }

  /** Enrolls the user's 2FA from its signed-in browser: its secret and recovery codes. */
  async function enroll(browser: Client, id: number) {
    const started = await browser.post(`/v1/users/${id}/2fa`);
    expect(started.status).toBe(200);
    const secret = started.body.segredo as string;
    const confirmed = await browser.post(`/v1/users/${id}/2fa/confirmar`, { codigo: codeAt(secret) });
    expect(confirmed.status).toBe(200);
    return { secret, recovery: confirmed.body.codigosRecuperacao as string[] };
  }

  it('enrolls with a QR and a code: 10 recovery codes once, the secret encrypted and the codes hashed, nothing in replies', async () => {
    const user = await staff();
    // Only one's own id, administrators included.
    expect((await admin.post(`/v1/users/${user.id}/2fa`)).status).toBe(403);
    expect((await user.browser.post('/v1/users/1/2fa')).status).toBe(403);
    const started = await user.browser.post(`/v1/users/${user.id}/2fa`);
    expect(started.status).toBe(200);
    expect(started.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Rastreio:.+\?.*secret=[A-Z2-7]+/);
    expect(started.body.qr).toMatch(/^data:image\/png;base64,/);
    const secret = started.body.segredo;
    // A wrong code, or a malformed one, turns nothing on.
    const wrong = await user.browser.post(`/v1/users/${user.id}/2fa/confirmar`, {
      codigo: '000000' === codeAt(secret) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.codigo).toBe('Código inválido ou expirado.');
    const malformed = await user.browser.post(`/v1/users/${user.id}/2fa/confirmar`, { codigo: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.codigo).toMatch(/6 dígitos/);
    const confirmed = await user.browser.post(`/v1/users/${user.id}/2fa/confirmar`, { codigo: codeAt(secret).replace(/(\d{3})/, '$1 ') });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.codigosRecuperacao;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.totpSecret).toMatch(/^v1:/);
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpPendente).toBeNull();
    expect(row.codigosRecuperacao).toHaveLength(10);
    expect(JSON.stringify(row.codigosRecuperacao)).not.toMatch(new RegExp(codes.map((c) => c.replace('-', '-?')).join('|')));
    const self = await user.browser.get(`/v1/users/${user.id}`);
    expect(JSON.stringify(self.body)).not.toMatch(/totp|codigosRecuperacao|v1:/i);
    expect(self.body.doisFatores).toBe(true);
    // Already on: a second enrollment is refused until it is turned off.
    expect((await user.browser.post(`/v1/users/${user.id}/2fa`)).status).toBe(409);
  });

  it('signs in with a TOTP after the password (202 and a pre-session first), and refuses a replayed or earlier code', async () => {
    const user = await staff();
    const { secret } = await enroll(user.browser, user.id);
    const browser = new Client(t.app);
    const first = await browser.login(user.login, user.password);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ segundoFator: true });
    expect(browser.cookie).toBe('');
    expect(browser.jar.has('PreSessao')).toBe(true);
    expect((await browser.get('/v1/session')).status).toBe(401);
    // No pre-session: nothing to complete.
    const stranger = await new Client(t.app).post('/v1/session/segundo-fator', { codigo: codeAt(secret, 1) });
    expect(stranger.status).toBe(401);
    expect(stranger.body.message).toMatch(/Entre com a senha novamente/);
    // A forged pre-session for the same user is refused too.
    const forged = new Client(t.app);
    forged.jar.set('PreSessao', `${user.id}.${Date.now() + 60_000}.AAAAAAAAAAAAAAAA.${'A'.repeat(32)}`);
    expect((await forged.post('/v1/session/segundo-fator', { codigo: codeAt(secret, 1) })).status).toBe(401);

    const code = codeAt(secret, 1); // the next step's code: later than the one the enrollment used
    const second = await browser.post('/v1/session/segundo-fator', { codigo: code });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: user.id });
    expect(browser.cookie).toMatch(/^Token=/);
    expect(browser.jar.has('PreSessao')).toBe(false);
    expect((await browser.get('/v1/session')).status).toBe(200);

    // The same code again, in another sign-in, within its window: refused; so is an earlier step's.
    const replay = new Client(t.app);
    expect((await replay.login(user.login, user.password)).status).toBe(202);
    const replayed = await replay.post('/v1/session/segundo-fator', { codigo: code });
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe('Código inválido ou expirado.');
    expect((await replay.post('/v1/session/segundo-fator', { codigo: codeAt(secret, 0) })).status).toBe(401);
    expect(replay.cookie).toBe('');
  });

  it('signs in with a recovery code, each working once', async () => {
    const user = await staff();
    const { recovery } = await enroll(user.browser, user.id);
    const browser = new Client(t.app);
    expect((await browser.login(user.login, user.password)).status).toBe(202);
    const signed = await browser.post('/v1/session/segundo-fator', { codigo: recovery[3].toUpperCase() });
    expect(signed.status).toBe(200);
    expect((await browser.get('/v1/session')).status).toBe(200);
    const again = new Client(t.app);
    expect((await again.login(user.login, user.password)).status).toBe(202);
    expect((await again.post('/v1/session/segundo-fator', { codigo: recovery[3] })).status).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.codigosRecuperacao).toHaveLength(9);
  });

  it('strangers lock only unknown browsers: a known browser signs in, and has a lock of its own', async () => {
    const user = await staff(); // user.browser signed in before: it holds a device cookie
    expect(user.browser.jar.has('Dispositivo')).toBe(true);
    const stranger = new Client(t.app);
    for (let i = 0; i < 10; i++) expect((await stranger.login(user.login, 'errada')).status).toBe(401);
    // Every unknown browser is locked, with the right password too.
    const locked = await new Client(t.app).login(user.login, user.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/15 minutos/);
    // The known browser is not.
    expect((await user.browser.login(user.login, user.password)).status).toBe(200);
    // A device cookie of another account, or a forged one, does not help the stranger.
    const forger = new Client(t.app);
    forger.jar.set('Dispositivo', `${user.id}.abc.${'x'.repeat(32)}`);
    expect((await forger.login(user.login, user.password)).status).toBe(429);
    // The known browser's own count: 10 failures there lock that browser.
    for (let i = 0; i < 10; i++) expect((await user.browser.login(user.login, 'errada')).status).toBe(401);
    expect((await user.browser.login(user.login, user.password)).status).toBe(429);
  });

  it('wrong codes count toward the lock: 10 after the right password lock the account for unknown browsers', async () => {
    const user = await staff();
    const { secret } = await enroll(user.browser, user.id);
    const attacker = new Client(t.app);
    expect((await attacker.login(user.login, user.password)).status).toBe(202);
    const wrong = codeAt(secret, 0) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 10; i++) expect((await attacker.post('/v1/session/segundo-fator', { codigo: wrong })).status).toBe(401);
    const lockedCode = await attacker.post('/v1/session/segundo-fator', { codigo: codeAt(secret, 1) });
    expect(lockedCode.status).toBe(429);
    expect((await new Client(t.app).login(user.login, user.password)).status).toBe(429);
    // The browser the person signed in from still reaches its second step.
    expect((await user.browser.login(user.login, user.password)).status).toBe(202);
  });

  it('exigir2fa: a user without 2FA enrolls at the next sign-in, and gets a session only with the code', async () => {
    const user = await staff();
    const saved = await admin.put('/v1/users/1', { integrations: { seguranca: { exigir2fa: true } } });
    expect(saved.status).toBe(200);
    expect(saved.body.integrations.seguranca).toEqual({ exigir2fa: true });
    try {
      const browser = new Client(t.app);
      const first = await browser.login(user.login, user.password);
      expect(first.status).toBe(202);
      expect(first.body).toMatchObject({ segundoFator: true, cadastrar: true, qr: expect.stringMatching(/^data:image\/png;base64,/) });
      expect(browser.cookie).toBe('');
      const wrong = await browser.post('/v1/session/segundo-fator', {
        codigo: codeAt(first.body.segredo, 0) === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(400);
      expect(browser.cookie).toBe('');
      const done = await browser.post('/v1/session/segundo-fator', { codigo: codeAt(first.body.segredo) });
      expect(done.status).toBe(200);
      expect(done.body.codigosRecuperacao).toHaveLength(10);
      expect(done.body.doisFatores).toBe(true);
      expect((await browser.get('/v1/session')).status).toBe(200);
      // From now on the sign-in asks for the code.
      expect((await new Client(t.app).login(user.login, user.password)).status).toBe(202);
      // The webhook (an integration) does not depend on staff 2FA.
      const token = (await admin.post('/v1/integrations/gateway/webhook-token', { confirmar: true })).body.webhookToken;
      const hook = await t.app.inject({
        method: 'POST',
        url: '/webhook/cobranca/1/asaas',
        headers: { 'asaas-access-token': token },
        payload: { id: 'evt_2fa', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_desconhecido', status: 'RECEIVED' } },
      });
      expect(hook.statusCode).toBe(200);
    } finally {
      expect((await admin.put('/v1/users/1', { integrations: { seguranca: { exigir2fa: false } } })).status).toBe(200);
    }
  });

  it("turns one's own 2FA off only with a code; an administrator's reset needs none and is audited", async () => {
    const user = await staff();
    const { secret } = await enroll(user.browser, user.id);
    const other = await staff();
    // A Usuario cannot reset another user's.
    expect((await other.browser.delete(`/v1/users/${user.id}/2fa`)).status).toBe(403);
    const noCode = await user.browser.request('DELETE', `/v1/users/${user.id}/2fa`, {});
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors.codigo).toBe('Informe o código.');
    const off = await user.browser.request('DELETE', `/v1/users/${user.id}/2fa`, { codigo: codeAt(secret, 1) });
    expect(off.status).toBe(200);
    expect((await new Client(t.app).login(user.login, user.password)).status).toBe(200);

    await enroll(user.browser, user.id);
    expect((await new Client(t.app).login(user.login, user.password)).status).toBe(202);
    const reset = await admin.delete(`/v1/users/${user.id}/2fa`);
    expect(reset.status).toBe(200);
    expect((await new Client(t.app).login(user.login, user.password)).status).toBe(200);
    const audited = await t.database.db.select().from(auditoria).where(eq(auditoria.acao, 'seguranca'));
    expect(audited.at(-1)).toMatchObject({ iduser: 1, descricao: expect.stringContaining(`#${user.id}`) });
    expect((await admin.delete(`/v1/users/${user.id}/2fa`)).status).toBe(409);
  });

  it('lists one’s sessions and ends one or all the others; a new password ends the others', async () => {
    const user = await staff();
    const phone = new Client(t.app);
    await phone.login(user.login, user.password);
    const laptop = new Client(t.app);
    await laptop.request(
      'POST',
      '/v1/session',
      { email: user.login, password: user.password },
      { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    );
    const listed = await laptop.get('/v1/session/lista');
    expect(listed.status).toBe(200);
    expect(listed.body.Items).toHaveLength(3);
    expect(listed.body.Items[0]).toMatchObject({ atual: true, navegador: 'Chrome 131 no Windows', endereco: '127.0.0.1' });
    expect(listed.body.Items.filter((s: { atual: boolean }) => s.atual)).toHaveLength(1);
    for (const item of listed.body.Items)
      expect(Object.keys(item).sort()).toEqual(['atual', 'criada', 'endereco', 'id', 'navegador', 'ultimoUso']);
    // Someone else's session cannot be ended (nor seen).
    const adminSessions = (await admin.get('/v1/session/lista')).body.Items;
    expect((await laptop.delete(`/v1/session/lista/${adminSessions[0].id}`)).status).toBe(404);
    expect((await admin.get('/v1/session')).status).toBe(200);

    const phoneId = (await phone.get('/v1/session/lista')).body.Items.find((s: { atual: boolean }) => s.atual).id;
    const sibling = backend === 'postgres' ? await createSiblingApp(t.url!) : undefined;
    try {
      const phoneViaB = new Client(sibling?.app ?? t.app);
      phoneViaB.cookie = phone.cookie;
      expect((await phoneViaB.get('/v1/session')).status).toBe(200);
      const ended = await laptop.delete(`/v1/session/lista/${phoneId}`);
      expect(ended.status).toBe(200);
      expect((await phone.get('/v1/session')).status).toBe(401);
      await expect.poll(async () => (await phoneViaB.get('/v1/session')).status, { timeout: NOTIFIED_MS, interval: 20 }).toBe(401);
    } finally {
      await sibling?.close();
    }
    expect((await laptop.get('/v1/session/lista')).body.Items).toHaveLength(2);
    expect((await laptop.delete('/v1/session/lista')).status).toBe(200);
    expect((await user.browser.get('/v1/session')).status).toBe(401);
    expect((await laptop.get('/v1/session/lista')).body.Items).toHaveLength(1);

    // A new password ends the other sessions, and keeps this one.
    const other = new Client(t.app);
    await other.login(user.login, user.password);
    const changed = await laptop.put(`/v1/users/${user.id}`, { password: 'outra-senha-1' });
    expect(changed.status).toBe(200);
    expect((await other.get('/v1/session')).status).toBe(401);
    expect((await laptop.get('/v1/session')).status).toBe(200);
  });
});
