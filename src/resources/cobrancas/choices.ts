import { COBRANCA_STATUS } from '../../../domain/financeiro';

/** The filter's words (SPEC 4, DESIGN 9): Em Aberto, Recebidas, Vencidas, Canceladas. */
export const filterChoices = [
  { id: COBRANCA_STATUS.EM_ABERTO, name: 'app.cobrancas.filter.0' },
  { id: COBRANCA_STATUS.RECEBIDA, name: 'app.cobrancas.filter.1' },
  { id: COBRANCA_STATUS.VENCIDA, name: 'app.cobrancas.filter.2' },
  { id: COBRANCA_STATUS.CANCELADA, name: 'app.cobrancas.filter.3' },
];

/** The form's status choices, in the list's words. */
export const statusChoices = [0, 1, 2, 3].map((id) => ({ id, name: `app.cobrancas.status.${id}` }));

export const statusColor = (status: number) =>
  status === COBRANCA_STATUS.RECEBIDA
    ? 'success'
    : status === COBRANCA_STATUS.VENCIDA
      ? 'error'
      : status === COBRANCA_STATUS.CANCELADA
        ? 'default'
        : 'info';
