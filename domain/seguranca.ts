/**
 * Two-factor sign-in, sessions and backups (DESIGN 10, "Trust"): the request shapes and the pt-BR
 * messages the server sends and the browser shows. Kept apart from messages.ts so this feature's
 * texts live in one place.
 */
import { z } from 'zod';

export const MSG_2FA = {
  codigoObrigatorio: 'Informe o código.',
  codigoInvalido: 'Código inválido ou expirado.',
  codigoFormato: 'Informe os 6 dígitos do aplicativo ou um código de recuperação.',
  jaAtivo: 'A verificação em duas etapas já está ativa. Desative-a antes de cadastrar outra.',
  semCadastro: 'Gere o QR code antes de confirmar o código.',
  naoAtivo: 'A verificação em duas etapas não está ativa para este usuário.',
  preSessaoExpirada: 'A etapa de verificação expirou. Entre com a senha novamente.',
  desativada: 'Verificação em duas etapas desativada.',
  redefinida: 'Verificação em duas etapas redefinida. O usuário deverá cadastrá-la de novo se for exigida.',
  sessaoNaoEncontrada: 'Sessão não encontrada.',
  sessaoEncerrada: 'Sessão encerrada.',
  sessaoAtual: 'Esta é a sessão em uso: para encerrá-la, use Sair.',
  outrasEncerradas: 'As outras sessões foram encerradas.',
  backupEmAndamento: 'Já há um backup em andamento. Aguarde terminar.',
  backupNaoEncontrado: 'Backup não encontrado.',
  backupSemDiretorio: 'Os backups não estão configurados: defina BACKUP_DIR no servidor.',
  backupSenhaCurta: 'A senha do arquivo deve ter ao menos 8 caracteres.',
  backupSenhaLonga: 'A senha do arquivo deve ter no máximo 200 caracteres.',
  backupSenhaTexto: 'Informe a senha do arquivo como texto.',
} as const;

/** A TOTP (6 digits, spaces allowed) or a recovery code (xxxxx-xxxxx); normalized to what is compared. */
export const codigoSchema = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : (value ?? '')),
  z
    .string({ error: MSG_2FA.codigoObrigatorio })
    .max(40, { error: MSG_2FA.codigoFormato })
    .transform((value) => value.replace(/\s+/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { error: MSG_2FA.codigoObrigatorio })
        .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, { error: MSG_2FA.codigoFormato }),
    ),
);

export const codigoBodySchema = z.object({ codigo: codigoSchema });
/** DELETE /v1/users/{id}/2fa: the user's own code; an administrator resetting another user sends none. */
export const desativarBodySchema = z.preprocess((value) => value ?? {}, z.object({ codigo: codigoSchema.optional() }));

export const isTotpCode = (codigo: string) => /^\d{6}$/.test(codigo);

/** A session as Perfil → Segurança lists it. */
export interface SessaoItem {
  id: number;
  criada: string;
  ultimoUso: string;
  endereco: string;
  navegador: string;
  atual: boolean;
}

/** The reply of a sign-in that needs its second step (202). */
export interface SegundoFatorReply {
  segundoFator: true;
  /** The company requires 2FA and this user has none yet: enroll now with this QR. */
  cadastrar?: boolean;
  otpauthUrl?: string;
  qr?: string;
  segredo?: string;
}
