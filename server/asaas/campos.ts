/**
 * A client's and a charge's fields as Asaas takes them (INTEGRATIONS.md 3), for the sync
 * (asaas/sync.ts).
 */
import { clienteNome } from '../../domain/clientes';
import { onlyDigits } from '../../domain/text';
import type { clientes } from '../db/schema';

type ClienteRow = typeof clientes.$inferSelect;

/** Asaas' phone: area code and number, without the country code. */
export function asaasPhone(value: string): string {
  const digits = onlyDigits(value);
  return digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits;
}

/** What Asaas keeps of a client. We send our own WhatsApp messages: Asaas' notifications stay off. */
export function customerFields(client: ClienteRow) {
  return {
    name: clienteNome(client),
    email: client.email,
    mobilePhone: asaasPhone(client.mobilePhone),
    phone: asaasPhone(client.phone),
    address: client.address,
    addressNumber: client.addressNumber,
    complement: client.complement,
    province: client.province,
    postalCode: client.postalCode,
    notificationDisabled: true,
  };
}

/** The billing types a payment's PUT takes (INTEGRATIONS.md 3); another one (a paid payment's) is sent as UNDEFINED. */
export const BILLING_TYPES = ['BOLETO', 'CREDIT_CARD', 'PIX', 'UNDEFINED'];

/** Blank fields left out (a create needs none of them). */
export const withoutBlanks = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));

/** Fine (% once) and interest (% a month), as Asaas takes them. */
export const rateFields = (rates: { multa: number; jurosmensal: number }) => ({
  fine: { value: Number(rates.multa), type: 'PERCENTAGE' },
  interest: { value: Number(rates.jurosmensal) },
});
