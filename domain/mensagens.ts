/** The WhatsApp messages' kinds (DESIGN 7 and 11), for the server and the messages list. */

/** The charges' alerts, each with its template. */
export const ALERT_KINDS = [
  'novacobranca',
  'vencehoje',
  'vencida',
  'cancelada',
  'recebida',
  'atualizada',
  // Collecting without chasing (DESIGN 11): the card asked for on Asaas's page, and a refused capture.
  'formaPagamento',
  'cartaoRecusado',
  // The notice before a negativação (DESIGN 11), sent by an administrator.
  'avisoNegativacao',
  // Pix Automático (DESIGN 11): a debit scheduled (instead of novacobranca and vencehoje), and the fall back to boleto/PIX.
  'debitoAgendado',
  'formaAlterada',
  // A contract's yearly readjustment applied (DESIGN 11): once per readjustment, about the contract, not a charge.
  'reajuste',
  // Pix Automático's authorization sent to the client (its QR code on the payment page, the copia e cola in the text).
  'autorizacaoPix',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The kinds the code writes: the charges' alerts, the staff's Enviar, and the conversations' replies (atendimento). */
export const MENSAGEM_KINDS = [...ALERT_KINDS, 'envio', 'atendimento'] as const;
export type MensagemKind = (typeof MENSAGEM_KINDS)[number];
