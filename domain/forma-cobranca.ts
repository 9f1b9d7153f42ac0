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

/** The Pix Automático authorization's state on a subscription. */
export const PIX_AUTOMATICO_STATUS = ['aguardando', 'ativa', 'cancelada', 'expirada', 'recusada'] as const;
export type PixAutomaticoStatus = (typeof PIX_AUTOMATICO_STATUS)[number];

/** A Pix Automático debit's instruction on a charge (PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_*). */
export const DEBITO_PIX_STATUS = ['criada', 'agendada', 'recusada', 'cancelada'] as const;
export type DebitoPixStatus = (typeof DEBITO_PIX_STATUS)[number];
/** A refused or cancelled debit: the charge is paid by PIX or boleto, as any other. */
export const debitoPixFalhou = (debito: unknown): boolean => {
  const status = (debito as { status?: unknown } | null | undefined)?.status;
  return status === 'recusada' || status === 'cancelada';
};

/** Pix Automático's frequency for a subscription's cycle (INTEGRATIONS.md 4.3); none for BIWEEKLY and BIMONTHLY. */
export const FREQUENCIA_PIX: Record<string, string | undefined> = {
  WEEKLY: 'WEEKLY',
  MONTHLY: 'MONTHLY',
  QUARTERLY: 'QUARTERLY',
  SEMIANNUALLY: 'SEMIANNUALLY',
  YEARLY: 'ANNUALLY',
};

export const MSG_FORMA = {
  pixInativo: 'O Pix Automático está desativado: ative-o em Integrações (requer liberação do Asaas).',
  pixSemGateway: 'O Pix Automático é feito pelo Asaas: ative a integração e aguarde a sincronização da assinatura.',
  pixTrocado: 'A equipe trocou a forma de cobrança da assinatura.',
  pixCiclo: 'O Pix Automático não aceita cobranças quinzenais nem bimestrais: escolha outra periodicidade.',
  pixAssinaturaInativa: 'Só uma assinatura ativa pode usar o Pix Automático.',
  pixNaoLiberado: 'O Asaas não liberou o Pix Automático nesta conta. Peça ao time de integrações do Asaas o acesso ao recurso.',
  pixMotivo: {
    CANCELLED: 'O cliente ou o banco cancelou a autorização do Pix Automático.',
    EXPIRED: 'A autorização do Pix Automático expirou sem pagamento.',
    REFUSED: 'O banco do cliente recusou a autorização do Pix Automático.',
  } as Record<string, string>,
  enviarInvalido: 'Use enviar: true para mandar o QR Code e o copia e cola por WhatsApp, ou false.',
  pixSemCobrancaAberta: 'Não há cobrança em aberto nesta assinatura: nada a enviar por WhatsApp.',
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
