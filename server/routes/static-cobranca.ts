/**
 * The payment page's call (DESIGN 10): `GET /v1/static/cobranca/{token}`, with no session: the
 * charge's unguessable token (64 hex characters, 256 bits) is the credential. It answers the
 * company's header, the client's name, the charge (with its updated value when overdue, as the
 * charge page computes it) and, while it can be paid, its PIX and boleto from the gateway's cache
 * (read from Asaas first when missing: a failed read shows the page without them, never a 5xx).
 * Nothing of other charges, of the client beyond the name, or of staff. A wrong token is a 404;
 * every call counts against the public limit of 60 a minute per address (routes/precadastro.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { daysBetween } from '../../domain/calendar';
import { clienteNome } from '../../domain/clientes';
import { cobrancaPagavel, cobrancaVencida } from '../../domain/cobranca';
import { COBRANCA_STATUS, INTEGRATION_STATUS, PUBLIC_RATE_PER_MINUTE } from '../../domain/constants';
import { DEFAULT_RATES, valorAtualizado } from '../../domain/financeiro';
import { COBRANCA_TOKEN, MSG_PAGAMENTO } from '../../domain/pagamento';
import { descontoDaCobranca } from '../../domain/desconto';
import { debitoPixFalhou } from '../../domain/forma-cobranca';
import { text } from '../../domain/schemas/common';
import type { Db } from '../db/client';
import { assinaturas, clientes, cobrancas, companySettings } from '../db/schema';
import { notFound } from '../regras/http-errors';
import { lerPagamento, type BoletoData, type PixData } from '../asaas/pagamento';
import { appToday } from '../regras/clock';
import { integrationActive, type CompanySettings } from '../regras/company';
import { limitPerAddress } from '../seguranca/rate-limit';
import { assinaturaRatesColumns } from '../cobrancas/finance';

/** How long the page waits for Asaas when the charge's PIX and boleto are not cached yet. */
const READ_TIMEOUT_MS = 4_000;

const params = z.object({ token: text(200) });

export interface StaticCobrancaOptions {
  asaasBaseUrl?: string;
}

/** The company's header and the gateway's settings, read in the charge's own statement (one round trip for the page). */
const empresaSql = sql<Record<
  string,
  unknown
> | null>`(SELECT ${companySettings.dadosempresa} FROM ${companySettings} WHERE ${companySettings.id} = 1)`;
const gatewaySql = sql<Record<
  string,
  unknown
> | null>`(SELECT ${companySettings.integrations}->'gateway' FROM ${companySettings} WHERE ${companySettings.id} = 1)`;
/** The client's name fields, as one JSON value (a scalar subquery plans faster than a join). */
const clienteSql = sql<{
  cadastro: string;
  name: string;
  razaosocial: string;
}>`(SELECT json_build_object('cadastro', ${clientes.cadastro}, 'name', ${clientes.name}, 'razaosocial', ${clientes.razaosocial}) FROM ${clientes} WHERE ${clientes.id} = ${cobrancas.idcliente})`;

/** The charge's subscription's forma and Pix Automático (DESIGN 11), as one JSON value. */
const formaSql = sql<{
  forma: string;
  pix: Record<string, unknown> | null;
} | null>`(SELECT json_build_object('forma', a.forma_cobranca, 'pix', a.pix_automatico) FROM ${assinaturas} a WHERE a.id = ${cobrancas.idassinatura})`;

/**
 * Pix Automático on the payment page (DESIGN 11): the authorization's QR code while it waits and
 * can be paid ("Ative o débito automático"), or the debit's date once active ("Será debitado
 * automaticamente em dd/mm", unless this charge's debit was refused); null otherwise.
 */
function pixAutomaticoDaPagina(forma: { forma: string; pix: Record<string, unknown> | null } | null, duedate: string, debitoPix: unknown) {
  const pix = forma?.forma === 'pix_automatico' ? forma.pix : null;
  // A refused or cancelled debit: this charge is paid by PIX or boleto (pix-debito.ts).
  if (pix?.status === 'ativa') return debitoPixFalhou(debitoPix) ? null : { status: 'ativa', debitoEm: duedate };
  if (pix?.status === 'aguardando' && Date.parse(String(pix.expiraEm)) > Date.now())
    return {
      status: 'aguardando',
      payload: String(pix.payload ?? ''),
      encodedImage: String(pix.encodedImage ?? ''),
      expiraEm: String(pix.expiraEm),
    };
  return null;
}

/** Fine and interest (%) of an overdue charge: its subscription's, or the company's (cobrancas/finance.ts companyRates). */
async function ratesOf(db: Db, idassinatura: number | null, empresa: Record<string, unknown>) {
  if (idassinatura !== null) {
    const [sub] = await db.select(assinaturaRatesColumns).from(assinaturas).where(eq(assinaturas.id, idassinatura));
    if (sub) return { multa: Number(sub.multa), jurosmensal: Number(sub.jurosmensal) };
  }
  const rate = (value: unknown, fallback: number) => (value === undefined || value === null || value === '' ? fallback : Number(value));
  return { multa: rate(empresa.multa, DEFAULT_RATES.multa), jurosmensal: rate(empresa.jurosmensal, DEFAULT_RATES.jurosmensal) };
}

/** The charge as the payment page (and the charge page's Pagamento box) shows it. */
export async function cobrancaPagamento(db: Db, where: { token: string } | { id: number }, options: StaticCobrancaOptions) {
  const [row] = await db
    .select({
      id: cobrancas.id,
      descricao: cobrancas.descricao,
      valor: cobrancas.valor,
      itens: cobrancas.itens,
      duedate: cobrancas.duedate,
      status: cobrancas.status,
      paymentDate: cobrancas.paymentDate,
      valorPago: cobrancas.valorPago,
      formaPagamento: cobrancas.formaPagamento,
      gatewayId: cobrancas.gatewayId,
      invoiceUrl: cobrancas.invoiceUrl,
      bankSlipUrl: cobrancas.bankSlipUrl,
      token: cobrancas.token,
      pix: cobrancas.pix,
      boleto: cobrancas.boleto,
      lido: cobrancas.pagamentoLidoEm,
      idassinatura: cobrancas.idassinatura,
      desconto: cobrancas.desconto,
      debitoPix: cobrancas.debitoPix,
      forma: formaSql,
      cliente: clienteSql,
      empresa: empresaSql,
      gatewaySettings: gatewaySql,
    })
    .from(cobrancas)
    .where('token' in where ? eq(cobrancas.token, where.token) : eq(cobrancas.id, where.id))
    .limit(1);
  if (!row) return null;
  const empresa = row.empresa ?? {};
  const today = appToday();
  const overdue = cobrancaVencida(row, today);
  const updated = overdue
    ? valorAtualizado(Number(row.valor), await ratesOf(db, row.idassinatura, empresa), daysBetween(row.duedate, today))
    : null;
  const canPay = cobrancaPagavel(row);
  const paga = row.status === COBRANCA_STATUS.RECEBIDA;
  const gatewaySettings = { status: INTEGRATION_STATUS.DESATIVADO, token: '', ...(row.gatewaySettings ?? {}) };
  const gateway =
    canPay &&
    Boolean(row.gatewayId) &&
    integrationActive({ integrations: { gateway: gatewaySettings } } as unknown as Pick<CompanySettings, 'integrations'>, 'gateway');
  let pix = gateway ? (row.pix as PixData | null) : null;
  let boleto = gateway ? (row.boleto as BoletoData | null) : null;
  if (gateway && !row.lido) {
    const read = await lerPagamento(db, row.id, { baseUrl: options.asaasBaseUrl, timeoutMs: READ_TIMEOUT_MS }).catch(() => null);
    pix = read?.pix ?? null;
    boleto = read?.boleto ?? null;
  }
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  const [nome, cnpj, contato] = [str(empresa.nome), str(empresa.cnpj), str(empresa.contato)];
  return {
    token: row.token,
    gatewayId: row.gatewayId,
    reply: {
      empresa: { nome, cnpj, contato },
      cliente: { nome: clienteNome(row.cliente) },
      cobranca: {
        id: row.id,
        descricao: row.descricao,
        valor: Number(row.valor),
        // A linked subscription's lines (DESIGN 11), as the charge carries them, without internal ids.
        itens: (row.itens ?? []).map(({ tipo, descricao, placa, de, ate, dias, valor }) => ({
          tipo,
          descricao,
          placa,
          de,
          ate,
          dias,
          valor,
        })),
        duedate: row.duedate,
        status: row.status,
        vencida: overdue,
        valorAtualizado: updated?.total ?? null,
        multa: updated?.multa ?? null,
        juros: updated?.juros ?? null,
        dias: updated?.dias ?? null,
        pagoEm: paga ? row.paymentDate : null,
        valorPago: paga ? (row.valorPago === null ? null : Number(row.valorPago)) : null,
        formaPagamento: paga ? row.formaPagamento : null,
        // The early-payment discount (DESIGN 11) while it can be paid: { valor, valorComDesconto, ate } or null.
        desconto: canPay ? descontoDaCobranca(row.desconto, Number(row.valor), row.duedate) : null,
      },
      pix: canPay ? pix : null,
      boleto:
        canPay && boleto ? { identificationField: boleto.identificationField, bankSlipUrl: boleto.bankSlipUrl || row.bankSlipUrl } : null,
      invoiceUrl: canPay ? row.invoiceUrl : '',
      pixAutomatico: canPay ? pixAutomaticoDaPagina(row.forma, row.duedate, row.debitoPix) : null,
      // How the subscription is collected (DESIGN 11): cartao offers "Pagar com cartão" (invoiceUrl).
      formaCobranca: row.forma?.forma ?? null,
    },
  };
}

export function registerStaticCobrancaRoutes(app: FastifyInstance, db: Db, options: StaticCobrancaOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The same counter as every /v1/static call: 60 a minute per address.
  const limited = limitPerAddress(db, 'static', PUBLIC_RATE_PER_MINUTE);

  r.get(
    '/v1/static/cobranca/:token',
    {
      schema: { tags: ['público'], summary: 'Página de pagamento: a cobrança, o PIX e o boleto', params },
      config: { access: 'public' },
      onRequest: [limited],
    },
    async (request, reply) => {
      const { token } = request.params;
      if (!COBRANCA_TOKEN.test(token)) throw notFound(MSG_PAGAMENTO.tokenInvalido);
      const found = await cobrancaPagamento(db, { token }, options);
      if (!found) throw notFound(MSG_PAGAMENTO.tokenInvalido);
      // The client's data: never kept by a shared cache, nor sent on as a referrer.
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return found.reply;
    },
  );
}
