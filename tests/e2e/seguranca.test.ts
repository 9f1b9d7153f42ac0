/**
 * Trust in Chromium, through `npm start` with BACKUP_DIR (DESIGN 10): Perfil → Segurança enrolls
 * two-factor sign-in with a code computed from the shown secret and shows the recovery codes; sign
 * out; sign in with a code; another browser signs in with a recovery code; the first ends the
 * other's session (its next call is a 401); Configurações → Backups takes a backup and downloads it,
 * and Baixar backup agora downloads one made on the spot; without BACKUP_DIR the screen says what
 * that gives, and it is its main action.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { decryptFile } from '../../server/backup/cifra';
import { installAdmin, launchBrowser, shot, signIn, startApp, watchErrors, type RunningApp } from './support';

const ADMIN = { name: 'Ana Segura', email: 'ana@seguranca.test', password: 'senha-forte-1' };
/** The names inside a backup file (a tar). */
async function tarEntries(file: string): Promise<string[]> {
  const entries: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => entries.push(entry.path) });
  return entries;
}
const codeAt = (secret: string, steps = 0) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** A backup is the whole database packed on the spot: on a loaded 2-core machine it takes longer than a click's 30 s. */
const BACKUP_WAIT = { timeout: 180_000 };

describe('two-factor sign-in, sessions and backups in Chromium', () => {
  let app: RunningApp;
  let backupDir: string;
  let browser: Browser;
  let first: BrowserContext;
  let other: BrowserContext;
  let page: Page;
  let secret = '';
  let recovery: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    backupDir = mkdtempSync(path.join(tmpdir(), 'rastreio-e2e-backups-'));
    app = await startApp({ BACKUP_DIR: backupDir });
    await installAdmin(app, ADMIN);
    browser = await launchBrowser();
    first = await browser.newContext({ baseURL: app.url, locale: 'pt-BR', acceptDownloads: true });
    other = await browser.newContext({ baseURL: app.url, locale: 'pt-BR' });
    page = await first.newPage();
    watchErrors(page, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(backupDir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });

  /** The password, then the second step's code. */
  async function signInWithCode(target: Page, codigo: string) {
    await target.goto('/login');
    await target.getByLabel('Login ou e-mail').fill(ADMIN.email);
    await target.getByLabel('Senha').fill(ADMIN.password);
    await target.getByRole('button', { name: 'Entrar' }).click();
    await target.getByRole('form', { name: 'Verificação em duas etapas' }).waitFor();
    await target.getByLabel('Código', { exact: true }).fill(codigo);
    await target.getByRole('button', { name: 'Verificar' }).click();
    await target.waitForURL('**/dashboard');
  }

  it('enrolls from Perfil → Segurança with a code computed from the shown secret, and shows the recovery codes once', async () => {
    await signIn(page, ADMIN);
    await page.goto('/settings/perfil/');
    const seguranca = page.getByRole('region', { name: 'Segurança' });
    await seguranca.getByText('Desativada').waitFor();
    await seguranca.getByRole('button', { name: 'Ativar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
    secret = (await dialog.getByTestId('segredo-2fa').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'seguranca-ativar-qr');
    await dialog.getByLabel('Código do aplicativo').fill(codeAt(secret));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    const codes = dialog.getByTestId('codigos-recuperacao');
    await codes.waitFor();
    recovery = (await codes.locator('span').allTextContents()).map((code) => code.trim());
    expect(recovery).toHaveLength(10);
    await shot(page, 'seguranca-codigos-recuperacao');
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await seguranca.getByText('Ativa', { exact: true }).waitFor();
  });

  it('signs out, and signs in again with the password and a 6-digit code', async () => {
    // The top bar hides while the page is scrolled down (react-admin's AppBar): back to the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Login ou e-mail').fill(ADMIN.email);
    await page.getByLabel('Senha').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('form', { name: 'Verificação em duas etapas' }).waitFor();
    // A wrong code: the red snackbar and the message under the field, still on the second step.
    await page.getByLabel('Código', { exact: true }).fill(codeAt(secret) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.locator('.MuiSnackbar-root').getByText('Código inválido ou expirado.').waitFor();
    await page.locator('#login-codigo-helper-text').getByText('Código inválido ou expirado.').waitFor();
    await shot(page, 'seguranca-login-segunda-etapa');
    // The next step's code: the enrollment used this one.
    await page.getByLabel('Código', { exact: true }).fill(codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('another browser signs in with a recovery code; the first ends that session, which gets a 401 at once', async () => {
    const otherPage = await other.newPage();
    await signInWithCode(otherPage, recovery[0]);
    expect((await otherPage.request.get('/v1/session')).status()).toBe(200);

    await page.goto('/settings/perfil/');
    const sessoes = page.getByRole('table', { name: 'Sessões abertas' });
    await expect.poll(() => sessoes.getByRole('row').count()).toBe(3); // header + 2 sessions
    await sessoes.getByRole('row').filter({ hasText: 'Esta sessão' }).waitFor();
    await shot(page, 'seguranca-sessoes');
    await sessoes.getByRole('button', { name: 'Encerrar' }).click();
    await page.locator('.MuiSnackbar-root').getByText('Sessão encerrada.').waitFor();
    await expect.poll(() => sessoes.getByRole('row').count()).toBe(2);
    expect((await otherPage.request.get('/v1/session')).status()).toBe(401);
  });

  it('Configurações → Segurança requires 2FA of all staff; Usuários shows who has it', async () => {
    await page.goto('/seguranca');
    await page.getByRole('heading', { name: 'Segurança', level: 1 }).waitFor();
    const exigir = page.getByLabel('Exigir verificação em duas etapas de todos os usuários');
    await exigir.check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page
      .locator('.MuiSnackbar-root')
      .getByText(/sucesso/)
      .waitFor();
    await shot(page, 'seguranca-configuracoes');
    const me = await (await page.request.get('/v1/users/1')).json();
    expect(me.integrations.seguranca).toEqual({ exigir2fa: true });
    await page.goto('/usuarios');
    await page.getByRole('row').filter({ hasText: ADMIN.email }).getByText('Ativa', { exact: true }).waitFor();
  });

  it('Configurações → Backups: Fazer backup agora, then Baixar', async () => {
    await page.goto('/backups');
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Backups' });
    const listed = async () => (await table.getByRole('row').allTextContents()).join('\n');
    const before = await listed();
    await page.getByRole('button', { name: 'Fazer backup agora' }).click(BACKUP_WAIT);
    await page
      .locator('.MuiSnackbar-root')
      .getByText(/Backup concluído/)
      .waitFor({ timeout: 60_000 });
    // The new file heads the list once the list is read again (a loaded machine reads it later).
    const row = table.getByRole('row').nth(1);
    const firstName = async () => ((await row.getByRole('cell').first().textContent()) ?? '').trim();
    await expect.poll(async () => (await firstName()) !== '' && !before.includes(await firstName())).toBe(true);
    const name = await firstName();
    expect(name).toMatch(/^rastreio-.*\.backup$/);
    await shot(page, 'seguranca-backups');
    const [download] = await Promise.all([page.waitForEvent('download', BACKUP_WAIT), row.getByRole('button', { name: 'Baixar' }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = path.join(backupDir, `baixado-${name}`);
    await download.saveAs(saved);
    expect(statSync(saved).size).toBe(statSync(path.join(backupDir, name)).size);

    // Baixar backup agora: one made on the spot, straight to this computer, not added to the folder's list.
    const [now] = await Promise.all([
      page.waitForEvent('download', BACKUP_WAIT),
      page.getByRole('button', { name: 'Baixar backup agora' }).click(),
    ]);
    expect(now.suggestedFilename()).toMatch(/^rastreio-.*\.backup$/);
    const savedNow = path.join(backupDir, 'agora.tar');
    await now.saveAs(savedNow);
    expect(await tarEntries(savedNow)).toEqual(['manifesto.json', 'banco.tar.gz', 'chave-2fa.key']);
    await page
      .locator('.MuiSnackbar-root')
      .getByText(/Backup baixado/)
      .waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Backups' }).getByText(now.suggestedFilename()).count()).toBe(0);
  });

  it('Backups says what a file holds, and with a passphrase both downloads come encrypted (and decrypt with it)', async () => {
    await page.goto('/backups');
    await page.getByText(/os tokens das integrações/).waitFor();
    await page.getByText(/os hashes das senhas dos usuários/).waitFor();
    await page.getByText(/junto com a chave que os decifra/).waitFor();
    const senha = 'frase do cofre da empresa';
    const field = page.getByLabel('Senha do arquivo (opcional)');
    await field.fill('curta');
    await page.getByText('Ao menos 8 caracteres.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Baixar backup agora' }).isDisabled()).toBe(true);
    await field.fill(senha);
    await shot(page, 'seguranca-backups-senha');
    const row = page.getByRole('table', { name: 'Backups' }).getByRole('row').nth(1);
    const name = (await row.getByRole('cell').first().textContent())!.trim();
    const [cifrado] = await Promise.all([
      page.waitForEvent('download', BACKUP_WAIT),
      row.getByRole('button', { name: 'Baixar cifrado' }).click(),
    ]);
    expect(cifrado.suggestedFilename()).toBe(`${name}.cifrado`);
    const [agora] = await Promise.all([
      page.waitForEvent('download', BACKUP_WAIT),
      page.getByRole('button', { name: 'Baixar backup agora' }).click(),
    ]);
    expect(agora.suggestedFilename()).toMatch(/^rastreio-.*\.backup\.cifrado$/);
    for (const download of [cifrado, agora]) {
      const saved = path.join(backupDir, `e2e-${download.suggestedFilename()}`);
      await download.saveAs(saved);
      expect(readFileSync(saved).subarray(0, 8).toString('ascii')).toBe('RSTRCIF1');
      const plain = `${saved}.tar`;
      await decryptFile(saved, plain, senha);
      expect(await tarEntries(plain)).toEqual(['manifesto.json', 'banco.tar.gz', 'chave-2fa.key']);
      await expect(decryptFile(saved, `${saved}.errado`, 'outra senha')).rejects.toThrow(/Senha do backup incorreta/);
    }
  });
});

describe('Configurações → Backups without BACKUP_DIR, in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let work: string;
  const errors: string[] = [];

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'rastreio-e2e-sem-backup-dir-'));
    app = await startApp();
    await installAdmin(app, ADMIN);
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: app.url, locale: 'pt-BR', acceptDownloads: true });
    page = await context.newPage();
    watchErrors(page, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(work, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });

  it('explains what Baixar backup agora gives, and downloads a whole backup (recorded in the audit log)', async () => {
    await signIn(page, ADMIN);
    await page.goto('/backups');
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    await page.getByText(/nada fica guardado no servidor/).waitFor();
    await page.getByText(/Para backups diários automáticos guardados no servidor, defina BACKUP_DIR/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Fazer backup agora' }).count()).toBe(0);
    await shot(page, 'seguranca-backups-sem-diretorio');
    const [download] = await Promise.all([
      page.waitForEvent('download', BACKUP_WAIT),
      page.getByRole('button', { name: 'Baixar backup agora' }).click(),
    ]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/^rastreio-\d{4}-\d{2}-\d{2}-\d{6}\.backup$/);
    const saved = path.join(work, name);
    await download.saveAs(saved);
    expect(await tarEntries(saved)).toEqual(['manifesto.json', 'banco.tar.gz', 'chave-2fa.key']);
    await page.locator('.MuiSnackbar-root').getByText(`Backup baixado: ${name}. Guarde-o fora do servidor.`).waitFor();
    const audit = await (await page.request.get('/v1/auditoria?acao=backup')).json();
    expect(audit.Items[0].descricao).toBe(`Backup ${name} feito e baixado na hora (${statSync(saved).size} bytes)`);
  });
});
