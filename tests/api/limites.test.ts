/**
 * What a request may make the server hold (issue 30, items 1 and 20), on both databases: a file
 * crosses the server as base64 and comes back byte for byte; an upload request carries at most one
 * file's worth; an XLSX is refused as soon as what it inflates passes a cell's, a row's or the
 * file's bound. The real process under all of it at once: tests/e2e/limites.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { PLANILHA_MSG, XLSX_LIMITES } from '../../server/importacao/planilha';
import { backends, useInstalledApp } from '../support/app';
import { dataUrl, PNG_1PX } from '../support/files';
import { multipart, xlsx, xlsxAlterada, xlsxCelulaGigante } from '../support/planilhas';

describe.each(backends)('limits of what a request makes the server hold (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const count = async (query: ReturnType<typeof sql>) => Number(((await env.t.database.db.execute(query)) as any).rows[0].n);

  it('a file of every byte value is stored and read back byte for byte, at the 5,000,000-byte limit', async () => {
    const bytes = Buffer.concat([PNG_1PX, randomBytes(MAX_UPLOAD_BYTES - PNG_1PX.length)]);
    const sent = await env.admin.post('/v1/uploads', [
      { unid: 1, documento: 'users', name: 'todos.png', type: 'image/png', base64: dataUrl('image/png', bytes) },
    ]);
    expect(sent.status).toBe(201);
    expect(sent.body[0].size).toBe(MAX_UPLOAD_BYTES);
    expect(sent.body[0].base64).toBe(dataUrl('image/png', bytes));
    const stored: any = await env.t.database.db.execute(
      sql`SELECT md5(data) AS h, octet_length(data) AS n FROM uploads WHERE id = ${sent.body[0].id}`,
    );
    expect(Number(stored.rows[0].n)).toBe(MAX_UPLOAD_BYTES);
    expect(stored.rows[0].h).toBe((await import('node:crypto')).createHash('md5').update(bytes).digest('hex'));
    const list = await env.admin.get('/v1/uploads?unid=1&documento=users');
    expect(list.status).toBe(200);
    const item = list.body.Items.find((u: { id: number }) => u.id === sent.body[0].id);
    expect(item.base64).toBe(dataUrl('image/png', bytes));
    const removed = await env.admin.delete(`/v1/uploads/${sent.body[0].id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.base64).toBe(dataUrl('image/png', bytes));
  });

  it('an upload request carries at most one file’s worth: two large files together are 413 in pt-BR, and nothing is stored', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM uploads`);
    const half = Buffer.concat([PNG_1PX, Buffer.alloc(2_600_000)]);
    const file = (name: string) => ({ unid: 1, documento: 'users', name, type: 'image/png', base64: dataUrl('image/png', half) });
    const together = await env.admin.post('/v1/uploads', [file('a.png'), file('b.png')]);
    expect(together.status).toBe(413);
    expect(together.body.message).toBe(MSG.tooLarge);
    expect(await count(sql`SELECT count(*) AS n FROM uploads`)).toBe(before);
    // Each on its own goes in.
    for (const name of ['a.png', 'b.png']) expect((await env.admin.post('/v1/uploads', [file(name)])).status).toBe(201);
  });

  const cabecalho = async (data: Buffer) => {
    const { body, headers } = await multipart({ recurso: 'clientes' }, { name: 'planilha.xlsx', data });
    return env.admin.post('/v1/importacoes/cabecalho', body, headers);
  };

  it('an XLSX whose one cell inflates to 200 MB is refused with 413 and the cell’s reason, and nothing is stored', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM importacoes`);
    const bomb = await xlsxCelulaGigante(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const reply = await cabecalho(bomb);
    expect(reply.status).toBe(413);
    expect(reply.body.errors.arquivo).toBe(PLANILHA_MSG.celula);
    const { body, headers } = await multipart({ recurso: 'clientes', modo: 'importar' }, { name: 'planilha.xlsx', data: bomb });
    const importacao = await env.admin.post('/v1/importacoes', body, headers);
    expect(importacao.status).toBe(413);
    expect(await count(sql`SELECT count(*) AS n FROM importacoes`)).toBe(before);
  });

  it('a cell at Excel’s own limit of 32,767 characters is read; one over the XML bound is refused', async () => {
    const atLimit = await cabecalho(
      await xlsx([
        ['Nome', 'Observação'],
        ['Cliente', 'é'.repeat(32_767)],
      ]),
    );
    expect(atLimit.status).toBe(200);
    const over = await cabecalho(await xlsxCelulaGigante(XLSX_LIMITES.celula + 1));
    expect(over.status).toBe(413);
    expect(over.body.errors.arquivo).toBe(PLANILHA_MSG.celula);
  });

  it('a row of 5 MB of XML (inline texts, each under a cell’s bound) is refused with the row’s reason', async () => {
    const cells = Array.from(
      { length: 50 },
      (_, i) =>
        `<c r="${String.fromCharCode(65 + (i % 26))}${i < 26 ? '' : 'A'}3" t="inlineStr"><is><t>${'z'.repeat(100_000)}</t></is></c>`,
    );
    const file = await xlsxAlterada(
      [
        ['Nome', 'CPF'],
        ['Cliente', '529.982.247-25'],
      ],
      (entries) => {
        const name = [...entries.keys()].find((key) => /^xl\/worksheets\/[^/]+\.xml$/.test(key))!;
        entries.set(
          name,
          Buffer.from(
            entries
              .get(name)!
              .toString('utf8')
              .replace('</sheetData>', `<row r="3">${cells.join('')}</row></sheetData>`),
          ),
        );
      },
    );
    const reply = await cabecalho(file);
    expect(reply.status).toBe(413);
    expect(reply.body.errors.arquivo).toBe(PLANILHA_MSG.linha);
  });
});
