/**
 * TOTP (RFC 6238: 30 s, 6 digits, SHA-1, the authenticator apps' default) by otpauth; the secret
 * encrypted with AES-256-GCM under the server key (seguranca/chave.ts); the QR by qrcode as a data
 * URL; recovery codes hashed with HMAC-SHA-256 under the same key (a stolen database alone gives
 * neither the secrets nor the codes). A code is accepted within ±1 step, and a step once used is
 * never accepted again for that user (users.totpUltimoPasso, advanced by a conditional UPDATE, so
 * two requests racing with one code cannot both pass).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import type { ServerKeys } from './chave';

export const TOTP_PERIOD = 30;
const ISSUER = 'Rastreio';
const RECOVERY_CODES = 10;
/** Recovery codes: 10 characters of an alphabet without look-alikes, shown as xxxxx-xxxxx (50 bits). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function encryptSecret(keys: ServerKeys, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.totp, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1:${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`;
}

export function decryptSecret(keys: ServerKeys, stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('segredo TOTP em formato desconhecido');
  const decipher = createDecipheriv('aes-256-gcm', keys.totp, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

const totpOf = (secret: string, label: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });

/** A new secret (160 bits, base32) and what the authenticator app needs to add it. */
export async function newEnrollment(label: string) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, label).toString();
  const qr = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { secret, otpauthUrl, qr };
}

/** The step a code belongs to, within ±1 step of now; null when it matches none. */
export function matchStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret, 'x').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

/** The user's row as the statement that accepted a code left it (the sign-in replies with it, no second read). */
type User = typeof users.$inferSelect;

/**
 * Accepts a TOTP for the user once: the step must be later than the last one accepted, and is
 * recorded in the same statement (the WHERE refuses a replay even when two requests race).
 */
export async function acceptTotp(db: DbOrTx, userId: number, secret: string, code: string): Promise<User | null> {
  const step = matchStep(secret, code);
  if (step === null) return null;
  const [updated] = await db
    .update(users)
    .set({ totpUltimoPasso: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpUltimoPasso), lt(users.totpUltimoPasso, step))))
    .returning();
  return updated ?? null;
}

export const hashRecoveryCode = (keys: ServerKeys, code: string) =>
  createHmac('sha256', keys.assinatura).update(code.replace(/-/g, '').toLowerCase()).digest('base64url');

/** Ten new recovery codes: the plain ones to show once, and their hashes to store. */
export function newRecoveryCodes(keys: ServerKeys) {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => hashRecoveryCode(keys, code)) };
}

/** Uses one recovery code: removed from the user's list in the same statement that finds it (works once). */
export async function consumeRecoveryCode(db: DbOrTx, keys: ServerKeys, userId: number, code: string): Promise<User | null> {
  const hash = hashRecoveryCode(keys, code);
  const [updated] = await db
    .update(users)
    .set({ codigosRecuperacao: sql`${users.codigosRecuperacao} - ${hash}::text` })
    .where(and(eq(users.id, userId), sql`${users.codigosRecuperacao} @> jsonb_build_array(${hash}::text)`))
    .returning();
  return updated ?? null;
}

/** Constant-time comparison of two strings (signatures). */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
