/**
 * Signed cookies of the sign-in (DESIGN 10, "Trust"), HMAC-SHA-256 under the server key:
 *
 * - Device cookies, as OWASP's "Slow Down Online Guessing Attacks with Device Cookies" describes: a
 *   browser that signed in to an account keeps `Dispositivo`, holding (account, nonce, signature)
 *   for up to 5 accounts. A sign-in from a browser with a valid one for that account counts its
 *   failures, and is locked, on that device alone; every other browser shares the account's count
 *   of section 9. So strangers guessing passwords lock only themselves out.
 * - The pre-session cookie `PreSessao` of a sign-in waiting for its second factor: the account, an
 *   expiry of 5 minutes and a fingerprint of the password hash (a password changed meanwhile voids it).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerKeys } from './chave';
import { sameText } from './totp';

export const DEVICE_COOKIE = 'Dispositivo';
export const PRE_SESSION_COOKIE = 'PreSessao';
const DEVICE_DAYS = 365;
const MAX_DEVICE_ENTRIES = 5;
export const PRE_SESSION_MS = 5 * 60_000;

const sign = (keys: ServerKeys, purpose: string, payload: string) =>
  createHmac('sha256', keys.assinatura).update(`${purpose}:${payload}`).digest('base64url').slice(0, 32);

interface DeviceEntry {
  userId: number;
  nonce: string;
}

function readDeviceEntries(keys: ServerKeys, value: string | undefined): DeviceEntry[] {
  if (!value || value.length > 1000) return [];
  const entries: DeviceEntry[] = [];
  for (const part of value.split('~').slice(0, MAX_DEVICE_ENTRIES)) {
    const [id, nonce, signature] = part.split('.');
    if (!/^[1-9]\d{0,9}$/.test(id ?? '') || !nonce || !signature) continue;
    if (sameText(signature, sign(keys, 'dispositivo', `${id}.${nonce}`))) entries.push({ userId: Number(id), nonce });
  }
  return entries;
}

/** The nonce of this browser's valid device cookie for the account, if it has one. */
export function knownDevice(keys: ServerKeys, request: FastifyRequest, userId: number | undefined): string | undefined {
  if (userId === undefined) return undefined;
  return readDeviceEntries(keys, request.cookies[DEVICE_COOKIE]).find((entry) => entry.userId === userId)?.nonce;
}

/** After a successful sign-in: this browser is known to the account from now on (its entry first, a fresh nonce). */
export function issueDeviceCookie(keys: ServerKeys, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const others = readDeviceEntries(keys, request.cookies[DEVICE_COOKIE]).filter((entry) => entry.userId !== userId);
  const nonce = randomBytes(12).toString('base64url');
  const entries = [{ userId, nonce }, ...others].slice(0, MAX_DEVICE_ENTRIES);
  const value = entries.map((e) => `${e.userId}.${e.nonce}.${sign(keys, 'dispositivo', `${e.userId}.${e.nonce}`)}`).join('~');
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/v1/session',
    maxAge: DEVICE_DAYS * 86400,
  });
}

/** The counter of failed sign-ins that applies: this known device's own, or the account's (unknown browsers). */
export function lockKey(accountKey: string, userId: number | undefined, device: string | undefined) {
  return device && userId !== undefined ? `login-device:${userId}:${device}` : accountKey;
}

const passwordFingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

export function issuePreSession(
  keys: ServerKeys,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; passwordHash: string },
) {
  const payload = `${user.id}.${Date.now() + PRE_SESSION_MS}.${passwordFingerprint(user.passwordHash)}`;
  reply.setCookie(PRE_SESSION_COOKIE, `${payload}.${sign(keys, 'pre-sessao', payload)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/v1/session',
    maxAge: PRE_SESSION_MS / 1000,
  });
}

/** The account a valid, unexpired pre-session cookie names (its password unchanged since), else null. */
export function readPreSession(keys: ServerKeys, request: FastifyRequest): { userId: number; fingerprint: string } | null {
  const value = request.cookies[PRE_SESSION_COOKIE];
  if (!value || value.length > 200) return null;
  const [id, expires, fingerprint, signature] = value.split('.');
  if (!id || !expires || !fingerprint || !signature) return null;
  if (!sameText(signature, sign(keys, 'pre-sessao', `${id}.${expires}.${fingerprint}`))) return null;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(expires) < Date.now()) return null;
  return { userId: Number(id), fingerprint };
}

export const preSessionMatches = (fingerprint: string, passwordHash: string) => sameText(fingerprint, passwordFingerprint(passwordHash));

export function clearPreSession(reply: FastifyReply) {
  reply.clearCookie(PRE_SESSION_COOKIE, { path: '/v1/session' });
}
