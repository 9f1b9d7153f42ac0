/**
 * Subscriptions, the recurring charges (SPEC 2.13, DESIGN sections 4, 7 and 9). The client's data
 * (cadastro, name or razão social, CPF/CNPJ, IM, IE, e-mail, phones) is a copy taken from the
 * client on every write and kept in step when the client changes (its `copia`, resources/copies.ts): the
 * client's fields in a body are ignored. `datecreated` is the start (today when absent). Status
 * 0 Ativa bills; 1 Bloqueada (staff) and 2 Vencida (its end date passed, set by the billing job)
 * do not. The billing job (cobrancas/faturamento.ts) turns each period into a charge.
 */
import { and, eq, ne } from 'drizzle-orm';
import { ASSINATURA_STATUS } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { id } from '../../domain/schemas/common';
import { assinaturaSchema, type AssinaturaInput } from '../../domain/schemas/financeiro';
import type { DbOrTx } from '../db/client';
import { assinaturas, contratos } from '../db/schema';
import { badRequest, conflict } from '../regras/http-errors';
import { valorVinculado } from '../cobrancas/itens';
import { defineResource, listFilters, STAFF_ACCESS } from './definition';
import { appToday } from '../regras/clock';
import { clienteSearch, financeClient, type ClienteFinance, financeFieldsOf } from '../cobrancas/finance';
import { enqueueGateway, subscriptionChanged } from '../cobrancas/gateway';
import { billSubscriptionNow } from '../cobrancas/faturamento';
import { formaDaAssinatura, pixAutomaticoDeixado, presentFormaCobranca } from '../cobrancas/formas';

type AssinaturaRow = typeof assinaturas.$inferSelect;

/** The client's fields a subscription keeps a copy of. */
export const clienteCopy = ({ id: _id, ...client }: ClienteFinance) => client;

/** The columns of a subscription: its input, its client's copied data and search text, money as text. */
export const assinaturaColumns = (input: AssinaturaInput, client: ClienteFinance) => ({
  ...input,
  ...clienteCopy(client),
  ...clienteSearch(client),
  valor: input.valor.toFixed(2),
  multa: input.multa.toFixed(2),
  jurosmensal: input.jurosmensal.toFixed(2),
});

/**
 * A subscription linked to a contract (DESIGN 11): the contract is its client's and has no other
 * subscription (409), the cycle is monthly or longer, and the value is the contract's active items'
 * sum × the cycle's months: computed on creation, and a change to it is refused (400).
 */
async function linkedValor(input: AssinaturaInput, tx: DbOrTx, existing?: AssinaturaRow): Promise<number> {
  const idcontrato = input.idcontrato!;
  const [contrato] = await tx.select({ idcliente: contratos.idcliente }).from(contratos).where(eq(contratos.id, idcontrato));
  if (!contrato || contrato.idcliente !== input.idcliente)
    throw badRequest(MSG.assinaturaContratoDoCliente, { idcontrato: MSG.assinaturaContratoDoCliente });
  const [outra] = await tx
    .select({ id: assinaturas.id })
    .from(assinaturas)
    .where(and(eq(assinaturas.idcontrato, idcontrato), existing ? ne(assinaturas.id, existing.id) : undefined));
  if (outra) throw conflict(MSG.assinaturaContratoEmUso, { idcontrato: MSG.assinaturaContratoEmUso });
  const valor = await valorVinculado(tx, idcontrato, input.cycle);
  if (valor === null) throw badRequest(MSG.assinaturaVinculadaCiclo, { cycle: MSG.assinaturaVinculadaCiclo });
  if (existing && Math.round(input.valor * 100) !== Math.round(valor * 100))
    throw badRequest(MSG.assinaturaVinculadaValor, { valor: MSG.assinaturaVinculadaValor });
  return valor;
}

async function values(input: AssinaturaInput, tx: DbOrTx, existing?: AssinaturaRow) {
  const client = await financeClient(tx, input.idcliente);
  const linked = input.idcontrato !== null ? { ...input, valor: await linkedValor(input, tx, existing) } : input;
  return {
    ...assinaturaColumns(linked, client),
    datecreated: input.datecreated ?? existing?.datecreated ?? appToday(),
    // How it is collected (DESIGN 11): 409 without the gateway, the card's state from aguardando.
    ...(await formaDaAssinatura(tx, input.formaCobranca, existing)),
  };
}

export const assinaturasResource = defineResource({
  name: 'assinaturas',
  table: assinaturas,
  access: STAFF_ACCESS,
  searchFields: (a) => [a.id, a.clienteNome, a.clienteDocumento, a.description],
  // Keeps a copy of its client's data, and is found by its name and document.
  copia: {
    de: 'clientes',
    key: assinaturas.idcliente,
    busca: (c) => clienteSearch(financeFieldsOf(c)),
    colunas: (c) => clienteCopy(financeFieldsOf(c)),
  },
  hiddenColumns: ['updatedAt', 'gatewayId'],
  sortable: {
    id: assinaturas.id,
    description: assinaturas.description,
    datecreated: assinaturas.datecreated,
    nextduedate: assinaturas.nextduedate,
    valor: assinaturas.valor,
    status: assinaturas.status,
  },
  status: { values: Object.values(ASSINATURA_STATUS), where: (status) => eq(assinaturas.status, status) },
  filters: listFilters({ idcliente: id(MSG.invalidCliente).optional() }, (q) => [
    q.idcliente !== undefined ? eq(assinaturas.idcliente, q.idcliente) : undefined,
  ]),
  present(items) {
    // A row an INSERT or UPDATE returns has numeric columns as text (the parsers apply to reads).
    for (const item of items) {
      for (const field of ['valor', 'multa', 'jurosmensal']) item[field] = Number(item[field]);
      presentFormaCobranca(item);
    }
  },
  // With the gateway active, each subscription is Asaas' too (asaas/sync.ts): created,
  // updated, removed when it stops being active or is removed. Asaas then bills it (cobrancas/faturamento.ts).
  create: {
    schema: assinaturaSchema,
    prepare: (input: AssinaturaInput, _ctx, tx) => values(input, tx),
    // Without the gateway, a period due within `emaberto` days becomes its charge now, in this
    // transaction (cobrancas/faturamento.ts): the reply names it (`cobrancaGerada`), so the screen shows it.
    // With the gateway, Asaas bills it (`cobrancaPeloGateway`).
    async after(saved, _input, ctx, tx) {
      if (saved.status !== ASSINATURA_STATUS.ATIVA) return { ...saved, cobrancaGerada: null, cobrancaPeloGateway: false };
      await enqueueGateway(tx, ctx.effects.queue, [{ kind: 'assinatura', id: saved.id }]);
      const { charges, gatewayBills } = await billSubscriptionNow(tx, appToday(), saved.id, ctx.effects);
      const [row] = charges.length ? await tx.select().from(assinaturas).where(eq(assinaturas.id, saved.id)) : [saved];
      return { ...row, cobrancaGerada: charges.length ? { id: charges[0] } : null, cobrancaPeloGateway: gatewayBills };
    },
  },
  update: {
    schema: assinaturaSchema,
    prepare: (input: AssinaturaInput, existing, _ctx, tx) => values(input, tx, existing),
    async after(saved, existing, ctx, tx) {
      if ((saved.gatewayId || saved.status === ASSINATURA_STATUS.ATIVA) && subscriptionChanged(existing, saved))
        await enqueueGateway(tx, ctx.effects.queue, [{ kind: 'assinatura', id: saved.id }]);
      // Moved off Pix Automático: its authorization is cancelled in Asaas (DESIGN 11).
      await pixAutomaticoDeixado(tx, existing, saved, ctx.effects);
    },
  },
  remove: {
    async after(removed, ctx, tx) {
      if (removed.gatewayId)
        await enqueueGateway(tx, ctx.effects.queue, [{ kind: 'assinatura-remover', id: removed.id, gatewayId: removed.gatewayId }]);
    },
  },
});
