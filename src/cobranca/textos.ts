/** The payment page's texts, filled: `app.cobranca_publica.*` of the catalogue, read without it (src/i18n/cobrancaPublica.ts). */
import { formatDate, formatMoney } from '../../domain/formatters';
import { FORMA_PAGAMENTO_LABEL, type FormaPagamento } from '../../domain/pagamento';
import { cobrancaPublicaMessages } from '../i18n/cobrancaPublica';

export type Texto = keyof typeof cobrancaPublicaMessages;

export function t(key: Texto, values: Record<string, string | number | null | undefined> = {}): string {
  return cobrancaPublicaMessages[key].replace(/%\{(\w+)\}/g, (token, name: string) =>
    values[name] == null ? token : String(values[name]),
  );
}

/** "Pago em dd/mm/aaaa: R$ 256,25 (PIX)", the amount and method when they were recorded. */
export function pagoEmTexto(cobranca: { pagoEm: string | null; valorPago: number | null; formaPagamento: string | null }): string {
  const data = formatDate(cobranca.pagoEm);
  const forma = FORMA_PAGAMENTO_LABEL[cobranca.formaPagamento as FormaPagamento] ?? '';
  if (cobranca.valorPago === null) return t('pago_em', { data });
  return t(forma ? 'pago_em_valor_forma' : 'pago_em_valor', { data, valor: formatMoney(cobranca.valorPago), forma });
}
