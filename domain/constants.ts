/** Business constants shared by the browser and the server (SPEC sections 3, 4 and 9). */

/** 1 Administrador, 2 Usuário (staff); 3 Técnico: the field, only its own orders (DESIGN 11, "The técnico's phone"). */
export const ACESSO = { ADMIN: 1, USUARIO: 2, TECNICO: 3 } as const;
export type Acesso = (typeof ACESSO)[keyof typeof ACESSO];

/** User status as the list filter sees it: derived from `bloqueado`. */
export const USER_STATUS = { ATIVO: 0, BLOQUEADO: 1 } as const;

export const CLIENTE_STATUS = { ATIVO: 0, BLOQUEADO: 1, VENCIDO: 2 } as const;
/** The client statuses as the audit log and messages name them. */
export const CLIENTE_STATUS_LABEL: Record<number, string> = { 0: 'Ativo', 1: 'Bloqueado', 2: 'Vencido' };

export const COBRANCA_STATUS = { EM_ABERTO: 0, RECEBIDA: 1, VENCIDA: 2, CANCELADA: 3 } as const;

/** 2: a técnico's Finalizar waiting for the office, when the company asks for approval (DESIGN 11). */
export const ORDEM_STATUS = { EM_ABERTO: 0, CONCLUIDO: 1, AGUARDANDO_APROVACAO: 2 } as const;

export const ASSINATURA_STATUS = { ATIVA: 0, BLOQUEADA: 1, VENCIDA: 2 } as const;

export const CONTRATO_STATUS = { ATIVO: 0, ENCERRADO: 1 } as const;

export const INTEGRATION_STATUS = { DESATIVADO: 0, ATIVO: 1 } as const;

/** A chip's status as its list shows and filters it, derived from its link: Livre (no tracker) or Em uso. */
export const CHIP_STATUS = { LIVRE: 0, EM_USO: 1 } as const;

export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const SIDEBAR_WIDTH = 250;
export const MODAL_WIDTH = 700;
export const MODAL_HEIGHT = 620;

/** Every uploaded file, decoded, is at most this many bytes (DESIGN section 6). */
export const MAX_UPLOAD_BYTES = 5_000_000;

/** assinatura: the client's signature on a service order, drawn on the técnico's phone (DESIGN 11). */
export const UPLOAD_DOCUMENTOS = ['imgPerfil', 'cliente', 'ordensservicos', 'users', 'veiculos', 'contratos', 'assinatura'] as const;
export type UploadDocumento = (typeof UPLOAD_DOCUMENTOS)[number];

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

/** Which content types each upload kind accepts (DESIGN section 9, "upload kinds"). */
export const UPLOAD_ACCEPTS: Record<UploadDocumento, readonly string[]> = {
  imgPerfil: IMAGE_TYPES,
  veiculos: IMAGE_TYPES,
  ordensservicos: IMAGE_TYPES,
  cliente: DOCUMENT_TYPES,
  users: DOCUMENT_TYPES,
  contratos: DOCUMENT_TYPES,
  assinatura: ['image/png'],
};

/** Placeholder the API sends instead of a secret to non-administrators. */
export const SECRET_MASK = '********';

export const NOTIFICACOES_OPTIONS = {
  emaberto: [5, 7, 10, 15],
  repeticoes: [2, 3, 4, 5],
  intervalo: [2, 3, 4, 5],
  bloqueio: [5, 10, 15],
} as const;

/**
 * Placeholders of the alert templates (SPEC 9, DESIGN 7; issue 30 item 15: pt-BR names), filled by
 * domain/financeiro.ts fillTemplate; the editor offers these.
 */
export const ALERTA_PLACEHOLDERS = [
  'codigo',
  'nome',
  'descricao',
  'valor',
  'dataCriacao',
  'vencimento',
  'linkFatura',
  'linkBoleto',
  // The payment page and the gateway's PIX and boleto (DESIGN 10).
  'linkPagamento',
  'pixCopiaECola',
  'linhaDigitavel',
  // The company's name (issue 30): every message says who sends it.
  'empresa',
  // The early-payment discount (DESIGN 11): a sentence (or empty), the amount with it, its last day.
  'desconto',
  'valorComDesconto',
  'descontoAte',
  // Pix Automático's authorization waiting (DESIGN 11): its copia e cola (the QR code is on the payment page).
  'pixAutomatico',
] as const;
export type AlertaPlaceholder = (typeof ALERTA_PLACEHOLDERS)[number];

/**
 * The placeholders' first (English, SPEC 9) names, still filled in templates saved with them:
 * `{{name}}` renders as `{{nome}}`.
 */
export const PLACEHOLDER_ALIASES: Readonly<Record<string, AlertaPlaceholder>> = {
  name: 'nome',
  description: 'descricao',
  dateCreated: 'dataCriacao',
  dueDate: 'vencimento',
  invoiceUrl: 'linkFatura',
  bankSlipUrl: 'linkBoleto',
};

/**
 * How long a charge's "nova cobrança" (or "cobrança atualizada") message waits before it goes, in
 * minutes (issue 30 item 8): a value corrected meanwhile goes corrected, a charge removed or
 * cancelled meanwhile sends nothing. Configurações → Notificações; the server holds these bounds.
 */
export const ESPERA_MINUTOS = { padrao: 2, min: 0, max: 60 } as const;

/** The WhatsApp connect popup asks for a fresh QR code this often (SPEC 9, "Messaging QR refresh"). */
export const WHATS_QR_REFRESH_MS = 40_000;

export const LOGIN_LOCK = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 } as const;

export const SESSION_TTL = { idleHours: 12, absoluteDays: 7 } as const;

export const CADASTROS = ['FISICA', 'JURIDICA'] as const;
export type Cadastro = (typeof CADASTROS)[number];

/** Vehicle categories (SPEC section 3), stored in English, shown in Portuguese. */
export const VEHICLE_CATEGORIES = ['motorcycle', 'car', 'pickup', 'truck', 'bus', 'van'] as const;
export type VehicleCategory = (typeof VEHICLE_CATEGORIES)[number];

/** Documents the pre-registration needs: ID front and back, plus the company's for JURIDICA. */
export const PRECADASTRO_DOCUMENTOS: Record<Cadastro, number> = { FISICA: 2, JURIDICA: 3 };

/** The generic file-drop widget (SPEC sections 5 and 9). */
export const DROP_WIDGET = { filesLimit: 3, maxBytes: 3_000_000, noticeMs: 6000 } as const;

/** Public calls (/v1/static/*): requests per minute per address (DESIGN section 9). */
export const PUBLIC_RATE_PER_MINUTE = 60;
