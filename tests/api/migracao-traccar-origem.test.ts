/**
 * Migration 0024 (issue 30) on data written before it: a phone a former Traccar import copied onto
 * a tracker without a chip becomes the tracker's chip (or, when it is no chip's number, is no
 * longer shown as one), and the sync's record of what it gave each device (its plate or IMEI, its
 * chip's number) is filled in, so it keeps a device's own phone.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import { useMigrationsBefore } from '../support/migrations';

describe('migration 0024: Traccar devices’ phones and names (pglite)', () => {
  const schemaBefore = useMigrationsBefore(24);

  it('a phone a former Traccar import left on a tracker without a chip becomes its chip (or is no longer shown); the sync’s record keeps only the chip’s number as its own', async () => {
    // The schema before the migration.
    const antes = schemaBefore();
    const db = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(db, { casing: 'snake_case' }), { migrationsFolder: antes });
      await db.exec(`
        INSERT INTO trackres (id, idcard, imei, phone, chip_id, traccar_id, busca) VALUES
          (1, 3, '357653010010333', '5511988887777', 0, 501, '357653010010333 5511988887777'),
          (2, 3, '357653010010341', '123', 0, 502, '357653010010341 123'),
          (3, 3, '357653010010358', '11977776666', 1, 503, '357653010010358 11977776666'),
          (4, 3, '357653010010366', '', 0, NULL, '357653010010366');
        INSERT INTO chips (phone, iccid, device_id, situacao, busca) VALUES ('11977776666', '8955000000000000001', 3, 'instalado', '');
      `);
      await migrate(drizzle(db, { casing: 'snake_case' }), { migrationsFolder });

      const trackers = (
        await db.query<{ id: number; phone: string; chipId: number; nome: string | null; fone: string | null }>(
          `SELECT id, phone, chip_id AS "chipId", traccar_nome AS nome, traccar_fone AS fone FROM trackres ORDER BY id`,
        )
      ).rows;
      const chip = trackers[0].chipId;
      expect(chip).toBeGreaterThan(1);
      expect(trackers).toEqual([
        { id: 1, phone: '5511988887777', chipId: chip, nome: '357653010010333', fone: null },
        { id: 2, phone: '', chipId: 0, nome: '357653010010341', fone: null },
        { id: 3, phone: '11977776666', chipId: 1, nome: '357653010010358', fone: '11977776666' },
        { id: 4, phone: '', chipId: 0, nome: null, fone: null },
      ]);
      expect((await db.query(`SELECT idcard, phone, iccid, device_id, situacao, busca FROM chips WHERE id = ${chip}`)).rows).toEqual([
        { idcard: 3, phone: '5511988887777', iccid: '', device_id: 1, situacao: 'instalado', busca: '5511988887777' },
      ]);
      expect(
        (await db.query(`SELECT recurso, usuario, de, para FROM estoque_movimentos WHERE recurso = 'chips' AND unidade = ${chip}`)).rows,
      ).toEqual([{ recurso: 'chips', usuario: 'Sistema', de: 'estoque', para: 'instalado' }]);
      // A filled ICCID is still one chip's only; blank ones (numbers only) may be many.
      await db.exec(`INSERT INTO chips (phone, iccid) VALUES ('11900000000', ''), ('11900000001', '')`);
      await expect(db.exec(`INSERT INTO chips (phone, iccid) VALUES ('11900000002', '8955000000000000001')`)).rejects.toThrow(
        /chips_iccid_key/,
      );
    } finally {
      await db.close();
    }
  });
});
