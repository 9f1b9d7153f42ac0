/**
 * Spreadsheet imports (DESIGN 10, "Stock and imports"), for every staff member:
 * - `GET /v1/importacoes/modelos/{recurso}?formato=xlsx|csv`: the template of a resource;
 * - `POST /v1/importacoes/cabecalho` (multipart: recurso, arquivo): the file checked whole, its
 *   headers and the match the server would make, for the user to correct;
 * - `POST /v1/importacoes` (multipart: recurso, arquivo, modo, duplicados, colunas) → 202 `{ id }`;
 * - `GET /v1/importacoes/{id}`: its progress and counts, and the first refused rows;
 * - `GET /v1/importacoes/{id}/erros.csv`: every refused row, with the sheet's own columns.
 * A bad file is refused here with its pt-BR reason (4xx), before any job.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CAMPOS_IMPORTACAO,
  colunasInvalidas,
  DUPLICADOS,
  IMPORTACAO_MAX_BYTES,
  linhaExemplo,
  matchColumns,
  missingColumns,
  MODOS_IMPORTACAO,
  RECURSOS_IMPORTACAO,
  type RecursoImportacao,
} from '../../domain/importacao';
import { idParam } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import type { JobQueue } from '../queue/boss';
import { importacaoErros, importacaoIgnoradas, importacoes } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../regras/http-errors';
import { criarImportacao, criarImportacaoTraccar } from '../importacao/criar';
import { ERROS_NA_RESPOSTA } from '../importacao/importacao';
import { activeTraccar } from '../frota/traccar-sync';
import { inspecionar, PLANILHA_MSG, PlanilhaInvalida } from '../importacao/planilha';

export const IMPORTACAO_MSG = {
  recurso: 'Escolha o que importar: clientes, veiculos, trackres ou chips',
  modo: 'Modo inválido: use simular ou importar',
  duplicados: 'Use atualizar ou ignorar',
  colunas: 'Correspondência de colunas inválida: um objeto JSON de campo para cabeçalho',
  arquivo: 'Envie o arquivo da planilha (CSV ou XLSX)',
  multipart: 'Envie a planilha como formulário (multipart/form-data).',
  campos: 'Campos demais no formulário.',
  traccarInativo: 'A integração com o Traccar não está ativa: configure-a e ative-a antes de importar.',
} as const;

/** A refused Traccar device's fields in erros.csv, in this order. */
const TRACCAR_CSV = ['id', 'name', 'uniqueId', 'model', 'phone'];

const recursoSchema = z.enum(RECURSOS_IMPORTACAO, { error: IMPORTACAO_MSG.recurso });
const colunasSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return {};
    try {
      return JSON.parse(String(v));
    } catch {
      return null;
    }
  },
  z.record(z.string().max(60), z.string().max(200), { error: IMPORTACAO_MSG.colunas }).refine((v) => Object.keys(v).length <= 40, {
    error: IMPORTACAO_MSG.colunas,
  }),
);
const formSchema = z.object({
  recurso: recursoSchema,
  modo: z.enum(MODOS_IMPORTACAO, { error: IMPORTACAO_MSG.modo }).default('simular'),
  duplicados: z.enum(DUPLICADOS, { error: IMPORTACAO_MSG.duplicados }).default('ignorar'),
  colunas: colunasSchema,
});

/** The form's fields and its one file, read to the end (the file at most 50 MB: more is a 413). */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new HttpError(415, IMPORTACAO_MSG.multipart, { arquivo: IMPORTACAO_MSG.multipart });
  const fields: Record<string, string> = {};
  let arquivo: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.fieldname === 'arquivo' && !arquivo) arquivo = { name: part.filename.slice(0, 200), data: Buffer.concat(chunks) };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, PLANILHA_MSG.grande, { arquivo: PLANILHA_MSG.grande });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest(IMPORTACAO_MSG.campos, { arquivo: IMPORTACAO_MSG.campos });
    // Anything else is a form that cannot be read (a broken boundary, a truncated body).
    throw badRequest(IMPORTACAO_MSG.multipart, { arquivo: IMPORTACAO_MSG.multipart });
  }
  if (!arquivo) throw badRequest(IMPORTACAO_MSG.arquivo, { arquivo: IMPORTACAO_MSG.arquivo });
  return { fields, arquivo };
}

/** The file checked whole: a refusal under `arquivo`, with its pt-BR reason. */
async function inspect(data: Buffer) {
  try {
    return await inspecionar(() => Readable.from([data]), data.subarray(0, 65536));
  } catch (error) {
    if (error instanceof PlanilhaInvalida) throw new HttpError(error.status, error.message, { arquivo: error.message });
    throw error;
  }
}

function parseForm(fields: Record<string, string>, pick: readonly (keyof z.infer<typeof formSchema>)[]) {
  const checked = formSchema.pick(Object.fromEntries(pick.map((k) => [k, true])) as never).safeParse(fields);
  if (!checked.success) {
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) errors[String(issue.path[0] ?? 'arquivo')] ??= issue.message;
    throw badRequest(Object.values(errors)[0], errors);
  }
  return checked.data as z.infer<typeof formSchema>;
}

/** `colunas` names the resource's fields (or their API names) and the sheet's headers: otherwise a 400 under `colunas`. */
function conferirColunas(recurso: RecursoImportacao, cabecalho: readonly string[], colunas: Record<string, string>) {
  const [first] = colunasInvalidas(recurso, cabecalho, colunas);
  if (first) throw badRequest(first, { colunas: first });
}

/** A CSV cell for Excel: `;`-separated, quoted when needed, formulas neutralised. */
const csvCell = (value: unknown) => {
  let text = String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(';')}\r\n`;

export function registerImportacaoRoutes(app: FastifyInstance, db: Db, queue: JobQueue) {
  const tags = ['importacoes'];
  // Read as a stream (readForm): no parsed body; a JSON body is a 415 from readForm.
  const MULTIPART = ['multipart/form-data'];
  app.register(async (scope) => {
    // Multipart only here: every other route takes JSON.
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMPORTACAO_MAX_BYTES, files: 1, fields: 8, fieldSize: 16 * 1024, parts: 10, headerPairs: 50 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/v1/importacoes/cabecalho',
      {
        schema: { tags, summary: 'Lê o cabeçalho da planilha e sugere a correspondência de colunas', consumes: MULTIPART },
        config: { access: 'user' },
      },
      async (request) => {
        const { fields, arquivo } = await readForm(request);
        const { recurso, colunas } = parseForm(fields, ['recurso', 'colunas']);
        const { cabecalho, total, formato } = await inspect(arquivo.data);
        conferirColunas(recurso, cabecalho, colunas);
        return {
          formato,
          total,
          cabecalhos: cabecalho.filter(Boolean),
          colunas: matchColumns(recurso, cabecalho, colunas),
          campos: CAMPOS_IMPORTACAO[recurso].map(({ campo, rotulo, obrigatorio }) => ({
            campo,
            rotulo,
            obrigatorio: Boolean(obrigatorio),
          })),
        };
      },
    );

    r.post(
      '/v1/importacoes',
      { schema: { tags, summary: 'Simula ou importa uma planilha (CSV ou XLSX)', consumes: MULTIPART }, config: { access: 'user' } },
      async (request, reply) => {
        const { fields, arquivo } = await readForm(request);
        const form = parseForm(fields, ['recurso', 'modo', 'duplicados', 'colunas']);
        const { cabecalho, total } = await inspect(arquivo.data);
        conferirColunas(form.recurso, cabecalho, form.colunas);
        const colunas = matchColumns(form.recurso, cabecalho, form.colunas);
        const missing = missingColumns(form.recurso, colunas);
        if (missing.length) {
          const message = `Falta a coluna ${missing.map((f) => f.rotulo).join(', ')}: escolha na correspondência qual coluna da planilha a contém.`;
          throw badRequest(message, { colunas: message, ...Object.fromEntries(missing.map((f) => [f.campo, 'Coluna obrigatória'])) });
        }
        const id = await criarImportacao(db, queue, {
          ...form,
          colunas,
          nomeArquivo: arquivo.name,
          arquivo: arquivo.data,
          total,
          iduser: request.user!.id,
        });
        reply.code(202);
        return { id };
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/v1/importacoes/traccar',
    {
      schema: {
        tags,
        summary: 'Simula ou importa os dispositivos do Traccar que o sistema não tem (administradores)',
        body: z.object({ modo: z.enum(MODOS_IMPORTACAO, { error: IMPORTACAO_MSG.modo }) }).strict(),
      },
      config: { access: 'admin' },
      bodyLimit: 1024,
    },
    async (request, reply) => {
      if (!(await activeTraccar(db))) throw conflict(IMPORTACAO_MSG.traccarInativo);
      const id = await criarImportacaoTraccar(db, queue, { modo: request.body.modo, iduser: request.user!.id });
      reply.code(202);
      return { id };
    },
  );

  r.get(
    '/v1/importacoes/modelos/:recurso',
    {
      schema: {
        tags,
        summary: 'Modelo de planilha para importar',
        params: z.object({ recurso: recursoSchema }),
        querystring: z.object({ formato: z.enum(['xlsx', 'csv'], { error: 'Use xlsx ou csv' }).default('xlsx') }),
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const { recurso } = request.params;
      const campos = CAMPOS_IMPORTACAO[recurso];
      const name = `modelo-${recurso}`;
      if (request.query.formato === 'csv') {
        const body = `\ufeff${csvLine(campos.map((f) => f.rotulo))}${csvLine(linhaExemplo(recurso))}`;
        return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(body);
      }
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Importar');
      sheet.columns = campos.map((f) => ({ header: f.rotulo, width: Math.max(14, f.rotulo.length + 4), style: { numFmt: '@' } }));
      sheet.getRow(1).font = { bold: true };
      // The example row, marked in its first cell: the import skips it (issue 30).
      sheet.addRow(linhaExemplo(recurso));
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .send(buffer);
    },
  );

  r.get(
    '/v1/importacoes/:id',
    { schema: { tags, summary: 'Andamento e resultado da importação', params: idParam }, config: { access: 'user' } },
    async (request) => {
      const [row] = await db
        .select({
          id: importacoes.id,
          recurso: importacoes.recurso,
          origem: importacoes.origem,
          modo: importacoes.modo,
          duplicados: importacoes.duplicados,
          nomeArquivo: importacoes.nomeArquivo,
          status: importacoes.status,
          motivo: importacoes.motivo,
          total: importacoes.total,
          processadas: importacoes.processadas,
          criadas: importacoes.criadas,
          atualizadas: importacoes.atualizadas,
          ignoradas: importacoes.ignoradas,
          nErros: importacoes.nErros,
          nAvisos: importacoes.nAvisos,
          colunas: importacoes.colunas,
          createdAt: importacoes.createdAt,
          updatedAt: importacoes.updatedAt,
        })
        .from(importacoes)
        .where(eq(importacoes.id, request.params.id));
      if (!row) throw notFound();
      // A Traccar import speaks of devices: each row names its device (Traccar's id, name and uniqueId).
      const traccar = row.origem === 'traccar';
      const ler = async (aviso: boolean) => {
        const rows = await db
          .select({
            linha: importacaoErros.linha,
            campo: importacaoErros.campo,
            mensagem: importacaoErros.mensagem,
            dados: importacaoErros.dados,
          })
          .from(importacaoErros)
          .where(and(eq(importacaoErros.idimportacao, row.id), eq(importacaoErros.aviso, aviso)))
          .orderBy(asc(importacaoErros.linha), asc(importacaoErros.id))
          .limit(ERROS_NA_RESPOSTA);
        return rows.map(({ dados, ...erro }) =>
          traccar ? { ...erro, dispositivo: { id: Number(dados.id) || 0, name: dados.name ?? '', uniqueId: dados.uniqueId ?? '' } } : erro,
        );
      };
      // The skipped rows (issue 30): which line, why, and the record it matched.
      const ignoradasLinhas = await db
        .select({ linha: importacaoIgnoradas.linha, motivo: importacaoIgnoradas.motivo, registro: importacaoIgnoradas.registro })
        .from(importacaoIgnoradas)
        .where(eq(importacaoIgnoradas.idimportacao, row.id))
        .orderBy(asc(importacaoIgnoradas.linha), asc(importacaoIgnoradas.id))
        .limit(ERROS_NA_RESPOSTA);
      return { ...row, erros: await ler(false), avisos: row.nAvisos ? await ler(true) : [], ignoradasLinhas };
    },
  );

  r.get(
    '/v1/importacoes/:id/erros.csv',
    { schema: { tags, summary: 'Linhas recusadas da importação, em CSV', params: idParam }, config: { access: 'user' } },
    async (request, reply) => {
      const [row] = await db
        .select({ id: importacoes.id, recurso: importacoes.recurso, origem: importacoes.origem, colunas: importacoes.colunas })
        .from(importacoes)
        .where(eq(importacoes.id, request.params.id));
      if (!row) throw notFound();
      const id = row.id;
      // The sheet's columns: those matched, in the template's order, then the others the refused rows kept.
      const result = (await db.execute(
        sql`SELECT coalesce(array_agg(DISTINCT k ORDER BY k), '{}') AS headers FROM importacao_erros e, jsonb_object_keys(e.dados) AS k WHERE e.idimportacao = ${id} AND NOT e.aviso`,
      )) as unknown as { rows: { headers: string[] }[] };
      // A Traccar import's refused devices: the reason, then the device's own fields (no sheet's line nor column).
      const traccar = row.origem === 'traccar';
      const matched = traccar
        ? TRACCAR_CSV.filter((h) => result.rows[0].headers.includes(h))
        : CAMPOS_IMPORTACAO[row.recurso as RecursoImportacao].map((f) => row.colunas?.[f.campo]).filter((h): h is string => Boolean(h));
      const sheetHeaders = [...matched, ...result.rows[0].headers.filter((h) => !matched.includes(h))];
      async function* lines() {
        yield `\ufeff${csvLine([...(traccar ? [] : ['Linha', 'Coluna']), 'Motivo', ...sheetHeaders])}`;
        let after = 0;
        for (;;) {
          const page = await db
            .select({
              id: importacaoErros.id,
              linha: importacaoErros.linha,
              campo: importacaoErros.campo,
              mensagem: importacaoErros.mensagem,
              dados: importacaoErros.dados,
            })
            .from(importacaoErros)
            .where(sql`${importacaoErros.idimportacao} = ${id} AND ${importacaoErros.id} > ${after} AND NOT ${importacaoErros.aviso}`)
            .orderBy(asc(importacaoErros.id))
            .limit(1000);
          if (!page.length) return;
          yield page
            .map((e) => csvLine([...(traccar ? [] : [e.linha, e.campo]), e.mensagem, ...sheetHeaders.map((h) => e.dados[h] ?? '')]))
            .join('');
          after = page[page.length - 1].id;
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="importacao-${id}-recusadas.csv"`)
        .send(Readable.from(lines()));
    },
  );
}
