/** The sample charge the alert previews are filled from, formatted as the server formats a real one. */
import type { ALERTA_PLACEHOLDERS } from '../../../domain/constants';
import { formatDate, formatMoney, formatNumero } from '../../../domain/formatters';

export const ALERTA_EXEMPLO: Record<(typeof ALERTA_PLACEHOLDERS)[number], string> = {
  codigo: formatNumero(42),
  name: 'Maria da Silva',
  description: 'Mensalidade do rastreamento',
  valor: formatMoney(89.9),
  dateCreated: formatDate('2026-03-05'),
  dueDate: formatDate('2026-03-15'),
  invoiceUrl: 'https://www.asaas.com/i/exemplo',
  bankSlipUrl: 'https://www.asaas.com/b/pdf/exemplo',
};
