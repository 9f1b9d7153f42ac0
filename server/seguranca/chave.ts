/**
 * The server's secret key (DESIGN 10, "Trust"): it encrypts the TOTP secrets at rest (and a client's
 * app password until Traccar has it) and signs the
 * device and pre-session cookies, so it lives outside the database. From `TOTP_KEY` (any string of
 * at least 32 characters) when set, else from the file `chave-2fa.key` in DATA_DIR, created on first
 * use (mode 0600). The file travels in the backups; a key from the environment does not, and must be
 * kept beside them (README, "Backup e restauração").
 */
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const KEY_FILE = 'chave-2fa.key';

/** Sub-keys for each use, derived from the one secret. */
export interface ServerKeys {
  /** AES-256-GCM key of the TOTP secrets. */
  totp: Buffer;
  /** HMAC key of the signed cookies (device, pre-session) and the recovery codes' hashes. */
  assinatura: Buffer;
  /** AES-256-GCM key of a client's app password while it waits to be sent to Traccar (seguranca/senha-app.ts). */
  aplicativo: Buffer;
}

export function deriveKeys(material: Buffer | string): ServerKeys {
  const ikm = typeof material === 'string' ? Buffer.from(material, 'utf8') : material;
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', ikm, 'rastreio', info, 32));
  return { totp: derive('totp-aes-256-gcm'), assinatura: derive('assinatura-hmac'), aplicativo: derive('senha-app-aes-256-gcm') };
}

/** The key material: TOTP_KEY, or DATA_DIR/chave-2fa.key (created when missing). */
export function loadKeyMaterial(env: { TOTP_KEY?: string; DATA_DIR: string }): Buffer {
  if (env.TOTP_KEY) {
    if (env.TOTP_KEY.length < 32) throw new Error('TOTP_KEY deve ter ao menos 32 caracteres.');
    return Buffer.from(env.TOTP_KEY, 'utf8');
  }
  const file = path.join(env.DATA_DIR, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/**
 * Tests and tools that give no key: one random key for this process, so apps built in the same
 * process (siblings on one PostgreSQL database) agree.
 */
let processKeys: ServerKeys | undefined;
export function processLocalKeys(): ServerKeys {
  processKeys ??= deriveKeys(randomBytes(32));
  return processKeys;
}

/** A short fingerprint of the key (never the key): the backup records it to tell a wrong key apart. */
export const keyFingerprint = (keys: ServerKeys) => createHash('sha256').update(keys.totp).digest('hex').slice(0, 16);
