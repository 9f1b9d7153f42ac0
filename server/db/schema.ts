/**
 * Every table of the product (SPEC section 3), one file per feature under tabelas/, all exported
 * here: drizzle-kit generates the migrations from this file (drizzle.config.ts), and the code
 * imports the tables from it. Property names are the API's (camelCase); columns are snake_case
 * through drizzle's `casing` option. `busca` columns hold the normalized search text of each
 * record (domain/text.ts) under a trigram index: pesquisa is accent- and case-insensitive on both
 * PGlite and PostgreSQL without `unaccent`.
 */
export * from './tabelas/usuarios';
export * from './tabelas/cadastro';
export * from './tabelas/financeiro';
export * from './tabelas/ordensservicos';
export * from './tabelas/registros';
export * from './tabelas/frota';
export * from './tabelas/estoque';
export * from './tabelas/importacao';
export * from './tabelas/atendimento';
export * from './tabelas/reajustes';
