/**
 * The client's page (DESIGN 10, "One page per client, one search box"):
 * - `GET /v1/clientes/{id}/resumo`: the client, why its status is what it is, and for each of its
 *   vehicles (with their tracker and its fleet situation), contracts (with the public link),
 *   subscriptions, charges (with exact open, overdue and received totals), service orders, messages,
 *   uploads and audit entries (administrators only, as the audit log), the count and the first rows.
 *   One statement: one round trip and one snapshot, so the counts and rows agree.
 * - `POST /v1/clientes/{id}/confirmar`: staff confirm a pre-registration (`revisao` back to false).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { cobrancaAbertaSql } from '../../domain/cobranca';
import { CLIENTE_STATUS, COBRANCA_STATUS } from '../../domain/constants';
import { formatNumero } from '../../domain/formatters';
import { isAdmin } from '../../domain/permissions';
import { idParam, semCorpo } from '../../domain/schemas/list';
import type { Db } from '../db/client';
import { clientes } from '../db/schema';
import { CLIENTE, COBRANCA } from '../db/status-sql';
import { descontoEfetivoSql } from '../cobrancas/formas';
import { notFound } from '../regras/http-errors';
import { clientesResource } from '../resources/clientes';
import { findById, presentItems } from '../resources/records';
import { ACAO, audit } from '../regras/auditoria';
import type { RequestContext } from '../resources/definition';

/** Rows of each section the page shows; its link opens the whole filtered list. */
export const RESUMO_LINHAS = 5;

/** A section: its count, and its first rows as a JSON array. */
const section = (count: SQL, rows: SQL) =>
  sql`json_build_object('total', (${count}), 'items', coalesce((SELECT json_agg(r) FROM (${rows} LIMIT ${RESUMO_LINHAS}) r), '[]'::json))`;

function resumoSql(id: Placeholder, admin: boolean): SQL {
  const parts: SQL[] = [
    sql`${section(
      sql`SELECT count(*) FROM veiculos WHERE idcliente = ${id}`,
      sql`SELECT v.id, v.placa, v.marca, v.modelo, v.ano, v.cor,
            CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('id', t.id, 'imei', t.imei, 'marca', t.marca, 'modelo', t.modelo,
              'situacao', f.situacao, 'lastUpdate', f.last_update) END AS device,
            -- its contract's block, or the client Bloqueado (DESIGN 11)
            (EXISTS (SELECT 1 FROM contratos_itens i WHERE i.idveiculo = v.id AND i.bloqueado AND i.status <> 'cancelado')
              OR EXISTS (SELECT 1 FROM clientes c WHERE c.id = v.idcliente AND c.status = ${CLIENTE.BLOQUEADO})) AS bloqueado
          FROM veiculos v LEFT JOIN trackres t ON t.id = v.device_id AND v.device_id > 0
          LEFT JOIN frota_estado f ON f.idrastreador = t.id
          WHERE v.idcliente = ${id} ORDER BY v.id DESC`,
    )} AS veiculos`,
    sql`${section(
      sql`SELECT count(*) FROM contratos WHERE idcliente = ${id}`,
      sql`SELECT id, status, token, plano->>'descricao' AS plano, plano->>'valor' AS valor, created_at AS "createdAt", bloqueio
          FROM contratos WHERE idcliente = ${id} ORDER BY id DESC`,
    )} AS contratos`,
    sql`${section(
      sql`SELECT count(*) FROM assinaturas WHERE idcliente = ${id}`,
      // With its forma de cobrança and state (DESIGN 11); never the Pix Automático QR code.
      // Its early-payment discount as its charges take it: its own, none, or its plan's.
      sql`SELECT id, description, valor, cycle, nextduedate, status, forma_cobranca AS "formaCobranca", cartao,
            ${descontoEfetivoSql(sql`assinaturas`)} AS desconto,
            CASE WHEN pix_automatico IS NULL THEN NULL ELSE json_build_object('status', pix_automatico->>'status',
              'motivo', pix_automatico->>'motivo', 'expiraEm', pix_automatico->>'expiraEm') END AS "pixAutomatico"
          FROM assinaturas WHERE idcliente = ${id} ORDER BY id DESC`,
    )} AS assinaturas`,
    // Overdue first (oldest first), then open by due date, then the rest, newest first.
    sql`${section(
      sql`SELECT count(*) FROM cobrancas WHERE idcliente = ${id}`,
      sql`SELECT id, descricao, valor, duedate, status, payment_date AS "paymentDate", valor_pago AS "valorPago" FROM cobrancas WHERE idcliente = ${id}
          ORDER BY CASE status WHEN ${COBRANCA.VENCIDA} THEN 0 WHEN ${COBRANCA.EM_ABERTO} THEN 1 ELSE 2 END,
            CASE WHEN ${cobrancaAbertaSql(sql, sql`status`)} THEN duedate END ASC, duedate DESC, id DESC`,
    )} AS cobrancas`,
    // Exact totals per status; received ones count what was paid (or the value when not recorded).
    sql`(SELECT coalesce(json_object_agg(status, json_build_object('qnt', n, 'valor', total)), '{}'::json) FROM (
          SELECT status, count(*) AS n, sum(CASE WHEN status = ${COBRANCA.RECEBIDA} THEN coalesce(valor_pago, valor) ELSE valor END) AS total
          FROM cobrancas WHERE idcliente = ${id} GROUP BY status) s) AS totais`,
    sql`(SELECT json_build_object('id', id, 'duedate', duedate, 'valor', valor, 'descricao', descricao) FROM cobrancas
          WHERE idcliente = ${id} AND status = ${COBRANCA.VENCIDA} ORDER BY duedate, id LIMIT 1) AS vencida`,
    sql`${section(
      sql`SELECT count(*) FROM ordensservicos WHERE idcliente = ${id}`,
      sql`SELECT o.id, o.descricao, o.agendamento, o.horario, o.status, v.placa FROM ordensservicos o
          LEFT JOIN veiculos v ON v.id = o.idveiculo WHERE o.idcliente = ${id} ORDER BY o.id DESC`,
    )} AS ordensservicos`,
    sql`${section(
      sql`SELECT count(*) FROM mensagens WHERE idcliente = ${id}`,
      sql`SELECT id, kind, status, motivo, destino, idcobranca, idcontrato, created_at AS "createdAt", enviada_em AS "enviadaEm"
          FROM mensagens WHERE idcliente = ${id} ORDER BY id DESC`,
    )} AS mensagens`,
    sql`${section(
      sql`SELECT count(*) FROM uploads WHERE documento = 'cliente' AND unid = ${id}`,
      sql`SELECT id, name, type, size, created_at AS "createdAt" FROM uploads WHERE documento = 'cliente' AND unid = ${id} ORDER BY id DESC`,
    )} AS uploads`,
  ];
  if (admin) {
    parts.push(
      sql`${section(
        sql`SELECT count(*) FROM auditoria WHERE idcliente = ${id}`,
        sql`SELECT id, acao, usuario, descricao, resultado, created_at AS "createdAt" FROM auditoria WHERE idcliente = ${id} ORDER BY id DESC`,
      )} AS auditoria`,
    );
  }
  return sql`SELECT ${sql.join(parts, sql`, `)}`;
}

type Json = Record<string, unknown>;
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Json;
const money = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

type Prepared = (target: Db, params: Record<string, unknown>) => Promise<Json[]>;
const statements = new Map<string, Prepared>();

/**
 * The sections' statement, parsed once per connection (a named statement) and, where the database
 * has it, planned once (`plannedOnce`, db/client.ts): its only value is the client's id, and every
 * plan reads that client's rows through the `(idcliente, id)` indexes, so planning it on every run
 * (twenty subqueries) cost more than running it (bench/README.md, "The client's page").
 */
function sectionsStatement(db: Db, admin: boolean): Prepared {
  const key = admin ? 'admin' : 'staff';
  let prepared = statements.get(key);
  if (!prepared) {
    const built = (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(
      resumoSql(sql.placeholder('id'), admin),
    );
    const name = `cliente_resumo_${key}`;
    prepared = async (target, params) => {
      const result = (await target._.session.prepareQuery(built, undefined, name, false).execute(params)) as Json[] | { rows: Json[] };
      return Array.isArray(result) ? result : result.rows;
    };
    statements.set(key, prepared);
  }
  return prepared;
}

/** The page's data; 404 for an unknown client. */
export async function clienteResumo(db: Db, ctx: RequestContext, id: number, plannedOnce?: Db) {
  const admin = isAdmin(ctx.user);
  // The client and its sections side by side: the sections are one statement, so one snapshot.
  const [row, rows] = await Promise.all([findById(db, clientesResource, id), sectionsStatement(db, admin)(plannedOnce ?? db, { id })]);
  // Billing or staff: read before presenting drops the column (it is internal to the list replies).
  const motivo = row.status === CLIENTE_STATUS.ATIVO ? null : ((row.statusMotivo as string | null) ?? null);
  const [cliente] = await presentItems(clientesResource, [row], ctx, true);
  const data = rows[0];
  const bucket = (status: number) => {
    const b = (parsed(data.totais)[status] ?? { qnt: 0, valor: 0 }) as Json;
    return { qnt: Number(b.qnt), valor: money(b.valor) };
  };
  const cobrancas = parsed(data.cobrancas);
  const vencida = data.vencida ? parsed(data.vencida) : null;
  const sections = ['veiculos', 'contratos', 'assinaturas', 'ordensservicos', 'mensagens', 'uploads', ...(admin ? ['auditoria'] : [])];
  return {
    cliente,
    // Why the status is what it is: staff set it, or billing did, for its oldest overdue charge.
    situacao: {
      status: row.status as number,
      motivo,
      cobranca: vencida ? { ...vencida, valor: money(vencida.valor) } : null,
    },
    ...Object.fromEntries(sections.map((name) => [name, parsed(data[name])])),
    cobrancas: {
      ...cobrancas,
      totais: {
        abertas: bucket(COBRANCA_STATUS.EM_ABERTO),
        vencidas: bucket(COBRANCA_STATUS.VENCIDA),
        recebidas: bucket(COBRANCA_STATUS.RECEBIDA),
        canceladas: bucket(COBRANCA_STATUS.CANCELADA),
      },
    },
  };
}

export function registerClienteResumoRoutes(app: FastifyInstance, db: Db, plannedOnce?: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/clientes/:id/resumo',
    {
      schema: { tags: ['clientes'], summary: 'A página do cliente: contagens e primeiras linhas de cada seção', params: idParam },
      config: { access: 'user' },
    },
    async (request) => {
      const ctx = { db, request, user: request.user!, effects: app.effects } as RequestContext;
      return clienteResumo(db, ctx, request.params.id, plannedOnce);
    },
  );

  r.post(
    '/v1/clientes/:id/confirmar',
    {
      schema: {
        tags: ['clientes'],
        summary: 'Confirma um pré-cadastro (revisao deixa de ser verdadeiro)',
        params: idParam,
        // No input: nothing, or an empty object, and nothing else is a 400.
        body: semCorpo,
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { id } = request.params;
      const user = request.user!;
      return db.transaction(async (tx) => {
        const [confirmed] = await tx
          .update(clientes)
          .set({ revisao: false })
          .where(and(eq(clientes.id, id), eq(clientes.revisao, true)))
          .returning({ id: clientes.id });
        if (!confirmed) {
          const [exists] = await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, id));
          if (!exists) throw notFound();
          return { id, revisao: false };
        }
        await audit(tx, {
          acao: ACAO.situacao,
          user: { id: user.id, name: user.name },
          idcliente: id,
          descricao: `Pré-cadastro do cliente ${formatNumero(id)} confirmado pela equipe.`,
          resultado: 'Pré-cadastro → Confirmado',
        });
        return { id, revisao: false };
      });
    },
  );
}
