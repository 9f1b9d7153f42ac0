/**
 * The charge's PIX and boleto as Asaas gives them (DESIGN 10, INTEGRATIONS.md 3 "Beyond charges"):
 * `GET /payments/{id}/pixQrCode` and `/identificationField`, read by the gateway sync and kept in
 * `cobrancas.pix`, `boleto` and `pagamentoLidoEm`. A change to the charge's value or due date
 * clears them (resources/cobrancas.ts), so the next read is fresh; otherwise they are served from
 * the row. Read when the payment is linked (its alert can carry them), after the payment is
 * changed in Asaas, and by the payment page when they are missing. A failed read stores nothing it
 * did not get and is retried on the next view: the page shows without them, never a 5xx.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { cobrancaPagavel } from '../../domain/cobranca';
import type { Db } from '../db/client';
import { cobrancas } from '../db/schema';
import { asaas, type AsaasConfig } from '../integrations/asaas';
import { IntegrationError } from '../integrations/http';
import { asaasConfig } from '../cobrancas/gateway';

export interface PixData {
  payload: string;
  encodedImage: string;
  expirationDate: string | null;
}
export interface BoletoData {
  identificationField: string;
  bankSlipUrl: string;
}

/** A refusal that will not change on retry (no PIX key on the account, a card-only payment): stored as "none". */
const settled = (error: unknown) =>
  error instanceof IntegrationError && error.httpStatus >= 400 && error.httpStatus < 500 && error.httpStatus !== 429;

/** Both reads, at once; `complete` when neither needs another try. */
export async function fetchBoth(config: AsaasConfig, gatewayId: string, bankSlipUrl: string, timeoutMs?: number) {
  const [pix, field] = await Promise.allSettled([
    asaas.pixQrCode(config, gatewayId, timeoutMs),
    asaas.identificationField(config, gatewayId, timeoutMs),
  ]);
  const pixData: PixData | null =
    pix.status === 'fulfilled' && typeof pix.value?.payload === 'string' && pix.value.payload
      ? {
          payload: pix.value.payload.slice(0, 1000),
          encodedImage: typeof pix.value.encodedImage === 'string' ? pix.value.encodedImage.slice(0, 200_000) : '',
          expirationDate: typeof pix.value.expirationDate === 'string' ? pix.value.expirationDate.slice(0, 30) : null,
        }
      : null;
  const boletoData: BoletoData | null =
    field.status === 'fulfilled' && typeof field.value?.identificationField === 'string' && field.value.identificationField
      ? { identificationField: field.value.identificationField.slice(0, 100), bankSlipUrl }
      : null;
  // Read for good when each call answered or refused for good; a timeout or 5xx is read again next time.
  const complete = [pix, field].every((result) => result.status === 'fulfilled' || settled(result.reason));
  return { pix: pixData, boleto: boletoData, complete };
}

export interface PagamentoLido {
  pix: PixData | null;
  boleto: BoletoData | null;
}

/**
 * Reads the charge's PIX and boleto from Asaas and stores them, unless the charge changed
 * meanwhile (its value, due date or payment): then nothing is stored and what was read is still
 * returned only if the charge is the same. Null when there is nothing to read (gateway off, no
 * payment, paid or cancelled).
 */
export async function lerPagamento(
  db: Db,
  id: number,
  options: { baseUrl?: string; timeoutMs?: number } = {},
): Promise<PagamentoLido | null> {
  const [charge] = await db
    .select({
      gatewayId: cobrancas.gatewayId,
      status: cobrancas.status,
      valor: cobrancas.valor,
      duedate: cobrancas.duedate,
      bankSlipUrl: cobrancas.bankSlipUrl,
    })
    .from(cobrancas)
    .where(eq(cobrancas.id, id));
  if (!charge?.gatewayId || !cobrancaPagavel(charge)) return null;
  const config = await asaasConfig(db, options.baseUrl);
  if (!config) return null;
  const read = await fetchBoth(config, charge.gatewayId, charge.bankSlipUrl, options.timeoutMs);
  await db
    .update(cobrancas)
    .set({
      pix: read.pix as Record<string, unknown> | null,
      boleto: read.boleto as Record<string, unknown> | null,
      pagamentoLidoEm: read.complete ? new Date() : null,
    })
    .where(
      and(
        eq(cobrancas.id, id),
        eq(cobrancas.gatewayId, charge.gatewayId),
        eq(cobrancas.valor, String(charge.valor)),
        eq(cobrancas.duedate, charge.duedate),
        isNull(cobrancas.pagamentoLidoEm),
      ),
    );
  return { pix: read.pix, boleto: read.boleto };
}
