/** How an order is shown in the list, the agenda, the dashboard and its page. */
import { formatDate } from '../../../domain/formatters';
import { ORDEM_STATUS } from '../../../domain/ordensservicos';
import type { OrdemServico } from './types';

/** marca modelo ano. */
export const veiculoResumo = (veiculo: OrdemServico['veiculo']) =>
  veiculo ? [veiculo.marca, veiculo.modelo, veiculo.ano].filter(Boolean).join(' ') : '';

/** dd/mm/yyyy HH:mm, or the date alone, or nothing. */
export const agendamentoTexto = (ordem: Pick<OrdemServico, 'agendamento' | 'horario'>) =>
  [formatDate(ordem.agendamento), ordem.agendamento ? ordem.horario : ''].filter(Boolean).join(' ');

export const isConcluida = (ordem: Pick<OrdemServico, 'status'> | undefined | null) => Number(ordem?.status) === ORDEM_STATUS.CONCLUIDO;

/** The status choices of the list filter and the labels of the situation column (SPEC 4). */
export const statusChoices = [
  { id: ORDEM_STATUS.EM_ABERTO, name: 'app.ordensservicos.status.aberto' },
  { id: ORDEM_STATUS.CONCLUIDO, name: 'app.ordensservicos.status.concluido' },
  // A técnico's Finalizar waiting for the office's approval (DESIGN 11).
  { id: ORDEM_STATUS.AGUARDANDO_APROVACAO, name: 'app.ordensservicos.status.aguardando' },
];
export const statusLabel = (ordem: Pick<OrdemServico, 'status'>) =>
  isConcluida(ordem)
    ? 'app.ordensservicos.status.concluido'
    : Number(ordem.status) === ORDEM_STATUS.AGUARDANDO_APROVACAO
      ? 'app.ordensservicos.status.aguardando'
      : 'app.ordensservicos.status.aberto';
