/**
 * Server-side messages in pt-BR (DESIGN section 9 wording). The browser shows them as the
 * server sends them; its own texts live in src/i18n.
 */
export const MSG = {
  invalidInput: 'Dados inválidos. Verifique os campos destacados.',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  unauthenticated: 'Sessão expirada ou inexistente. Entre novamente.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Registro não encontrado.',
  routeNotFound: 'Endereço não encontrado.',
  tooLarge: 'O conteúdo enviado é grande demais.',
  tooMany: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  accountLocked: 'Muitas tentativas de acesso para esta conta. Tente novamente em 15 minutos.',
  crossSite: 'Requisição de outro site recusada.',
  internal: 'Erro interno do servidor. Tente novamente.',
  badCredentials: 'Login ou senha inválidos.',
  userBlocked: 'Usuário bloqueado. Procure o administrador.',
  alreadyInstalled: 'O sistema já foi instalado.',
  required: 'Campo obrigatório',
  invalidEmail: 'E-mail inválido',
  invalidCpf: 'CPF inválido',
  invalidCnpj: 'CNPJ inválido',
  emailTaken: 'Já existe um usuário com este e-mail.',
  loginTaken: 'Já existe um usuário com este login.',
  cpfTaken: 'Já existe um usuário com este CPF.',
  userOneProtected: 'O usuário principal (#1) não pode ser removido, bloqueado nem rebaixado.',
  cannotBlockSelf: 'Você não pode bloquear nem rebaixar a si mesmo.',
  secretForbidden: 'Somente administradores podem alterar os dados da empresa e as integrações.',
  pageSize: 'O tamanho da página deve estar entre 1 e 100.',
  page: 'A página deve ser um número maior ou igual a 1.',
  uploadType: 'Tipo de arquivo não permitido para este documento.',
  uploadTooBig: 'Arquivo maior que 5.000.000 bytes.',
  uploadEmpty: 'Arquivo vazio ou inválido.',
  uploadOwner: 'Você só pode enviar arquivos para o seu próprio usuário.',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres.',
  // Registry (SPEC 2.7–2.11, DESIGN section 9 wording)
  clienteNotFound: 'Cliente não encontrado',
  veiculoNotFound: 'Veículo não encontrado',
  rastreadorNotFound: 'Rastreador não encontrado',
  chipNotFound: 'Chip não encontrado',
  statusVencidoReserved: 'O status Vencido é definido somente pelo faturamento.',
  statusVencidoLocked: 'Cliente vencido: o status muda somente com o pagamento das cobranças.',
  clienteInUse: 'O cliente possui veículos, contratos, cobranças ou ordens de serviço e não pode ser removido.',
  veiculoHasTracker: 'Este veículo já tem outro rastreador. Desconecte-o primeiro.',
  trackerHasChip: 'Este rastreador já tem outro chip. Desconecte-o primeiro.',
  chipInUse: 'Este chip está em uso por outro rastreador.',
  chipInUseRemove: 'Chip em uso por um rastreador: desconecte-o antes de remover.',
  inUseByOrders: 'Este registro é usado por ordens de serviço e não pode ser removido.',
  precadastroToken: 'Link de pré-cadastro inválido ou expirado. Peça um novo link à empresa.',
} as const;

/** Pre-registration document count (SPEC section 5): 2 for FISICA, 3 for JURIDICA. */
export const precadastroDocumentosMessage = (n: number) => `Envie exatamente ${n} documentos (imagens ou PDF).`;
