/**
 * The stock filters of the trackers' and chips' lists (DESIGN 10): `situacao` (one of the five)
 * and `idtecnico` (the units in that técnico's hands).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { SITUACOES } from '../../domain/estoque';
import { MSG } from '../../domain/messages';
import { id } from '../../domain/schemas/common';
import type { chips, trackres } from '../db/schema';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
export const estoqueFilters = {
  situacao: z.preprocess(blank, z.enum(SITUACOES, { error: MSG.situacao }).optional()),
  idtecnico: z.preprocess(blank, id(MSG.tecnicoNotFound).optional()),
};

/** The conditions of the stock filters (the resumo's are `resumoSql`'s, estoque/estoque.ts). */
export const estoqueWhere = (table: typeof trackres | typeof chips, q: Record<string, unknown>) => [
  q.situacao !== undefined ? eq(table.situacao, q.situacao as string) : undefined,
  q.idtecnico !== undefined ? eq(table.idtecnico, q.idtecnico as number) : undefined,
];
