/**
 * A backup encrypted with a passphrase (Configurações → Backups, "Senha do arquivo"; `npm run
 * restore` asks for it). Node's crypto only: the key is scrypt(passphrase, salt), the cipher
 * AES-256-GCM, streamed, and authenticated (the header too, as additional data). The file:
 *
 *   offset  size  field
 *   0       8     magic "RSTRCIF1" (ASCII)
 *   8       1     log2 of scrypt's N (15: N = 32768)
 *   9       1     scrypt's r (8)
 *   10      1     scrypt's p (1)
 *   11      16    salt (random)
 *   27      12    nonce (random)
 *   39      …     the backup file (the tar of backup.ts), encrypted
 *   end-16  16    GCM authentication tag
 *
 * A wrong passphrase, or any changed byte, fails the tag: nothing decrypted is used before it is
 * checked (restore decrypts into a temporary file, kept only when the tag holds).
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A refusal with a pt-BR message (restoreBackup passes it on as a BackupError). */
export class CifraError extends Error {}

export const MAGIC = Buffer.from('RSTRCIF1', 'ascii');
const HEADER = MAGIC.length + 3 + 16 + 12;
const TAG = 16;
const PARAMS = { logN: 15, r: 8, p: 1 };
/** The passphrase's bounds (the screen's field and the API's body). */
export const SENHA_MIN = 8;
export const SENHA_MAX = 200;

export const MSG_CIFRA = {
  senhaErrada: 'Senha do backup incorreta (ou o arquivo foi alterado): nada foi restaurado.',
  precisaSenha:
    'Este backup está cifrado com senha: informe-a com --senha SENHA ou na variável BACKUP_SENHA (ou rode o comando num terminal, que a pergunta).',
  curto: 'O arquivo cifrado está incompleto ou danificado.',
} as const;

function deriveKey(senha: string, salt: Buffer, params = PARAMS): Promise<Buffer> {
  const N = 2 ** params.logN;
  return new Promise((resolve, reject) =>
    scryptCb(senha.normalize('NFC'), salt, 32, { N, r: params.r, p: params.p, maxmem: 256 * N * params.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The encrypted file's size for a backup of `bytes` (the download's Content-Length). */
export const encryptedSize = (bytes: number) => HEADER + bytes + TAG;

/** `file` encrypted with `senha`, as a stream: header, ciphertext, tag. */
export async function encryptedStream(file: string, senha: string): Promise<Readable> {
  const salt = randomBytes(16);
  const nonce = randomBytes(12);
  const header = Buffer.concat([MAGIC, Buffer.from([PARAMS.logN, PARAMS.r, PARAMS.p]), salt, nonce]);
  const key = await deriveKey(senha, salt);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(header);
  async function* chunks() {
    yield header;
    for await (const chunk of createReadStream(file)) yield cipher.update(chunk as Buffer);
    yield cipher.final();
    yield cipher.getAuthTag();
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Whether `file` starts with the encrypted backup's magic. */
export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Decrypts `file` into `out` with `senha`; refuses (CifraError, pt-BR) a wrong passphrase or a
 * changed file, and then removes what it wrote.
 */
export async function decryptFile(file: string, out: string, senha: string): Promise<void> {
  const { size } = await stat(file);
  if (size < HEADER + TAG) throw new CifraError(MSG_CIFRA.curto);
  const handle = await open(file, 'r');
  const header = Buffer.alloc(HEADER);
  const tag = Buffer.alloc(TAG);
  try {
    await handle.read(header, 0, HEADER, 0);
    await handle.read(tag, 0, TAG, size - TAG);
  } finally {
    await handle.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new CifraError(MSG_CIFRA.curto);
  const [logN, r, p] = header.subarray(MAGIC.length, MAGIC.length + 3);
  // Bounds on what the header may ask of scrypt (a crafted file must not exhaust the memory).
  if (logN < 10 || logN > 20 || r < 1 || r > 16 || p < 1 || p > 4) throw new CifraError(MSG_CIFRA.curto);
  const salt = header.subarray(MAGIC.length + 3, MAGIC.length + 3 + 16);
  const nonce = header.subarray(MAGIC.length + 3 + 16);
  const key = await deriveKey(senha, salt, { logN, r, p });
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    await pipeline(createReadStream(file, { start: HEADER, end: size - TAG - 1 }), decipher, createWriteStream(out, { mode: 0o600 }));
  } catch (error) {
    await rm(out, { force: true });
    if (error instanceof Error && /unable to authenticate|auth/i.test(error.message)) throw new CifraError(MSG_CIFRA.senhaErrada);
    throw error;
  }
}
