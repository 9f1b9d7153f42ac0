/**
 * How a subscription is collected (DESIGN 11, "Collecting without chasing"): boleto/PIX (Asaas
 * UNDEFINED, the client picks), a card on file (the client types it on Asaas's own page: no card
 * data ever reaches the product), or Pix Automático. Shared by the browser and the server.
 */
export const FORMAS_COBRANCA = ['boleto_pix', 'cartao', 'pix_automatico'] as const;
export type FormaCobranca = (typeof FORMAS_COBRANCA)[number];

export const FORMA_COBRANCA_LABEL: Record<FormaCobranca, string> = {
  boleto_pix: 'Boleto ou PIX',
  cartao: 'Cartão de crédito',
  pix_automatico: 'Pix Automático',
};

/** The card on file as Asaas reports it: aguardando (not typed yet), ativo, recusado (a capture was refused). */
export const CARTAO_STATUS = ['aguardando', 'ativo', 'recusado'] as const;
export type CartaoStatus = (typeof CARTAO_STATUS)[number];

export type CartaoEstado = {
  status: CartaoStatus;
  /** The card's last 4 digits, once Asaas reports a payment with it. */
  final: string | null;
  bandeira: string | null;
};

/** The Asaas subscription's billingType for a forma (INTEGRATIONS.md 4.3). */
export const billingTypeDaForma = (forma: string): 'CREDIT_CARD' | 'UNDEFINED' => (forma === 'cartao' ? 'CREDIT_CARD' : 'UNDEFINED');

export const MSG_FORMA = {
  forma: 'Use boleto_pix, cartao ou pix_automatico.',
  semGateway: 'Sem o Asaas ativo, a assinatura só pode ser cobrada por boleto ou PIX.',
  pixAutomaticoPelaRota: 'O Pix Automático é ativado em "Ativar Pix Automático" (POST /v1/assinaturas/{id}/pix-automatico).',
  dadosCartao: 'Dados de cartão não são aceitos: o cliente informa o cartão na página segura do Asaas.',
} as const;

/**
 * The keys that carry card data (Asaas's creditCard fields and their usual names). A body holding
 * one, at any depth, is refused (400) before any route reads it: the card is typed on Asaas's page.
 */
const CARD_KEYS = new Set(
  [
    'creditCard',
    'creditCardHolderInfo',
    'creditCardToken',
    'creditCardNumber',
    'creditCardCcv',
    'cardNumber',
    'numeroCartao',
    'numeroDoCartao',
    'ccv',
    'cvv',
    'cvc',
    'codigoSeguranca',
    'expiryMonth',
    'expiryYear',
    'validadeCartao',
  ].map((key) => key.toLowerCase()),
);

/** Whether a parsed body carries card data (a key of CARD_KEYS, at any depth up to `maxDepth`). */
export function temDadosDeCartao(value: unknown, maxDepth = 40): boolean {
  if (maxDepth < 0 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => temDadosDeCartao(item, maxDepth - 1));
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (CARD_KEYS.has(key.toLowerCase())) return true;
    if (temDadosDeCartao(inner, maxDepth - 1)) return true;
  }
  return false;
}
