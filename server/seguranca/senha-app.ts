/**
 * A client's tracking-app password (tab Acesso) is kept only until Traccar has it: the form's
 * password is sealed (AES-256-GCM with the server key's `aplicativo` sub-key, a random 96-bit
 * nonce) into `clientes.traccar_senha`, the Traccar job opens it to create the client's user or
 * change its password, then empties the column. `clientes.tem_senha` alone says the client has
 * one. Rows migrated from the clear column (0023) carry `v0:` and are sealed at start.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, like, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { clientes } from '../db/schema';
import type { ServerKeys } from './chave';

const LEGACY = 'v0:';

export function sealAppPassword(keys: ServerKeys, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.aplicativo, iv);
  const data = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return `v1:${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`;
}

/** The password a sealed value holds; '' for none, or one sealed by another key (unreadable: asked again). */
export function openAppPassword(keys: ServerKeys, sealed: string): string {
  if (!sealed) return '';
  if (sealed.startsWith(LEGACY)) return sealed.slice(LEGACY.length);
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || !data) return '';
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.aplicativo, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
}

/** Passwords the migration left in clear (`v0:`) sealed with this server's key; run at start. */
export async function sealLegacyAppPasswords(db: DbOrTx, keys: ServerKeys): Promise<number> {
  const rows = await db
    .select({ id: clientes.id, senha: clientes.traccarSenha })
    .from(clientes)
    .where(like(clientes.traccarSenha, `${LEGACY}%`));
  for (const row of rows) {
    await db
      .update(clientes)
      .set({ traccarSenha: sealAppPassword(keys, row.senha.slice(LEGACY.length)) })
      .where(and(eq(clientes.id, row.id), eq(clientes.traccarSenha, row.senha)));
  }
  return rows.length;
}
