/**
 * Who writes (DESIGN 11): by the chat's phone, else by the CPF/CNPJ confirmed by one of the client's
 * plates or the CEP. A phone matches the client's mobilePhone, phone or a contact's, with or without
 * 55 and with or without the ninth digit; only one client may match (two share a phone: nobody).
 */
import { sql } from 'drizzle-orm';
import { onlyDigits } from '../../domain/text';
import type { DbOrTx } from '../db/client';

/** The chat's phone (digits with 55), from `remoteJid` or, for a `@lid` chat, `remoteJidAlt`. */
export function telefoneDoChat(remoteJid: string, remoteJidAlt?: string | null): string {
  const phoneJid = remoteJid.endsWith('@s.whatsapp.net') ? remoteJid : remoteJidAlt?.endsWith('@s.whatsapp.net') ? remoteJidAlt : '';
  return phoneJid ? onlyDigits(phoneJid.split('@')[0]) : '';
}

/** The national spellings of a phone (DDD + number) that may be on file: with and without the ninth digit. */
export function variantesDoTelefone(telefone: string): string[] {
  const digits = onlyDigits(telefone);
  const nacional = digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
  if (nacional.length < 10) return [];
  const variants = new Set([nacional]);
  const com9 = /^(\d{2})9(\d{8})$/.exec(nacional);
  if (com9) variants.add(`${com9[1]}${com9[2]}`);
  const sem9 = /^(\d{2})(\d{8})$/.exec(nacional);
  if (sem9) variants.add(`${sem9[1]}9${sem9[2]}`);
  return [...variants];
}

const rows = async <T>(tx: DbOrTx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** A stored phone, digits only and without a leading 55, in SQL. */
const nacionalSql = (column: ReturnType<typeof sql>) =>
  sql`regexp_replace(regexp_replace(coalesce(${column}, ''), '\\D', '', 'g'), '^55(\\d{10,11})$', '\\1')`;

/** The one client whose phones include this one, or null (none, or more than one). */
export async function clientePorTelefone(tx: DbOrTx, telefone: string): Promise<number | null> {
  const variants = variantesDoTelefone(telefone);
  if (!variants.length) return null;
  const list = sql.join(
    variants.map((v) => sql`${v}`),
    sql`, `,
  );
  const found = await rows<{ id: number }>(
    tx,
    sql`SELECT c.id FROM clientes c
        WHERE ${nacionalSql(sql`c.mobile_phone`)} IN (${list}) OR ${nacionalSql(sql`c.phone`)} IN (${list})
           OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.contatos) = 'array' THEN c.contatos ELSE '[]'::jsonb END) AS k(contato)
                      WHERE ${nacionalSql(sql`k.contato->>'mobilePhone'`)} IN (${list}) OR ${nacionalSql(sql`k.contato->>'phone'`)} IN (${list}))
        LIMIT 2`,
  );
  return found.length === 1 ? Number(found[0].id) : null;
}

/** The client of a CPF (11 digits) or CNPJ (14), punctuation ignored; null otherwise. */
export async function clientePorDocumento(tx: DbOrTx, texto: string): Promise<number | null> {
  const digits = onlyDigits(texto);
  if (digits.length !== 11 && digits.length !== 14) return null;
  const column = digits.length === 11 ? sql`cpf` : sql`cnpj`;
  const found = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM clientes WHERE regexp_replace(${column}, '\\D', '', 'g') = ${digits} LIMIT 2`,
  );
  return found.length === 1 ? Number(found[0].id) : null;
}

/** Whether the text is one of the client's plates (ABC-1234, abc1d23…) or the client's CEP. */
export async function confirmaCliente(tx: DbOrTx, idcliente: number, texto: string): Promise<boolean> {
  const placa = texto.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const cep = onlyDigits(texto);
  if (!placa) return false;
  const found = await rows<{ ok: number }>(
    tx,
    sql`SELECT 1 AS ok FROM veiculos WHERE idcliente = ${idcliente} AND upper(regexp_replace(placa, '[^A-Za-z0-9]', '', 'g')) = ${placa}
        UNION ALL
        SELECT 1 FROM clientes WHERE id = ${idcliente} AND ${cep.length === 8} AND regexp_replace(postal_code, '\\D', '', 'g') = ${cep}
        LIMIT 1`,
  );
  return found.length > 0;
}
