/**
 * Migration 0028 (issue 33, DESIGN 11 "Migration") on data written before it: a client's newest
 * contract gets an active item per vehicle of the client, started at its last finalized
 * installation (else the contract's date); a subscription is linked only when its client has one
 * contract and one subscription, its items splitting its value (cents on the first), so no charge
 * changes. Run on both databases.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import { useMigrationsBefore } from '../support/migrations';
import { backends } from '../support/app';

const MIGRACAO = 28;

/** Rows as the app wrote them before migration 0028. */
const ANTIGAS = `
  INSERT INTO clientes (id, name) VALUES (1, 'Um contrato'), (2, 'Dois contratos'), (3, 'Trimestral'), (4, 'Semanal'), (5, 'Sem veículo');
  INSERT INTO veiculos (id, idcliente, placa, marca, modelo) VALUES
    (11, 1, 'AAA1A11', 'Fiat', 'Uno'), (12, 1, 'AAA1A12', 'VW', 'Gol'),
    (21, 2, 'BBB2B21', 'Ford', 'Ka'), (31, 3, 'CCC3C31', 'GM', 'Onix'), (41, 4, 'DDD4D41', 'Fiat', 'Mobi');
  INSERT INTO trackres (id, imei) VALUES (1, '357653010010333');
  INSERT INTO ordensservicos (idcliente, idveiculo, iddevice, tipo, status, agendamento) VALUES
    (1, 11, 1, 'instalacao', 1, '2026-02-10'), (1, 11, 1, 'instalacao', 1, '2026-03-10'),
    (1, 11, 1, 'instalacao', 0, '2026-04-10'), (1, 11, 1, 'retirada', 1, '2026-05-10');
  INSERT INTO contratos (id, idcliente, token, created_at) VALUES
    (1, 1, 't1', '2026-01-05 12:00Z'), (2, 2, 't2', '2025-06-01 12:00Z'), (3, 2, 't3', '2026-01-20 12:00Z'),
    (4, 3, 't4', '2026-01-07 12:00Z'), (5, 4, 't5', '2026-01-08 12:00Z'), (6, 5, 't6', '2026-01-09 12:00Z');
  INSERT INTO assinaturas (id, idcliente, nextduedate, valor, cycle) VALUES
    (1, 1, '2026-12-10', 100.01, 'MONTHLY'), (2, 2, '2026-12-10', 80, 'MONTHLY'), (3, 3, '2026-12-10', 300, 'QUARTERLY'),
    (4, 4, '2026-12-10', 20, 'WEEKLY'), (5, 5, '2026-12-10', 50, 'MONTHLY');
`;

interface Conexao {
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;
  migrar: (folder: string) => Promise<void>;
  fechar: () => Promise<void>;
}

async function pglite(): Promise<Conexao> {
  const db = await PGlite.create({ extensions: { pg_trgm } });
  return {
    query: (sql) => db.query(sql),
    migrar: (folder) => migrate(drizzle(db, { casing: 'snake_case' }), { migrationsFolder: folder }),
    fechar: () => db.close(),
  };
}

async function postgres(): Promise<Conexao> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `rastreio_m27_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  return {
    query: (sql) => client.query(sql),
    migrar: (folder) => migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder: folder }),
    fechar: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe.each(backends)('migration 0028: contracts get their items (%s)', (backend) => {
  const schemaBefore = useMigrationsBefore(MIGRACAO);

  it('each client’s newest contract gets an active item per vehicle; a subscription is linked only when its client has one contract and one subscription, and its value does not change', async () => {
    // The schema before the migration.
    const antes = schemaBefore();
    const db = backend === 'pglite' ? await pglite() : await postgres();
    try {
      await db.migrar(antes);
      for (const statement of ANTIGAS.split(';').filter((s) => s.trim())) await db.query(statement);
      await db.migrar(migrationsFolder);

      const itens = (
        await db.query(
          `SELECT idcontrato, tipo, idveiculo, descricao, valor::text AS valor, status, inicio::text AS inicio FROM contratos_itens ORDER BY idcontrato, idveiculo`,
        )
      ).rows;
      expect(itens).toEqual([
        // the last finalized installation (an open one and a removal do not count); cents on the first
        { idcontrato: 1, tipo: 'veiculo', idveiculo: 11, descricao: 'Fiat Uno', valor: '50.01', status: 'ativo', inicio: '2026-03-10' },
        { idcontrato: 1, tipo: 'veiculo', idveiculo: 12, descricao: 'VW Gol', valor: '50.00', status: 'ativo', inicio: '2026-01-05' },
        // two contracts: the newest only, and the subscription stays unlinked (no typed value)
        { idcontrato: 3, tipo: 'veiculo', idveiculo: 21, descricao: 'Ford Ka', valor: null, status: 'ativo', inicio: '2026-01-20' },
        // quarterly 300,00: 100,00 a month
        { idcontrato: 4, tipo: 'veiculo', idveiculo: 31, descricao: 'GM Onix', valor: '100.00', status: 'ativo', inicio: '2026-01-07' },
        // weekly cannot link
        { idcontrato: 5, tipo: 'veiculo', idveiculo: 41, descricao: 'Fiat Mobi', valor: null, status: 'ativo', inicio: '2026-01-08' },
      ]);
      const assinaturas = (await db.query(`SELECT id, idcontrato, valor::text AS valor FROM assinaturas ORDER BY id`)).rows;
      expect(assinaturas).toEqual([
        { id: 1, idcontrato: 1, valor: '100.01' },
        { id: 2, idcontrato: null, valor: '80.00' },
        { id: 3, idcontrato: 4, valor: '300.00' },
        { id: 4, idcontrato: null, valor: '20.00' },
        // no vehicle, no item: nothing to sum
        { id: 5, idcontrato: null, valor: '50.00' },
      ]);
      const proximas = (await db.query(`SELECT id, proxima_cobranca::text AS p FROM contratos ORDER BY id`)).rows;
      expect(proximas).toEqual([
        { id: 1, p: '2026-12-10' },
        { id: 2, p: null },
        { id: 3, p: null },
        { id: 4, p: '2026-12-10' },
        { id: 5, p: null },
        { id: 6, p: null },
      ]);
      // one live item per vehicle
      await expect(db.query(`INSERT INTO contratos_itens (idcontrato, idveiculo, status) VALUES (1, 11, 'pendente')`)).rejects.toThrow(
        /contratos_itens_idveiculo_vivo_key/,
      );
    } finally {
      await db.fechar();
    }
  });
});
