import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar';
import { normalizeSearch } from '../../domain/text';
import { appToday } from '../../server/regras/clock';
import { backends, useInstalledApp } from '../support/app';
import { newCliente, newEmpresa, newVeiculo, placa } from '../support/registry';

const cpfMask = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
const cnpjMask = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

describe.each(backends)('search ignores punctuation (%s)', (backend) => {
  const env = useInstalledApp(backend);
  const ids = async (path: string, term: string) =>
    (await env.admin.get(`${path}${path.includes('?') ? '&' : '?'}pesquisa=${encodeURIComponent(term)}`)).body.Items.map(
      (item: { id: number }) => item.id,
    );

  it('a formatted or bare CPF, CNPJ, phone or plate finds the same records, in every list and picker', async () => {
    const pessoa = (await env.admin.post('/v1/clientes', newCliente({ phone: '(21) 3456-7890', mobilePhone: '(21) 99876-5432' }))).body;
    const empresa = (await env.admin.post('/v1/clientes', newEmpresa())).body;
    // Another client, so a search that ignored the term would not pass.
    await env.admin.post('/v1/clientes', newCliente());
    for (const term of [pessoa.cpf, cpfMask(pessoa.cpf), '(21) 99876-5432', '21998765432', '99876-5432', '2134567890'])
      expect(await ids('/v1/clientes', term)).toEqual([pessoa.id]);
    for (const term of [empresa.cnpj, cnpjMask(empresa.cnpj)]) expect(await ids('/v1/clientes', term)).toEqual([empresa.id]);

    const oldPlate = placa(true);
    const veiculo = (await env.admin.post('/v1/veiculos', newVeiculo(pessoa.id, { placa: oldPlate }))).body;
    await env.admin.post('/v1/veiculos', newVeiculo(empresa.id));
    for (const term of [oldPlate, `${oldPlate.slice(0, 3)}-${oldPlate.slice(3)}`, oldPlate.toLowerCase()])
      expect(await ids('/v1/veiculos', term)).toEqual([veiculo.id]);

    const cobranca = (
      await env.admin.post('/v1/cobrancas', { idcliente: pessoa.id, descricao: 'Mensalidade', valor: 50, duedate: addDays(appToday(), 3) })
    ).body;
    await env.admin.post('/v1/cobrancas', { idcliente: empresa.id, descricao: 'Mensalidade', valor: 50, duedate: addDays(appToday(), 3) });
    expect(await ids('/v1/cobrancas?dataInicio=2000-01-01&dataFim=2100-01-01', cpfMask(pessoa.cpf))).toEqual([cobranca.id]);
    expect(await ids('/v1/cobrancas?dataInicio=2000-01-01&dataFim=2100-01-01', cnpjMask(empresa.cnpj))).toHaveLength(1);
  });

  it('migration 0009 rewrites the stored search text exactly as normalizeSearch writes it', async () => {
    const migration = readFileSync(new URL('../../server/db/migrations/0009_search_punctuation.sql', import.meta.url), 'utf8');
    const create = migration.split('--> statement-breakpoint')[0].replace('rastreio_compact_busca', 'test_compact_busca');
    await env.t.database.db.execute(sql.raw(create));
    const samples = [
      'maria da silva 529.982.247-25 (21) 99876-5432 maria@exemplo.com.br',
      'abc-1234 fiat uno 2020/2021',
      'transportes ltda 12.345.678/0001-95 (11)3456-7890 r. 7 de setembro, 100 - centro',
      'a-b (x) - 10,50 1.234,50 -',
    ];
    for (const sample of samples) {
      const legacy = sample; // as stored before the rule: lower case, no accents, single spaces
      const result: any = await env.t.database.db.execute(sql`SELECT test_compact_busca(${legacy}) AS busca`);
      expect(result.rows[0].busca).toBe(normalizeSearch(sample));
    }
    await env.t.database.db.execute(sql.raw('DROP FUNCTION test_compact_busca(text)'));
  });
});
