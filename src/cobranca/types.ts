/** `GET /v1/static/cobranca/{token}` (DESIGN 10) and the staff's `GET /v1/cobrancas/{id}/pagamento` (which adds `link`). */
export interface CobrancaPublica {
  empresa: { nome: string; cnpj: string; contato: string };
  cliente: { nome: string };
  cobranca: {
    id: number;
    descricao: string;
    valor: number;
    duedate: string;
    status: number;
    vencida: boolean;
    valorAtualizado: number | null;
    multa: number | null;
    juros: number | null;
    dias: number | null;
    pagoEm: string | null;
    valorPago: number | null;
    formaPagamento: string | null;
    /** A contract charge's lines (DESIGN 11); absent or empty for other charges. */
    itens?: { tipo: string; descricao: string; placa: string; de: string | null; ate: string | null; dias: number; valor: number }[];
    /** The early-payment discount (DESIGN 11) while it can be paid. */
    desconto?: { valor: number; valorComDesconto: number; ate: string } | null;
  };
  pix: { payload: string; encodedImage: string; expirationDate: string | null } | null;
  boleto: { identificationField: string; bankSlipUrl: string } | null;
  invoiceUrl: string;
  /** Pix Automático (DESIGN 11): the authorization's QR code while it waits, or the debit's date once active. */
  pixAutomatico?:
    { status: 'aguardando'; payload: string; encodedImage: string; expiraEm: string } | { status: 'ativa'; debitoEm: string } | null;
  /** How the subscription is collected: boleto_pix | cartao | pix_automatico; null for a charge without one. */
  formaCobranca?: string | null;
  link?: string;
}
