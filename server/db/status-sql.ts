/**
 * The domain's status codes as SQL literals (`${COBRANCA.VENCIDA}` writes `2`), so statements name
 * what they mean and stay one text per shape (a literal, not a parameter: plans and named
 * statements are as before).
 */
import { sql, type SQL } from 'drizzle-orm';
import { ASSINATURA_STATUS, CLIENTE_STATUS, COBRANCA_STATUS } from '../../domain/constants';

const literals = <K extends string>(codes: Record<K, number>) =>
  Object.fromEntries(Object.entries(codes).map(([name, code]) => [name, sql.raw(String(code))])) as Record<K, SQL>;

export const COBRANCA = literals(COBRANCA_STATUS);
export const CLIENTE = literals(CLIENTE_STATUS);
export const ASSINATURA = literals(ASSINATURA_STATUS);
