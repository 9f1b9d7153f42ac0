/** Environment, parsed once at start (DESIGN section 2). */
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * Connections to DATABASE_URL. By default twice this machine's cores, at least 4: more backends
   * than cores only take turns on them, and on 2 cores a pool of 4 served a month of service
   * orders 15-38 % faster than one of 10 (bench/README.md, "Four connections").
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  APP_TIMEZONE: z.string().default('America/Sao_Paulo'),
  /** Set when the app runs behind an HTTPS proxy: cookies get Secure, X-Forwarded-* is trusted. */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** 'off' makes every list recount its total (for benchmarks). */
  COUNT_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * 'off': this process runs no queue workers (no billing run at start-up, no message delivery, no
   * syncs): a web-only process beside others that do, or a benchmark's quiet server.
   */
  WORKERS: z.enum(['on', 'off']).default('on'),
  /** The app's public address (https://rastreio.example.com) for links sent to clients; else each request's own. */
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Another Asaas address (a local fake, a proxy); by default the API key's own environment (sandbox for `$aact_hmlg_` keys). */
  ASAAS_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The key of the TOTP secrets and signed sign-in cookies (at least 32 characters); else DATA_DIR/chave-2fa.key. */
  TOTP_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Where the daily backups go (unset: no daily backup); BACKUP_KEEP of them are kept. */
  BACKUP_DIR: z
    .string()
    .optional()
    .transform((v) => (v ? path.resolve(v) : undefined)),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  /** The CEP service the address forms read (`{VIACEP_URL}/{cep}/json/`): ViaCEP, or a local fake. */
  VIACEP_URL: z.string().url().default('https://viacep.com.br/ws'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export function readEnv(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.parse(env);
  return { ...parsed, DATA_DIR: path.resolve(parsed.DATA_DIR), DATABASE_URL: parsed.DATABASE_URL || undefined };
}
