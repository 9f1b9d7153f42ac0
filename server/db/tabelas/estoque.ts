/**
 * Stock (DESIGN 10, "Stock and imports"): the units' moves and the counts per situation and
 * técnico.
 */
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './usuarios';

/** Where a tracker or a SIM card went, who moved it and for which service order (DESIGN 10). */
export const estoqueMovimentos = pgTable(
  'estoque_movimentos',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** trackres or chips. */
    recurso: text().notNull(),
    unidade: integer().notNull(),
    em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    iduser: integer().references(() => users.id, { onDelete: 'set null' }),
    usuario: text().notNull().default(''),
    de: text().notNull(),
    para: text().notNull(),
    idtecnico: integer(),
    motivo: text().notNull().default(''),
    idordemservico: integer(),
  },
  (t) => [index('estoque_movimentos_unidade_idx').on(t.recurso, t.unidade, t.id)],
);

/**
 * How many trackers and chips are in each situation and técnico's hands (migration 0019): a
 * statement trigger on each table adds its statement's new rows and takes away its old ones, in
 * the writer's transaction, so a list filtered by situacao and idtecnico only reads its total and
 * `resumo` here (server/estoque/estoque.ts). A figure is the sum of its rows, one per database
 * session that wrote it (`sessao`, the backend's pid; 0 once folded by the billing run), so that
 * writers in different sessions never wait on one row (as versoes, migration 0010). `idtecnico` is
 * 0 for none.
 */
export const estoqueContagens = pgTable(
  'estoque_contagens',
  {
    /** trackres or chips. */
    recurso: text().notNull(),
    situacao: text().notNull(),
    idtecnico: integer().notNull().default(0),
    sessao: integer().notNull().default(0),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.recurso, t.situacao, t.idtecnico, t.sessao] })],
);
