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
  };
  pix: { payload: string; encodedImage: string; expirationDate: string | null } | null;
  boleto: { identificationField: string; bankSlipUrl: string } | null;
  invoiceUrl: string;
  link?: string;
}
