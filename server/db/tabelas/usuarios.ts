/** The staff and the company: users, sessions, the login limits, and the company's settings. */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, busca, trgm, addressColumns, linkTo, timestamps } from './comum';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    name: text().notNull().default(''),
    cpf: text().notNull().default(''),
    email: text().notNull(),
    phone: text().notNull().default(''),
    mobilePhone: text().notNull().default(''),
    ...addressColumns(),
    login: text().notNull(),
    passwordHash: text().notNull(),
    /** Public pre-registration token (never the session secret). */
    token: text().notNull(),
    acesso: smallint().notNull().default(2),
    bloqueado: boolean().notNull().default(false),
    attributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** TOTP (DESIGN 10, "Trust"): the secret, encrypted with the key outside the database; null when off. */
    totpSecret: text(),
    /** A secret shown for enrollment and not yet confirmed by a code. */
    totpPendente: text(),
    /** The last TOTP step accepted: a code of that step or an earlier one is refused (no replay). */
    totpUltimoPasso: bigint({ mode: 'number' }),
    /** The recovery codes' hashes; each is removed when used. */
    codigosRecuperacao: jsonb().$type<string[]>().notNull().default([]),
    busca: busca(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_login_key').on(t.login),
    uniqueIndex('users_token_key').on(t.token),
    index('users_bloqueado_id_idx').on(t.bloqueado, t.id),
    trgm('users_busca_trgm', t.busca),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull(),
    userId: linkTo(() => users.id, 'cascade'),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text().notNull().default(''),
    /** The address the session was opened from (Perfil → Segurança). */
    endereco: text().notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Failed logins per account and hits per address, shared by every app process. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/** The company's settings, one row (id 1): dadosempresa and integrations (DESIGN section 4). */
export const companySettings = pgTable('company_settings', {
  id: integer().primaryKey(),
  dadosempresa: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  integrations: jsonb().$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  updatedAt: updatedAt(),
});
