/**
 * Spreadsheet and Traccar imports (DESIGN 10, "Stock and imports"): each import, its skipped and
 * refused rows.
 */
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bytea, linkTo, timestamps } from './comum';
import { users } from './usuarios';

/**
 * A spreadsheet or Traccar import (DESIGN 10): the file is kept until it is done, so the pg-boss
 * job resumes after a restart from `processadas`.
 */
export const importacoes = pgTable(
  'importacoes',
  {
    id: serial().primaryKey(),
    /** clientes, veiculos, trackres, chips; origem says whether from a file or Traccar. */
    recurso: text().notNull(),
    origem: text().notNull().default('arquivo'),
    modo: text().notNull(),
    duplicados: text().notNull().default('ignorar'),
    colunas: jsonb().$type<Record<string, string>>().notNull().default({}),
    nomeArquivo: text().notNull().default(''),
    arquivo: bytea(),
    /** processando, concluida, falhou. */
    status: text().notNull().default('processando'),
    motivo: text().notNull().default(''),
    total: integer().notNull().default(0),
    processadas: integer().notNull().default(0),
    criadas: integer().notNull().default(0),
    atualizadas: integer().notNull().default(0),
    ignoradas: integer().notNull().default(0),
    nErros: integer().notNull().default(0),
    /** Notes on rows written all the same (a Traccar device created without its vehicle or chip). */
    nAvisos: integer().notNull().default(0),
    iduser: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('importacoes_created_at_idx').on(t.createdAt, t.id)],
);

/** The rows an import skipped (issue 30): the line, why, and the existing record the row matched (its id and key). */
export const importacaoIgnoradas = pgTable(
  'importacao_ignoradas',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    idimportacao: linkTo(() => importacoes.id, 'cascade'),
    linha: integer().notNull(),
    motivo: text().notNull(),
    registro: jsonb().$type<{ id: number | null; chave: string }>(),
  },
  (t) => [index('importacao_ignoradas_idimportacao_idx').on(t.idimportacao, t.linha)],
);

/** The refused rows of an import: line as a spreadsheet shows it, the column and the reason, with the row for erros.csv. */
export const importacaoErros = pgTable(
  'importacao_erros',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    idimportacao: linkTo(() => importacoes.id, 'cascade'),
    linha: integer().notNull(),
    campo: text().notNull().default(''),
    mensagem: text().notNull(),
    dados: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** A note on a row written all the same (counted in nAvisos), not a refusal. */
    aviso: boolean().notNull().default(false),
  },
  (t) => [index('importacao_erros_idimportacao_idx').on(t.idimportacao, t.linha)],
);
