/**
 * Contracts (SPEC 2.12, DESIGN sections 4, 5 and 9): a client and an editable copy of a plan
 * (`plano`, copied from `idplano` when absent), the terms, and an unguessable public `token` for
 * the contract page (/static/contrato/{token}), which staff read to show and send the link.
 */
import { eq } from 'drizzle-orm';
import { CONTRATO_STATUS } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { id } from '../../domain/schemas/common';
import { contratoSchema, type ContratoInput } from '../../domain/schemas/financeiro';
import type { DbOrTx } from '../db/client';
import { clientes, contratos, planos } from '../db/schema';
import { addressOf } from '../db/tabelas/comum';
import { badRequest } from '../regras/http-errors';
import { defineResource, listFilters, STAFF_ACCESS } from './definition';
import { embed } from './embed';
import { clienteFinanceColumns, clienteSearch, financeClient, financeFieldsOf } from '../cobrancas/finance';
import { randomToken } from '../regras/passwords';
import { lerItens } from '../cobrancas/itens';
import { REAJUSTE_PADRAO } from '../../domain/reajuste';
import { appToday } from '../regras/clock';

type ContratoRow = typeof contratos.$inferSelect;

/** What a contract shows of its client (the document's personal data and address). */
export const contratoClienteColumns = {
  ...clienteFinanceColumns,
  ...addressOf(clientes),
};

/** The chosen plan, copied: what the contract keeps of it even if the plan changes later. */
async function planCopy(tx: DbOrTx, idplano: number) {
  const [plan] = await tx
    .select({
      id: planos.id,
      name: planos.name,
      descricao: planos.descricao,
      limtdispositivos: planos.limtdispositivos,
      valor: planos.valor,
      valoradd: planos.valoradd,
      informacoes: planos.informacoes,
      faixas: planos.faixas,
      fidelidadeMeses: planos.fidelidadeMeses,
      multaFidelidade: planos.multaFidelidade,
    })
    .from(planos)
    .where(eq(planos.id, idplano));
  if (!plan) throw badRequest(MSG.planoNotFound, { idplano: MSG.planoNotFound });
  return { ...plan, valor: Number(plan.valor), valoradd: Number(plan.valoradd) };
}

async function values(input: ContratoInput, tx: DbOrTx, existing?: ContratoRow) {
  const client = await financeClient(tx, input.idcliente);
  // The copy sent wins; without one, the plan's fields (kept as they are while the plan is the same).
  const plano =
    input.plano !== undefined
      ? { ...input.plano, id: input.idplano }
      : existing && existing.idplano === input.idplano
        ? existing.plano
        : await planCopy(tx, input.idplano);
  if (input.plano !== undefined) await planCopy(tx, input.idplano); // the plan must exist all the same
  return { ...input, plano, ...clienteSearch(client) };
}

export const contratosResource = defineResource({
  name: 'contratos',
  table: contratos,
  access: STAFF_ACCESS,
  searchFields: (c) => [c.id, c.clienteNome, c.clienteDocumento, (c.plano as { descricao?: string } | undefined)?.descricao],
  copia: { de: 'clientes', key: contratos.idcliente, busca: (c) => clienteSearch(financeFieldsOf(c)) },
  hiddenColumns: ['updatedAt', 'bloqueioOverride', 'traccarOcupadoAte'],
  sortable: { id: contratos.id, status: contratos.status, createdAt: contratos.createdAt },
  status: { values: Object.values(CONTRATO_STATUS), where: (status) => eq(contratos.status, status) },
  filters: listFilters({ idcliente: id(MSG.invalidCliente).optional() }, (q) => [
    q.idcliente !== undefined ? eq(contratos.idcliente, q.idcliente) : undefined,
  ]),
  embeds: [
    embed('cliente', {
      table: clientes,
      key: contratos.idcliente,
      columns: { ...contratoClienteColumns, naoEnviarMensagens: clientes.naoEnviarMensagens },
    }),
  ],
  // A contract's read carries its items (cobrancas/itens.ts), each with its effective value.
  async present(items, ctx, single) {
    if (!single) return;
    const itens = await lerItens(
      ctx.db,
      items.map((item) => Number(item.id)),
    );
    for (const item of items) item.itens = itens.get(Number(item.id)) ?? [];
  },
  create: {
    schema: contratoSchema,
    prepare: async (input: ContratoInput, _ctx, tx) => ({
      ...(await values(input, tx)),
      // The anniversary month defaults to the creation month (DESIGN 11).
      reajuste: { ...(input.reajuste ?? REAJUSTE_PADRAO), mes: input.reajuste?.mes ?? Number(appToday().slice(5, 7)) },
      token: randomToken(24),
    }),
  },
  update: {
    schema: contratoSchema,
    prepare: async (input: ContratoInput, existing, _ctx, tx) => ({
      ...(await values(input, tx, existing)),
      ...(input.reajuste
        ? {
            reajuste: {
              ...input.reajuste,
              mes: input.reajuste.mes ?? existing.reajuste.mes ?? Number(existing.createdAt.toISOString().slice(5, 7)),
            },
          }
        : {}),
    }),
  },
  remove: {},
});
