/**
 * The payment page, receiving by hand, sending to many and NFS-e (DESIGN 10, "Payment page, PIX,
 * boleto, NFS-e"): what the browser and the server share.
 */
import { opcoes } from './opcoes';

export const { valores: FORMAS_PAGAMENTO, labels: FORMA_PAGAMENTO_LABEL } = opcoes({
  dinheiro: 'Dinheiro',
  pix: 'PIX',
  transferencia: 'Transferência',
  boleto: 'Boleto',
  cartao: 'Cartão',
});
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];

/** At most this many charges in one "Enviar" of the list. */
export const ENVIAR_MAX = 100;

/** The charge's public token: 64 hex characters (migration 0011's default). */
export const COBRANCA_TOKEN = /^[0-9a-f]{64}$/;

/** The template placeholders of the payment (DESIGN 10), besides SPEC 9's. */
export const PAGAMENTO_PLACEHOLDERS = ['linkPagamento', 'pixCopiaECola', 'linhaDigitavel'] as const;

/**
 * A charge sent (or alerted) this many minutes ago is not sent again without a confirmation: one
 * click too many sent a client three messages in two minutes (issue 30).
 */
export const REENVIO_MINUTOS = 10;

/** Why a charge sent a moment ago was not sent again. */
export const enviadaHa = (minutos: number) =>
  `Esta cobrança foi enviada ${minutos < 1 ? 'há menos de 1 minuto' : minutos === 1 ? 'há 1 minuto' : `há ${minutos} minutos`}.`;

export const MSG_PAGAMENTO = {
  tokenInvalido: 'Cobrança não encontrada: o link é inválido ou a cobrança foi removida.',
  jaRecebida: 'Esta cobrança já está recebida.',
  cancelada: 'Esta cobrança está cancelada: não pode ser recebida.',
  naoRecebida: 'Esta cobrança não está recebida: nada a desfazer.',
  pelaGateway: 'Esta cobrança foi paga pelo gateway: o recebimento não pode ser desfeito aqui.',
  valorInvalido: 'Informe um valor maior que zero.',
  dataInvalida: 'Informe a data do pagamento (dd/mm/aaaa), que não pode estar no futuro.',
  formaInvalida: 'Escolha a forma de pagamento: dinheiro, PIX, transferência, boleto ou cartão.',
  idsInvalidos: `Selecione de 1 a ${ENVIAR_MAX} cobranças.`,
  naoEncontrada: 'Cobrança não encontrada.',
  envioCancelada: 'A cobrança está cancelada.',
  envioRecebida: 'A cobrança já foi recebida.',
  reenviarInvalido: 'Use reenviar=1 para enviar de novo uma cobrança enviada há pouco.',
} as const;
