import { generateCNPJ, generateCPF } from '@brazilian-utils/brazilian-utils';
import { formatCpfCnpj } from '../../domain/formatters';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { backends, useInstalledApp } from '../support/app';
import { WAIT_MS, waitFor } from '../support/wait';
import { startTraccarFake, type TraccarFake } from '../fakes/traccar';
import { newChip, newCliente, newTracker, newVeiculo as newVeiculoFor, placa } from '../support/registry';
import { csv, multipart, validImei, xlsx } from '../support/planilhas';
import { criarImportacao, retomarImportacoes } from '../../server/importacao/criar';
import { marcarImportacaoFalhou, runImportacao } from '../../server/importacao/importacao';
import { importacoes } from '../../server/db/schema';
import { QUEUES } from '../../server/queue/boss';

const HEADER = ['CPF', 'Nome', 'E-mail', 'Celular'];
const pessoa = (name: string, cpf = generateCPF()) => [cpf, name, `${name.toLowerCase().replace(/\W/g, '')}@exemplo.com.br`, '11987654321'];

describe.each(backends)('importações de planilhas (%s)', (backend) => {
  const env = useInstalledApp(backend, { workers: { pollingIntervalSeconds: 0.5 } });
  const send = async (fields: Record<string, string>, data?: Buffer, name = 'planilha.csv', url = '/v1/importacoes') => {
    const { body, headers } = await multipart(fields, data ? { name, data } : undefined);
    return env.admin.post(url, body, headers);
  };
  /** Starts an import and waits for its end. */
  const importar = async (fields: Record<string, string>, data: Buffer, name?: string) => {
    const started = await send(fields, data, name);
    if (started.status !== 202) throw new Error(`${started.status} ${JSON.stringify(started.body)}`);
    return esperar(started.body.id);
  };
  const esperar = async (id: number) => {
    let body: any;
    await waitFor(async () => (body = (await env.admin.get(`/v1/importacoes/${id}`)).body).status !== 'processando', WAIT_MS, 50);
    return body;
  };
  /** A clients' import of `file` (duplicates ignored), created as the route creates one, its job not sent. */
  const importacaoDeClientes = (file: Buffer, total: number, nomeArquivo = 'f.csv') =>
    criarImportacao(
      env.t.database.db,
      env.t.app.effects.queue,
      { recurso: 'clientes', modo: 'importar', duplicados: 'ignorar', colunas: {}, nomeArquivo, arquivo: file, total, iduser: 1 },
      false,
    );
  /** Runs `body` while the database refuses the client 'Quebra Lote' with `message`: a failure no rule of ours names. */
  const withRowRefused = async (message: string, body: () => Promise<void>) => {
    const db = env.t.database.db;
    await db.execute(sql`CREATE FUNCTION falha_importacao() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Quebra Lote' THEN RAISE EXCEPTION '${sql.raw(message)}'; END IF; RETURN NEW; END $$`);
    await db.execute(sql`CREATE TRIGGER falha_importacao BEFORE INSERT ON clientes FOR EACH ROW EXECUTE FUNCTION falha_importacao()`);
    try {
      await body();
    } finally {
      await db.execute(sql`DROP TRIGGER falha_importacao ON clientes`);
      await db.execute(sql`DROP FUNCTION falha_importacao()`);
    }
  };
  const count = async (query: ReturnType<typeof sql>) => Number(((await env.t.database.db.execute(query)) as any).rows[0].n);

  it('a dry run counts created, updated and ignored rows and refuses each bad row with its line, column and reason, writing nothing', async () => {
    const existing = (await env.admin.post('/v1/clientes', newCliente())).body;
    const repeated = generateCPF();
    const file = csv([
      HEADER,
      pessoa('Simulada Um'),
      pessoa('Simulada Dois'),
      [existing.cpf, 'Já Existe', 'existe@exemplo.com.br', ''],
      ['123.456.789-00', 'CPF Errado', 'errado@exemplo.com.br', ''],
      [generateCPF(), 'Sem Email', '', ''],
      pessoa('Repetida', repeated),
      pessoa('Repetida de novo', repeated),
    ]);
    const before = await count(sql`SELECT count(*) AS n FROM clientes`);
    const ignorar = await importar({ recurso: 'clientes', modo: 'simular' }, file);
    expect(ignorar).toMatchObject({
      status: 'concluida',
      modo: 'simular',
      total: 7,
      processadas: 7,
      criadas: 3,
      atualizadas: 0,
      ignoradas: 2,
      nErros: 2,
    });
    expect(ignorar.erros).toEqual([
      { linha: 5, campo: 'CPF', mensagem: 'CPF inválido' },
      { linha: 6, campo: 'E-mail', mensagem: 'Campo obrigatório' },
    ]);
    const atualizar = await importar({ recurso: 'clientes', modo: 'simular', duplicados: 'atualizar' }, file);
    expect(atualizar).toMatchObject({ criadas: 3, atualizadas: 2, ignoradas: 0, nErros: 2 });
    expect(await count(sql`SELECT count(*) AS n FROM clientes`)).toBe(before);
  });

  it('an import writes each row through the form (search text), and importing the same file again creates nothing new', async () => {
    const rows = [HEADER, pessoa('Importada Alfa'), pessoa('Importada Beta'), ['00000000000', 'Inválida', 'x@exemplo.com.br', '']];
    const file = await xlsx(rows);
    const first = await importar({ recurso: 'clientes', modo: 'importar' }, file, 'clientes.xlsx');
    expect(first).toMatchObject({ status: 'concluida', criadas: 2, atualizadas: 0, ignoradas: 0, nErros: 1 });
    const found = await env.admin.get('/v1/clientes?pesquisa=importada');
    expect(found.body.Items.map((c: any) => c.name).sort()).toEqual(['Importada Alfa', 'Importada Beta']);
    expect(found.body.Items[0]).toMatchObject({ cadastro: 'FISICA', mobilePhone: '11987654321', idcard: 1 });
    const again = await importar({ recurso: 'clientes', modo: 'importar' }, file, 'clientes.xlsx');
    expect(again).toMatchObject({ criadas: 0, ignoradas: 2, nErros: 1 });
    // duplicados=atualizar: the sheet's values over the record's.
    rows[1][1] = 'Importada Alfa Atualizada';
    const updated = await importar({ recurso: 'clientes', modo: 'importar', duplicados: 'atualizar' }, await xlsx(rows), 'clientes.xlsx');
    expect(updated).toMatchObject({ criadas: 0, atualizadas: 2, nErros: 1 });
    expect((await env.admin.get('/v1/clientes?pesquisa=alfa atualizada')).body.meta.total).toBe(1);
    expect((await env.admin.get('/v1/clientes?pesquisa=importada')).body.meta.total).toBe(2);
  });

  it("an XLSX's shared strings are read as the sheet shows them: plain, accented, rich text, and one text in many cells", async () => {
    const cpfs = [generateCPF(), generateCPF(), generateCPF()];
    const rows = [
      HEADER,
      pessoa('Compartilhada Ação Ünica', cpfs[0]),
      pessoa('placeholder', cpfs[1]),
      pessoa('Compartilhada Repetida', cpfs[2]),
    ];
    // The same e-mail text twice (one shared string, two cells) and a name in rich text (runs).
    rows[3][2] = rows[1][2];
    const file = await xlsx(rows, (sheet) => {
      sheet.getCell('B3').value = { richText: [{ text: 'Compartilhada ' }, { font: { bold: true }, text: 'Rica' }] };
    });
    const result = await importar({ recurso: 'clientes', modo: 'importar' }, file, 'compartilhadas.xlsx');
    expect(result).toMatchObject({ status: 'concluida', criadas: 3, nErros: 0 });
    const found = await env.admin.get('/v1/clientes?pesquisa=compartilhada&sort=id&order=asc');
    expect(found.body.Items.map((c: any) => [c.cpf, c.name, c.email])).toEqual([
      [cpfs[0], 'Compartilhada Ação Ünica', rows[1][2]],
      [cpfs[1], 'Compartilhada Rica', 'placeholder@exemplo.com.br'],
      [cpfs[2], 'Compartilhada Repetida', rows[1][2]],
    ]);
  });

  it('a key repeated within a batch is created once: skipped with ignorar, the later row updating it with atualizar', async () => {
    const cpf = generateCPF();
    const rows = [HEADER, pessoa('Lote Repetida Um', cpf), pessoa('Lote Unica'), pessoa('Lote Repetida Dois', cpf)];
    const ignorar = await importar({ recurso: 'clientes', modo: 'importar' }, csv(rows));
    expect(ignorar).toMatchObject({ criadas: 2, atualizadas: 0, ignoradas: 1, nErros: 0 });
    expect(await count(sql`SELECT count(*) AS n FROM clientes WHERE cpf = ${cpf}`)).toBe(1);
    const cpf2 = generateCPF();
    const atualizar = await importar(
      { recurso: 'clientes', modo: 'importar', duplicados: 'atualizar' },
      csv([HEADER, pessoa('Lote Segunda Um', cpf2), pessoa('Lote Segunda Dois', cpf2)]),
    );
    expect(atualizar).toMatchObject({ criadas: 1, atualizadas: 1, ignoradas: 0, nErros: 0 });
    const found = (await env.admin.get(`/v1/clientes?pesquisa=${cpf2}`)).body.Items;
    expect(found.map((c: any) => c.name)).toEqual(['Lote Segunda Dois']);
  });

  it("the refused rows download as CSV with their line, column, reason and the sheet's own columns", async () => {
    const done = await importar(
      { recurso: 'clientes', modo: 'simular' },
      csv([HEADER, ['111.111.111-11', 'Recusada', 'r@exemplo.com.br', '11987654321'], pessoa('Aceita')]),
    );
    const reply = await env.admin.get(`/v1/importacoes/${done.id}/erros.csv`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/csv/);
    const lines = String(reply.body)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Linha;Coluna;Motivo;CPF;Nome;E-mail;Celular',
      '2;CPF;CPF inválido;111.111.111-11;Recusada;r@exemplo.com.br;11987654321',
    ]);
  });

  it('vehicles link to their client by CPF/CNPJ, trackers to their vehicle by plate, chips to their tracker by IMEI; an IMEI needs its check digit', async () => {
    const owner = (await env.admin.post('/v1/clientes', newCliente())).body;
    const plate = placa();
    const vehicles = await importar(
      { recurso: 'veiculos', modo: 'importar' },
      csv([
        ['Placa', 'CPF do cliente', 'Marca', 'Modelo', 'Renavam', 'Chassi', 'Categoria'],
        [plate.toLowerCase(), owner.cpf, 'Fiat', 'Uno', '12345678901', '9BD11111111111111', 'carro'],
        [placa(), '529.982.247-25', 'Fiat', 'Uno', '12345678902', '9BD11111111111112', 'carro'],
        [placa(), owner.cpf, 'Fiat', 'Uno', '12345678903', '9BD11111111111113', 'barco'],
      ]),
    );
    expect(vehicles).toMatchObject({ criadas: 1, nErros: 2 });
    expect(vehicles.erros[0]).toMatchObject({ linha: 3, campo: 'CPF do cliente' });
    expect(vehicles.erros[1]).toMatchObject({ linha: 4, campo: 'Categoria' });
    const vehicle = (await env.admin.get(`/v1/veiculos?idcliente=${owner.id}`)).body.Items[0];
    expect(vehicle.placa).toBe(plate);
    const imei = validImei();
    const badImei = `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;
    const trackers = await importar(
      { recurso: 'trackres', modo: 'importar' },
      csv(
        [
          ['IMEI', 'Marca', 'Modelo', 'Placa'],
          [imei, 'Coban', 'GT06', plate],
          [badImei, 'Coban', 'GT06', ''],
          [validImei(), 'Coban', 'GT06', 'ZZZ9Z99'],
        ],
        {
          delimiter: ',',
        },
      ),
    );
    expect(trackers).toMatchObject({ criadas: 1, nErros: 2 });
    expect(trackers.erros.map((e: any) => [e.linha, e.campo])).toEqual([
      [3, 'IMEI'],
      [4, 'Placa'],
    ]);
    expect(trackers.erros[0].mensagem).toBe('IMEI inválido: o dígito verificador não confere');
    const tracker = (await env.admin.get(`/v1/trackres?idveiculo=${vehicle.id}`)).body.Items[0];
    expect(tracker).toMatchObject({ imei, situacao: 'instalado', idcliente: owner.id });
    // A refusal only the write finds (the vehicle has another tracker): that row alone is refused, the batch's others written.
    const second = validImei();
    const other = validImei();
    const taken = await importar(
      { recurso: 'trackres', modo: 'importar' },
      csv([
        ['IMEI', 'Marca', 'Modelo', 'Placa'],
        [other, 'Coban', 'GT06', ''],
        [second, 'Coban', 'GT06', plate],
      ]),
    );
    expect(taken).toMatchObject({ criadas: 1, nErros: 1 });
    expect(taken.erros[0]).toEqual({ linha: 3, campo: 'Placa', mensagem: 'Este veículo já tem outro rastreador. Desconecte-o primeiro.' });
    expect((await env.admin.get(`/v1/trackres?pesquisa=${other}`)).body.meta.total).toBe(1);
    expect((await env.admin.get(`/v1/trackres?pesquisa=${second}`)).body.meta.total).toBe(0);
    const iccid = '8955031234567890123';
    const chipsDone = await importar(
      { recurso: 'chips', modo: 'importar' },
      csv([
        ['ICCID', 'Linha', 'Operadora', 'Custo mensal', 'IMEI do rastreador'],
        [iccid, '11999998888', 'Claro', '7,50', imei],
      ]),
    );
    expect(chipsDone).toMatchObject({ criadas: 1, nErros: 0 });
    const chip = (await env.admin.get(`/v1/chips?deviceId=${tracker.id}`)).body.Items[0];
    expect(chip).toMatchObject({ iccid, operadora: 'Claro', custoMensal: 7.5, situacao: 'instalado' });
    expect((await env.admin.get(`/v1/trackres/${tracker.id}`)).body.iccid).toBe(iccid);
  });

  it('reads CSV in Latin-1 with commas, and matches headers the user corrects', async () => {
    const file = Buffer.from(
      `Documento,Nome completo,Correio\r\n${generateCPF()},José Araújo Latino,jose.latino@exemplo.com.br\r\n`,
      'latin1',
    );
    const auto = await send({ recurso: 'clientes', modo: 'simular' }, file);
    expect(auto.status).toBe(400);
    expect(auto.body.errors.colunas).toMatch(/Falta a coluna E-mail/);
    const header = await send({ recurso: 'clientes' }, file, 'clientes.csv', '/v1/importacoes/cabecalho');
    expect(header.body).toMatchObject({ formato: 'csv', total: 1, cabecalhos: ['Documento', 'Nome completo', 'Correio'] });
    expect(header.body.colunas).toEqual({ cpfcnpj: 'Documento', name: 'Nome completo' });
    const done = await importar({ recurso: 'clientes', modo: 'importar', colunas: JSON.stringify({ email: 'Correio' }) }, file);
    expect(done).toMatchObject({ criadas: 1, nErros: 0 });
    expect((await env.admin.get('/v1/clientes?pesquisa=latino')).body.Items[0].name).toBe('José Araújo Latino');
  });

  it("colunas takes the resource's field names as DESIGN 10's example does ({ cpf: 'CPF do cliente' }), a person's CPF and a company's CNPJ from their own columns; an unknown field or a header the sheet lacks is a 400", async () => {
    const cpf = generateCPF();
    const cnpj = generateCNPJ();
    const file = csv([
      ['CPF do cliente', 'CNPJ da empresa', 'Quem', 'Endereço eletrônico', 'Zap'],
      [cpf, '', 'Pessoa Por Campo', 'pessoa.campo@exemplo.com.br', '11987654321'],
      ['', cnpj, 'Empresa Por Campo', 'empresa.campo@exemplo.com.br', '11987654322'],
    ]);
    const colunas = { cpf: 'CPF do cliente', cnpj: 'CNPJ da empresa', name: 'Quem', email: 'Endereço eletrônico', mobilePhone: 'Zap' };
    const header = await send({ recurso: 'clientes', colunas: JSON.stringify(colunas) }, file, 'clientes.csv', '/v1/importacoes/cabecalho');
    expect(header.status).toBe(200);
    expect(header.body.colunas).toEqual({
      cpfcnpj: 'CPF do cliente',
      cnpj: 'CNPJ da empresa',
      name: 'Quem',
      email: 'Endereço eletrônico',
      mobilePhone: 'Zap',
    });
    const done = await importar({ recurso: 'clientes', modo: 'importar', colunas: JSON.stringify(colunas) }, file);
    expect(done).toMatchObject({ status: 'concluida', criadas: 2, nErros: 0 });
    const pessoa = (await env.admin.get(`/v1/clientes?pesquisa=${cpf}`)).body.Items[0];
    expect(pessoa).toMatchObject({ cadastro: 'FISICA', cpf, name: 'Pessoa Por Campo', mobilePhone: '11987654321' });
    const empresa = (await env.admin.get(`/v1/clientes?pesquisa=${cnpj}`)).body.Items[0];
    expect(empresa).toMatchObject({ cadastro: 'JURIDICA', cnpj, razaosocial: 'Empresa Por Campo', email: 'empresa.campo@exemplo.com.br' });

    // A vehicle's client by its API name (idcliente) or by the document's (cpf).
    const plates = [placa(), placa()];
    const vehicles = csv([
      ['Placa', 'CPF do dono', 'Marca', 'Modelo', 'Renavam', 'Chassi', 'Categoria'],
      [plates[0], cpf, 'Fiat', 'Uno', '22345678901', '9BD21111111111111', 'carro'],
    ]);
    for (const [i, name] of ['cpf', 'idcliente'].entries()) {
      const sheet =
        i === 0
          ? vehicles
          : csv([
              ['Placa', 'CPF do dono', 'Marca', 'Modelo', 'Renavam', 'Chassi', 'Categoria'],
              [plates[1], cpf, 'Fiat', 'Uno', '22345678902', '9BD21111111111112', 'carro'],
            ]);
      const imported = await importar({ recurso: 'veiculos', modo: 'importar', colunas: JSON.stringify({ [name]: 'CPF do dono' }) }, sheet);
      expect(imported, name).toMatchObject({ criadas: 1, nErros: 0 });
    }
    expect((await env.admin.get(`/v1/veiculos?idcliente=${pessoa.id}`)).body.meta.total).toBe(2);

    // Refused before any job: a field the resource lacks, a header the sheet lacks.
    const before = await count(sql`SELECT count(*) AS n FROM importacoes`);
    const unknown = await send(
      { recurso: 'clientes', modo: 'simular', colunas: JSON.stringify({ ...colunas, cpff: 'CPF do cliente' }) },
      file,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.colunas).toMatch(/^A importação de clientes não tem o campo "cpff": use cpfcnpj, cpf, cnpj, name, /);
    const missing = await send({ recurso: 'clientes', modo: 'simular', colunas: JSON.stringify({ ...colunas, email: 'Email' }) }, file);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.colunas).toBe('A planilha não tem a coluna "Email" (campo email).');
    expect(await count(sql`SELECT count(*) AS n FROM importacoes`)).toBe(before);
  });

  it('bad files are refused with a pt-BR reason and change nothing: not a spreadsheet, empty, only a header, formulas, merged cells, over 200,000 rows, over 50 MB', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM importacoes`);
    const cases: [Buffer, number, RegExp][] = [
      [Buffer.from('%PDF-1.4\n\u0000\u0001\u0002binário'), 415, /não é uma planilha/],
      [Buffer.alloc(0), 400, /vazia/],
      [csv([HEADER]), 400, /só tem o cabeçalho/],
      [
        await xlsx([HEADER, pessoa('Com Fórmula')], (s) => (s.getCell('E2').value = { formula: 'A2&B2', result: 'x' } as never)),
        400,
        /fórmulas/,
      ],
      [await xlsx([HEADER, pessoa('Mesclada')], (s) => s.mergeCells('A2:B2')), 400, /mescladas/],
      [Buffer.from(`CPF;Nome;E-mail\n${'1;a;b\n'.repeat(200_001)}`), 413, /200\.000 linhas/],
      [Buffer.concat([Buffer.from('CPF;Nome;E-mail\n'), Buffer.alloc(50 * 1024 * 1024, 'a')]), 413, /50 MB/],
    ];
    for (const [data, status, message] of cases) {
      const reply = await send({ recurso: 'clientes', modo: 'importar' }, data, data[0] === 0x50 ? 'x.xlsx' : 'x.csv');
      expect(reply.status, String(message)).toBe(status);
      expect(reply.body.errors.arquivo).toMatch(message);
    }
    const noFile = await send({ recurso: 'clientes' });
    expect(noFile.body.errors).toEqual({ arquivo: 'Envie o arquivo da planilha (CSV ou XLSX)' });
    const json = await env.admin.post('/v1/importacoes', { recurso: 'clientes' });
    expect(json.status).toBe(415);
    const badFields = await send({ recurso: 'planos', modo: 'apagar' }, csv([HEADER, pessoa('X')]));
    expect(badFields.status).toBe(400);
    expect(Object.keys(badFields.body.errors).sort()).toEqual(['modo', 'recurso']);
    expect(await count(sql`SELECT count(*) AS n FROM importacoes`)).toBe(before);
  });

  it('an import resumes after a restart from its last committed batch', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Retomada ${String.fromCharCode(65 + i)}`);
    const file = csv([HEADER, ...names.map((name) => pessoa(name))]);
    const id = await importacaoDeClientes(file, 10, 'r.csv');
    // A process stopped after committing the first 4 rows: they are skipped, the rest imported.
    await env.t.database.db.execute(sql`UPDATE importacoes SET processadas = 4 WHERE id = ${id}`);
    expect(await retomarImportacoes(env.t.database.db, env.t.app.effects.queue)).toBeGreaterThanOrEqual(1);
    const done = await esperar(id);
    expect(done).toMatchObject({ status: 'concluida', processadas: 10, criadas: 6 });
    const imported = (await env.admin.get('/v1/clientes?pesquisa=retomada&pageSize=20')).body.Items.map((c: any) => c.name).sort();
    expect(imported).toEqual(names.slice(4));
  });

  it('each batch is one transaction: a row failing for no rule of ours leaves none of its batch written', async () => {
    await withRowRefused('falha simulada', async () => {
      const db = env.t.database.db;
      const file = csv([HEADER, pessoa('Lote Antes'), pessoa('Quebra Lote'), pessoa('Lote Depois')]);
      const id = await importacaoDeClientes(file, 3);
      await expect(runImportacao(db, env.t.app.effects, id)).rejects.toThrow();
      expect(await count(sql`SELECT count(*) AS n FROM clientes WHERE name IN ('Lote Antes', 'Quebra Lote', 'Lote Depois')`)).toBe(0);
      expect((await env.admin.get(`/v1/importacoes/${id}`)).body).toMatchObject({ status: 'processando', processadas: 0, criadas: 0 });
      await db.execute(sql`UPDATE importacoes SET status = 'falhou' WHERE id = ${id}`);
    });
  });

  it('an import whose batch fails its last attempt is falhou with a pt-BR reason, keeping the batches committed before', async () => {
    await withRowRefused('falha simulada interna', async () => {
      // The first batch (500 rows) commits; the second holds the row the database refuses.
      const antes = Array.from({ length: 500 }, (_, i) => pessoa(`Primeiro Lote ${i}`));
      const file = csv([HEADER, ...antes, pessoa('Quebra Lote'), pessoa('Segundo Lote')]);
      const id = await importacaoDeClientes(file, 502);
      // Its job with no retry left: this attempt is the last, and pg-boss hands the import over.
      await env.t.database.db.transaction((tx) => env.t.app.effects.queue.send(tx, QUEUES.importacao.name, { id }, { retryLimit: 0 }));
      const done = await esperar(id);
      expect(done).toMatchObject({ status: 'falhou', processadas: 500, criadas: 500, nErros: 0 });
      expect(done.motivo).toBe(
        'Erro inesperado depois de 500 de 502 linhas. As linhas anteriores continuam gravadas; importe o arquivo de novo (as já gravadas serão reconhecidas como duplicadas). Se o erro continuar, avise o suporte.',
      );
      expect(done.motivo).not.toContain('simulada');
      expect(await count(sql`SELECT count(*) AS n FROM clientes WHERE name LIKE 'Primeiro Lote %'`)).toBe(500);
      expect(await count(sql`SELECT count(*) AS n FROM clientes WHERE name IN ('Quebra Lote', 'Segundo Lote')`)).toBe(0);
      expect(await count(sql`SELECT count(*) AS n FROM importacoes WHERE id = ${id} AND arquivo IS NULL`)).toBe(1);
    });
  });

  it('ignored rows are listed with their line, why and the existing record they matched, in a dry run and an import', async () => {
    const existing = (await env.admin.post('/v1/clientes', newCliente())).body;
    const repeated = generateCPF();
    const file = csv([
      HEADER,
      pessoa('Ignorada Nova'),
      [existing.cpf, 'Já Existe', 'existe@exemplo.com.br', ''],
      pessoa('Rep', repeated),
      pessoa('Rep 2', repeated),
    ]);
    const expected = [
      {
        linha: 3,
        motivo: 'Já cadastrado: ignorado (duplicados: Ignorar)',
        registro: { id: existing.id, chave: formatCpfCnpj(existing.cpf) },
      },
      {
        linha: 5,
        motivo: 'Repete uma linha anterior da planilha: ignorada (duplicados: Ignorar)',
        registro: { id: null, chave: expect.any(String) },
      },
    ];
    const simulada = await importar({ recurso: 'clientes', modo: 'simular' }, file);
    expect(simulada).toMatchObject({ ignoradas: 2, criadas: 2 });
    expect(simulada.ignoradasLinhas).toEqual(expected);
    const feita = await importar({ recurso: 'clientes', modo: 'importar' }, file);
    expect(feita).toMatchObject({ ignoradas: 2, criadas: 2 });
    expect(feita.ignoradasLinhas).toEqual(expected);
  });

  it("the template's example row is marked and skipped, even with Atualizar: a real client with the example's CPF is never updated from it", async () => {
    const real = (await env.admin.post('/v1/clientes', newCliente({ cpf: '52998224725', name: 'Cliente Real Do CPF' }))).body;
    const model = String((await env.admin.get('/v1/importacoes/modelos/clientes?formato=csv')).body).replace(/^\ufeff/, '');
    const [header, example] = model.split('\r\n');
    expect(example.startsWith('Exemplo: 529.982.247-25;Maria da Silva')).toBe(true);
    const filled = `${header}\r\n${example}\r\n${[generateCPF(), 'Preenchida Pelo Modelo', '', 'preenchida@exemplo.com.br', '', '11987654321'].join(';')}\r\n`;
    // Sheets made from the former template carry the example unmarked: skipped too.
    const unmarked = `${header}\r\n${example.replace('Exemplo: ', '')}\r\n`;
    for (const [data, criadas] of [
      [filled, 1],
      [unmarked, 0],
    ] as const) {
      const done = await importar({ recurso: 'clientes', modo: 'importar', duplicados: 'atualizar' }, Buffer.from(data));
      expect(done).toMatchObject({ status: 'concluida', ignoradas: 1, criadas, atualizadas: 0, nErros: 0 });
      expect(done.ignoradasLinhas).toEqual([{ linha: 2, motivo: 'Linha de exemplo do modelo', registro: null }]);
    }
    expect((await env.admin.get(`/v1/clientes/${real.id}`)).body.name).toBe('Cliente Real Do CPF');
    // The XLSX template marks it the same way.
    const book = await env.t.app.inject({ method: 'GET', url: '/v1/importacoes/modelos/veiculos', headers: { cookie: env.admin.cookie } });
    const started = await send({ recurso: 'veiculos', modo: 'simular' }, book.rawPayload, 'modelo.xlsx');
    const xlsxDone = await esperar(started.body.id);
    expect(xlsxDone).toMatchObject({ total: 1, ignoradas: 1, criadas: 0, nErros: 0 });
  });

  it('templates per resource download as XLSX and CSV with the headers the import matches', async () => {
    const model = await env.admin.get('/v1/importacoes/modelos/chips?formato=csv');
    expect(model.status).toBe(200);
    expect(
      String(model.body)
        .replace(/^\ufeff/, '')
        .split('\r\n')[0],
    ).toBe('ICCID;Linha;Operadora;Fornecedor;Custo mensal;IMEI do rastreador');
    const book = await env.t.app.inject({ method: 'GET', url: '/v1/importacoes/modelos/trackres', headers: { cookie: env.admin.cookie } });
    expect(book.headers['content-type']).toMatch(/spreadsheetml/);
    expect(book.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await env.admin.get('/v1/importacoes/modelos/planos')).status).toBe(400);
    void newTracker;
  });

  describe('Traccar', () => {
    let traccar: TraccarFake;
    beforeAll(async () => {
      traccar = await startTraccarFake();
    });
    afterAll(() => traccar.close());
    const ativar = async () =>
      expect(
        (
          await env.admin.put('/v1/users/1', {
            integrations: { traccar: { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 } },
          })
        ).status,
      ).toBe(200);

    it("Traccar's devices the product lacks become trackers (IMEI, model, phone), a plate name installs it; a dry run first; idempotent", async () => {
      const inactive = await env.admin.post('/v1/importacoes/traccar', { modo: 'simular' });
      expect(inactive.status).toBe(409);
      expect(
        (
          await env.admin.put('/v1/users/1', {
            integrations: { traccar: { server: traccar.url, userId: String(traccar.userId), token: traccar.token, status: 1 } },
          })
        ).status,
      ).toBe(200);
      const owner = (await env.admin.post('/v1/clientes', newCliente())).body;
      const plate = placa();
      const vehicle = (await env.admin.post('/v1/veiculos', { ...newVeiculoFor(owner.id), placa: plate })).body;
      const known = (await env.admin.post('/v1/trackres', newTracker({ imei: validImei() }))).body;
      const imeis = [validImei(), validImei()];
      let nextId = 90_000;
      const device = (fields: Record<string, unknown>) => {
        const id = nextId++;
        traccar.devices.set(id, { id, name: `Dispositivo ${id}`, status: 'offline', disabled: false, attributes: {}, ...fields } as never);
      };
      device({ uniqueId: imeis[0], name: plate, model: 'GT06', phone: '+55 11 98888-7777' });
      device({ uniqueId: imeis[1], model: 'ST901' });
      device({ uniqueId: known.imei, model: 'GT06' });
      device({ uniqueId: 'ABC123', model: 'Outro' });
      const before = await count(sql`SELECT count(*) AS n FROM trackres`);
      const dry = await esperar((await env.admin.post('/v1/importacoes/traccar', { modo: 'simular' })).body.id);
      expect(dry).toMatchObject({ status: 'concluida', origem: 'traccar', criadas: 2, nErros: 1 });
      expect(dry.ignoradas).toBeGreaterThanOrEqual(1);
      expect(dry.erros[0]).toMatchObject({
        campo: 'uniqueId',
        mensagem: 'O identificador ABC123 não é um IMEI (15 dígitos): o dispositivo não vira rastreador.',
        dispositivo: { name: expect.stringMatching(/^Dispositivo /), uniqueId: 'ABC123' },
      });
      expect(await count(sql`SELECT count(*) AS n FROM trackres`)).toBe(before);
      const done = await esperar((await env.admin.post('/v1/importacoes/traccar', { modo: 'importar' })).body.id);
      expect(done).toMatchObject({ status: 'concluida', criadas: 2, nErros: 1 });
      const installed = (await env.admin.get(`/v1/trackres?idveiculo=${vehicle.id}`)).body.Items[0];
      // The device's phone is the tracker's chip now.
      expect(installed).toMatchObject({ imei: imeis[0], modelo: 'GT06', phone: '5511988887777', situacao: 'instalado' });
      expect(installed.chipId).toBeGreaterThan(0);
      expect((await env.admin.get(`/v1/trackres?pesquisa=${imeis[1]}`)).body.Items[0]).toMatchObject({
        modelo: 'ST901',
        situacao: 'estoque',
      });
      const again = await esperar((await env.admin.post('/v1/importacoes/traccar', { modo: 'importar' })).body.id);
      expect(again.criadas).toBe(0);
    });

    it("a device named by a plate the product lacks becomes a vehicle of the client whose Traccar user has it; without one, it is created without a vehicle and a note (never a refusal) names the device; on the client's page by search", async () => {
      await ativar();
      // A client with a login and password has its own Traccar user (made by the sync queue).
      const login = `dono.${Date.now()}`;
      const owner = (await env.admin.post('/v1/clientes', newCliente({ login, password: 'senha-app-1' }))).body;
      let userId = 0;
      await waitFor(() => (userId = [...traccar.users.values()].find((user) => user.email === login)?.id ?? 0) > 0, WAIT_MS, 50);
      await waitFor(
        async () => (await count(sql`SELECT count(*) AS n FROM clientes WHERE id = ${owner.id} AND traccar_user_id = ${userId}`)) > 0,
        WAIT_MS,
        50,
      );
      const comDono = placa();
      const semDono = placa();
      const imeis = [validImei(), validImei()];
      let nextId = 95_000;
      const device = (fields: Record<string, unknown>) => {
        const id = nextId++;
        traccar.devices.set(id, { id, status: 'offline', disabled: false, attributes: {}, ...fields } as never);
        return id;
      };
      const owned = device({ uniqueId: imeis[0], name: comDono.toLowerCase(), model: 'GT06', phone: '11977776666' });
      traccar.permissions.push({ userId, deviceId: owned });
      device({ uniqueId: imeis[1], name: `${semDono.slice(0, 3)}-${semDono.slice(3)}`, model: 'GT06' });
      const vehicles = async () => count(sql`SELECT count(*) AS n FROM veiculos WHERE placa IN (${comDono}, ${semDono})`);

      const nota = {
        linha: expect.any(Number),
        campo: 'name',
        mensagem: `Rastreador criado sem veículo: a placa ${semDono} não está cadastrada e nenhum cliente tem este dispositivo no Traccar.`,
        dispositivo: { id: expect.any(Number), name: `${semDono.slice(0, 3)}-${semDono.slice(3)}`, uniqueId: imeis[1] },
      };
      const dry = await esperar((await env.admin.post('/v1/importacoes/traccar', { modo: 'simular' })).body.id);
      expect(dry).toMatchObject({ status: 'concluida', criadas: 2, nAvisos: 1 });
      expect(dry.avisos).toEqual([nota]);
      expect([...dry.erros, ...dry.avisos].some((e: any) => e.mensagem.includes(comDono))).toBe(false);
      expect(dry.erros.some((e: any) => e.mensagem.includes(semDono))).toBe(false);
      expect(await vehicles()).toBe(0);

      const done = await esperar((await env.admin.post('/v1/importacoes/traccar', { modo: 'importar' })).body.id);
      expect(done).toMatchObject({ status: 'concluida', criadas: 2, nAvisos: 1 });
      expect(done.avisos).toEqual([nota]);
      expect(done.erros.some((e: any) => e.mensagem.includes(semDono))).toBe(false);
      const vehicle = (await env.admin.get(`/v1/veiculos?idcliente=${owner.id}`)).body.Items.find((v: any) => v.placa === comDono);
      expect(vehicle).toMatchObject({ placa: comDono, idcliente: owner.id, cliente: { id: owner.id } });
      const installed = (await env.admin.get(`/v1/trackres?idveiculo=${vehicle.id}`)).body.Items;
      expect(installed).toHaveLength(1);
      expect(installed[0]).toMatchObject({ imei: imeis[0], idcliente: owner.id, situacao: 'instalado', phone: '11977776666' });
      // The device's number is in the tracker's search text; the vehicle is found by its client's name.
      expect((await env.admin.get('/v1/trackres?pesquisa=11977776666')).body.Items.map((t: any) => t.imei)).toEqual([imeis[0]]);
      expect(
        (await env.admin.get(`/v1/veiculos?pesquisa=${encodeURIComponent(owner.name)}`)).body.Items.map((v: any) => v.placa),
      ).toContain(comDono);
      expect(await count(sql`SELECT count(*) AS n FROM veiculos WHERE placa = ${semDono}`)).toBe(0);
      expect((await env.admin.get(`/v1/trackres?pesquisa=${imeis[1]}`)).body.Items[0]).toMatchObject({ idveiculo: 0, situacao: 'estoque' });

      const again = await esperar((await env.admin.post('/v1/importacoes/traccar', { modo: 'importar' })).body.id);
      expect(again).toMatchObject({ criadas: 0 });
      expect(await vehicles()).toBe(1);
    });

    it('a Traccar import that fails its last attempt says so in words about devices, not sheet lines', async () => {
      const db = env.t.database.db;
      const [row] = await db
        .insert(importacoes)
        .values({
          recurso: 'trackres',
          origem: 'traccar',
          modo: 'importar',
          nomeArquivo: 'Traccar',
          status: 'processando',
          total: 1200,
          processadas: 500,
          iduser: 1,
        })
        .returning({ id: importacoes.id });
      expect(await marcarImportacaoFalhou(db, row.id)).toEqual({ status: 'falhou' });
      expect((await env.admin.get(`/v1/importacoes/${row.id}`)).body.motivo).toBe(
        'Erro inesperado depois de 500 de 1200 dispositivos. Os dispositivos anteriores continuam importados; importe de novo (os já importados serão ignorados). Se o erro continuar, avise o suporte.',
      );
    });

    it("a batch's Traccar follow-up is one job per batch (not one per tracker), and it syncs every device", async () => {
      await ativar();
      const imeis = [validImei(), validImei(), validImei()];
      const done = await importar(
        { recurso: 'trackres', modo: 'importar' },
        csv([['IMEI', 'Marca', 'Modelo'], ...imeis.map((imei) => [imei, 'Coban', 'GT06'])]),
      );
      expect(done).toMatchObject({ criadas: 3, nErros: 0 });
      const jobs = (
        (await env.t.database.db.execute(
          sql`SELECT data FROM pgboss.job WHERE name = ${QUEUES.traccar.name} AND data->>'kind' = 'devices'`,
        )) as any
      ).rows.map((row: any) => row.data);
      const ids = (
        (await env.t.database.db.execute(
          sql`SELECT id FROM trackres WHERE imei IN (${sql.join(
            imeis.map((imei) => sql`${imei}`),
            sql`, `,
          )}) ORDER BY id`,
        )) as any
      ).rows.map((row: any) => row.id);
      expect(jobs.filter((job: any) => ids.every((id: number) => job.ids.includes(id)))).toHaveLength(1);
      await waitFor(() => [...traccar.devices.values()].filter((d) => imeis.includes(d.uniqueId)).length === 3, WAIT_MS, 50);
      expect(
        [...traccar.devices.values()]
          .filter((d) => imeis.includes(d.uniqueId))
          .map((d) => d.name)
          .sort(),
      ).toEqual([...imeis].sort());
    });

    it("importing Traccar's devices changes nothing on Traccar: every device keeps its name, phone and attributes after the import and its trackers' sync; each device is counted once; its phone becomes the tracker's chip, which a chips sheet completes", async () => {
      // A Traccar of its own, whose devices the company has named by plate or by its own labels.
      const fonte = await startTraccarFake();
      const jobsIdle = () =>
        waitFor(
          async () =>
            !(await count(
              sql`SELECT count(*) AS n FROM pgboss.job WHERE name = ${QUEUES.traccar.name} AND state IN ('created', 'retry', 'active')`,
            )),
        );
      try {
        expect(
          (
            await env.admin.put('/v1/users/1', {
              integrations: { traccar: { server: fonte.url, userId: String(fonte.userId), token: fonte.token, status: 1 } },
            })
          ).status,
        ).toBe(200);
        // Another server: the product's trackers are synced there afresh first (they are known: ignored by the import).
        await jobsIdle();
        const owner = (await env.admin.post('/v1/clientes', newCliente())).body;
        const livre = (await env.admin.post('/v1/veiculos', newVeiculoFor(owner.id))).body;
        const ocupado = (await env.admin.post('/v1/veiculos', newVeiculoFor(owner.id))).body;
        expect((await env.admin.post('/v1/trackres', newTracker({ imei: validImei(), idveiculo: ocupado.id }))).status).toBe(201);
        // Numbers no other test uses (a chip of the same number elsewhere would be another case).
        let serie = Date.now() % 1e7;
        const numero = () => `9${String(serie++).padStart(8, '0')}`;
        const [n1, n2, n3, n4, n5] = [numero(), numero(), numero(), numero(), numero()];
        const emEstoque = (await env.admin.post('/v1/chips', newChip({ phone: `11${n4}` }))).body;
        let nextId = 70_000;
        const device = (fields: Record<string, unknown>) => {
          const id = nextId++;
          fonte.devices.set(id, {
            id,
            status: 'offline',
            disabled: false,
            lastUpdate: null,
            positionId: 0,
            groupId: 3,
            calendarId: 0,
            contact: 'Frota Sul',
            category: 'car',
            expirationTime: null,
            model: 'GT06',
            phone: null,
            attributes: { speedLimit: 43.2, marca: 'Coban' },
            ...fields,
          } as never);
          return id;
        };
        const semCliente = placa();
        const imei = () => validImei();
        const ids = {
          placaSemCliente: device({ uniqueId: imei(), name: semCliente, phone: `+55 11 ${n1.slice(0, 5)}-${n1.slice(5)}` }),
          rotulo: device({ uniqueId: imei(), name: 'Rastreador 5', phone: `(11) ${n2.slice(0, 5)}-${n2.slice(5)}` }),
          foneCurto: device({ uniqueId: imei(), name: 'Rastreador 6', phone: '123' }),
          placaLivre: device({ uniqueId: imei(), name: `${livre.placa.slice(0, 3).toLowerCase()}-${livre.placa.slice(3)}` }),
          placaOcupada: device({ uniqueId: imei(), name: ocupado.placa, phone: `11${n3}` }),
          chipEmEstoque: device({ uniqueId: imei(), name: 'Rastreador 8', phone: `11 ${n4.slice(0, 5)}-${n4.slice(5)}` }),
          semImei: device({ uniqueId: 'ABC-77', name: 'Rastreador 9' }),
          conhecido: device({ uniqueId: imei(), name: 'Rastreador 7', phone: `11${n5}` }),
        };
        // A device the product already has (adopted by its tracker's sync, which keeps its name and phone).
        const conhecido = (await env.admin.post('/v1/trackres', newTracker({ imei: fonte.devices.get(ids.conhecido)!.uniqueId }))).body;
        await jobsIdle();
        const antes = structuredClone([...fonte.devices.values()]);
        const escritas = () => fonte.requests.filter((r) => r.method !== 'GET' && /^\/api\/(devices|permissions)/.test(r.path)).length;
        const escritasAntes = escritas();
        const semMudanca = () => {
          expect([...fonte.devices.values()]).toEqual(antes);
          expect(escritas()).toBe(escritasAntes);
        };

        const dry = await esperar((await env.admin.post('/v1/importacoes/traccar', { modo: 'simular' })).body.id);
        const total = fonte.devices.size;
        const contagem = { total, criadas: 6, atualizadas: 0, ignoradas: total - 7, nErros: 1, nAvisos: 3 };
        expect(dry).toMatchObject({ status: 'concluida', ...contagem });
        semMudanca();

        const done = await esperar((await env.admin.post('/v1/importacoes/traccar', { modo: 'importar' })).body.id);
        expect(done).toMatchObject({ status: 'concluida', ...contagem });
        // Each device once: created, updated, ignored or refused.
        expect(done.criadas + done.atualizadas + done.ignoradas + done.nErros).toBe(total);
        const nome = (id: number) => ({ id, name: fonte.devices.get(id)!.name, uniqueId: fonte.devices.get(id)!.uniqueId });
        expect(done.erros).toEqual([
          {
            linha: expect.any(Number),
            campo: 'uniqueId',
            mensagem: 'O identificador ABC-77 não é um IMEI (15 dígitos): o dispositivo não vira rastreador.',
            dispositivo: nome(ids.semImei),
          },
        ]);
        // The refused devices' CSV: the reason and the device's own fields, no sheet's line nor column.
        const csvRecusados = await env.admin.get(`/v1/importacoes/${done.id}/erros.csv`);
        expect(
          String(csvRecusados.body)
            .replace(/^\ufeff/, '')
            .trim()
            .split('\r\n'),
        ).toEqual([
          'Motivo;id;name;uniqueId;model;phone',
          `O identificador ABC-77 não é um IMEI (15 dígitos): o dispositivo não vira rastreador.;${ids.semImei};Rastreador 9;ABC-77;GT06;`,
        ]);
        // In Traccar's order (its list's); here by device.
        const porDispositivo = (a: any, b: any) => a.dispositivo.id - b.dispositivo.id;
        expect([...done.avisos].sort(porDispositivo)).toEqual([
          {
            linha: expect.any(Number),
            campo: 'name',
            mensagem: `Rastreador criado sem veículo: a placa ${semCliente} não está cadastrada e nenhum cliente tem este dispositivo no Traccar.`,
            dispositivo: nome(ids.placaSemCliente),
          },
          {
            linha: expect.any(Number),
            campo: 'phone',
            mensagem: 'Rastreador criado sem chip: o telefone 123 do dispositivo não é um número de chip (10 a 13 dígitos).',
            dispositivo: nome(ids.foneCurto),
          },
          {
            linha: expect.any(Number),
            campo: 'name',
            mensagem: `Rastreador criado sem veículo: o veículo ${ocupado.placa} já tem outro rastreador.`,
            dispositivo: nome(ids.placaOcupada),
          },
        ]);
        // The trackers' sync jobs have run: still nothing changed on Traccar.
        await jobsIdle();
        semMudanca();

        const tracker = async (id: number) =>
          (await env.admin.get(`/v1/trackres?pesquisa=${fonte.devices.get(id)!.uniqueId}`)).body.Items[0];
        // Every device's phone is its tracker's chip (Chips and Custos dos chips count it); a phone that is no chip's number is not shown as one.
        const comChip = [ids.placaSemCliente, ids.rotulo, ids.placaOcupada, ids.chipEmEstoque];
        for (const id of comChip) {
          const t = await tracker(id);
          expect(t.chipId).toBeGreaterThan(0);
          const chip = (await env.admin.get(`/v1/chips/${t.chipId}`)).body;
          expect(chip).toMatchObject({ phone: fonte.devices.get(id)!.phone!.replace(/\D/g, ''), deviceId: t.id, situacao: 'instalado' });
          expect(t.phone).toBe(chip.phone);
        }
        expect((await tracker(ids.chipEmEstoque)).chipId).toBe(emEstoque.id);
        expect(await tracker(ids.foneCurto)).toMatchObject({ chipId: 0, phone: '' });
        expect(await tracker(ids.placaLivre)).toMatchObject({ chipId: 0, phone: '', idveiculo: livre.id, situacao: 'instalado' });
        expect(await tracker(ids.placaSemCliente)).toMatchObject({ idveiculo: 0, situacao: 'estoque' });
        const custos = (await env.admin.get('/v1/chips/custos')).body.Items.find((i: any) => i.operadora === '');
        expect(custos.ativos).toBeGreaterThanOrEqual(3);
        expect((await env.admin.get(`/v1/trackres/${conhecido.id}`)).body).toMatchObject({ chipId: 0, phone: '' });

        // A chips sheet completes a chip known by its number only (ICCID, carrier, cost), even when duplicates are skipped.
        const doRotulo = await tracker(ids.rotulo);
        const iccid = `8955${String(Date.now()).padStart(15, '0').slice(-15)}`;
        const planilha = await importar(
          { recurso: 'chips', modo: 'importar' },
          csv([
            ['ICCID', 'Linha', 'Operadora', 'Custo mensal'],
            [iccid, `(11) ${n2.slice(0, 5)}-${n2.slice(5)}`, 'Vivo', '9,90'],
          ]),
        );
        expect(planilha).toMatchObject({ criadas: 0, atualizadas: 1, ignoradas: 0, nErros: 0 });
        expect((await env.admin.get(`/v1/chips/${doRotulo.chipId}`)).body).toMatchObject({
          iccid,
          phone: `11${n2}`,
          operadora: 'Vivo',
          custoMensal: 9.9,
          deviceId: doRotulo.id,
        });
        expect(await tracker(ids.rotulo)).toMatchObject({ chipId: doRotulo.chipId, iccid, operadora: 'Vivo' });
        await jobsIdle();
        semMudanca();

        // Once the product owns a name (the tracker in a vehicle: its plate), the sync writes it, and only it.
        const rotulado = await tracker(ids.rotulo);
        const veiculo = (await env.admin.post('/v1/veiculos', newVeiculoFor(owner.id))).body;
        expect(
          (
            await env.admin.put(`/v1/trackres/${rotulado.id}`, {
              imei: rotulado.imei,
              modelo: rotulado.modelo,
              marca: rotulado.marca,
              idveiculo: veiculo.id,
            })
          ).status,
        ).toBe(200);
        await jobsIdle();
        const antesDoRotulo = antes.find((d) => d.id === ids.rotulo)!;
        expect(fonte.devices.get(ids.rotulo)).toEqual({ ...antesDoRotulo, name: veiculo.placa });
        expect([...fonte.devices.values()].filter((d) => d.id !== ids.rotulo)).toEqual(antes.filter((d) => d.id !== ids.rotulo));
      } finally {
        await fonte.close();
      }
    });
  });
});
