/**
 * One error handler (STYLE.md): zod errors become 400 `{ message, errors }`, expected failures
 * keep their status, database refusals of bad input become 4xx (unique violations 409), and 5xx
 * bodies never leak internals. What is logged of an unexpected error never holds the query's
 * parameters (passwords, hashes, tokens): only the SQL text, the driver's code and its message.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { MSG } from '../../domain/messages';
import { HttpError } from '../regras/http-errors';
import { IntegrationError } from '../integrations/http';

/** Messages of the unique indexes, by constraint name. */
export const UNIQUE_MESSAGES: Record<string, { field: string; message: string }> = {
  users_email_key: { field: 'email', message: MSG.emailTaken },
  users_login_key: { field: 'login', message: MSG.loginTaken },
  clientes_cpf_key: { field: 'cpf', message: MSG.clienteCpfTaken },
  clientes_cnpj_key: { field: 'cnpj', message: MSG.clienteCnpjTaken },
  veiculos_placa_key: { field: 'placa', message: MSG.placaTaken },
  trackres_imei_key: { field: 'imei', message: MSG.imeiTaken },
  chips_iccid_key: { field: 'iccid', message: MSG.iccidTaken },
  // Links: the last guard behind the locks of estoque/links.ts.
  trackres_idveiculo_key: { field: 'idveiculo', message: MSG.veiculoHasTracker },
  veiculos_device_id_key: { field: 'idveiculo', message: MSG.trackerOnOtherVehicle },
  trackres_chip_id_key: { field: 'chipId', message: MSG.chipInUse },
  chips_device_id_key: { field: 'deviceId', message: MSG.trackerHasChip },
};

/** PostgreSQL refusing the input itself: text it cannot store, numbers or dates out of range, nesting too deep. */
const BAD_INPUT_CODES = new Set(['22P02', '22003', '22007', '22008', '22021', '22P05', '22001', '2201W', '2201X', '54001']);

export function issuesToErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

interface DriverError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** Walks `cause` chains: drizzle wraps driver errors. */
export function pgError(error: unknown): DriverError | undefined {
  let current = error as (DriverError & { cause?: unknown }) | undefined;
  for (let i = 0; current && i < 4; i++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as typeof current;
  }
  return undefined;
}

/** Quoted values inside a driver message ('invalid input syntax for type integer: "…"') may be input: they go. */
const withoutValues = (text: string) => text.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");

/**
 * What the log keeps of an unexpected error: its kind, the driver's code and message without
 * quoted values, the SQL text (its parameters are placeholders) and the stack. Drizzle's own
 * message is "Failed query: … params: …", so it is never logged as is.
 */
export function loggableError(error: unknown) {
  const err = error as Error & { query?: unknown; cause?: unknown };
  const driver = pgError(error);
  const cause = err?.cause instanceof Error ? err.cause : undefined;
  const query = typeof err?.query === 'string' ? err.query : undefined;
  const message = driver?.message ?? cause?.message ?? (query ? 'Falha na consulta' : err?.message);
  return {
    type: err?.constructor?.name ?? typeof error,
    code: driver?.code,
    message: withoutValues(String(message ?? '')),
    ...(query ? { query } : {}),
    // Only the frames: the stack's head is the message, and drizzle's spans lines ("params: …").
    stack: err?.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 7)
      .join('\n'),
  };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = issuesToErrors(
        error.validation.map((v) => ({
          path: [...(v.instancePath.split('/').filter(Boolean) as PropertyKey[])],
          message: v.message ?? MSG.invalidInput,
        })),
      );
      return reply.code(400).send({ message: MSG.invalidInput, errors });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ message: MSG.invalidInput, errors: issuesToErrors(error.issues) });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    // Another service failed or refused (DESIGN 8): a gateway error with its pt-BR reason.
    if (error instanceof IntegrationError) {
      request.log.warn(
        { service: error.service, httpStatus: error.httpStatus, code: error.code, detail: error.detail },
        'integração falhou',
      );
      return reply.code(error.httpStatus === 0 ? 504 : 502).send({ message: error.message });
    }
    const pg = pgError(error);
    if (pg?.code === '23505') {
      const known = pg.constraint ? UNIQUE_MESSAGES[pg.constraint] : undefined;
      const message = known?.message ?? MSG.duplicate;
      return reply.code(409).send({ message, ...(known ? { errors: { [known.field]: message } } : {}) });
    }
    if (pg?.code === '40P01' || pg?.code === '40001') return reply.code(409).send({ message: MSG.concurrentChange });
    if (pg?.code === '23503') return reply.code(409).send({ message: MSG.inUse });
    if (pg?.code && BAD_INPUT_CODES.has(pg.code)) return reply.code(400).send({ message: MSG.invalidInput });
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ message: MSG.invalidJson });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: MSG.emptyBody });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: MSG.tooLarge });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: MSG.unsupportedMediaType });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = { 404: MSG.notFound, 413: MSG.tooLarge, 415: MSG.unsupportedMediaType, 429: MSG.tooMany }[error.statusCode];
      return reply.code(error.statusCode).send({ message: message ?? MSG.invalidInput });
    }
    request.log.error({ err: loggableError(error) }, 'unexpected error');
    return reply.code(500).send({ message: MSG.internal });
  });
}
