/**
 * One error handler (STYLE.md): zod errors become 400 `{ message, errors }`, expected failures
 * keep their status, unique violations become 409, and 5xx bodies never leak internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { MSG } from '../../domain/messages';
import { HttpError } from '../http-errors';

/** Messages of the unique indexes, by constraint name. */
const UNIQUE_MESSAGES: Record<string, { field: string; message: string }> = {
  users_email_key: { field: 'email', message: MSG.emailTaken },
  users_login_key: { field: 'login', message: MSG.loginTaken },
  clientes_cpf_key: { field: 'cpf', message: 'Já existe um cliente com este CPF.' },
  clientes_cnpj_key: { field: 'cnpj', message: 'Já existe um cliente com este CNPJ.' },
  veiculos_placa_key: { field: 'placa', message: 'Já existe um veículo com esta placa.' },
  trackres_imei_key: { field: 'imei', message: 'Já existe um rastreador com este IMEI.' },
  chips_iccid_key: { field: 'iccid', message: 'Já existe um chip com este ICCID.' },
  // Links: the last guard behind the locks of services/links.ts.
  trackres_idveiculo_key: { field: 'idveiculo', message: MSG.veiculoHasTracker },
  veiculos_device_id_key: { field: 'idveiculo', message: 'Este rastreador já está em outro veículo.' },
  trackres_chip_id_key: { field: 'chipId', message: MSG.chipInUse },
  chips_device_id_key: { field: 'deviceId', message: MSG.trackerHasChip },
};

function issuesToErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Walks `cause` chains: drizzle wraps driver errors. */
function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: any = error;
  for (let i = 0; current && i < 4; i++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause;
  }
  return undefined;
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
    const pg = pgError(error);
    if (pg?.code === '23505') {
      const known = pg.constraint ? UNIQUE_MESSAGES[pg.constraint] : undefined;
      const message = known?.message ?? 'Registro duplicado.';
      return reply.code(409).send({ message, ...(known ? { errors: { [known.field]: message } } : {}) });
    }
    if (pg?.code === '40P01' || pg?.code === '40001') {
      return reply.code(409).send({ message: 'Outra alteração simultânea envolveu estes registros. Tente novamente.' });
    }
    if (pg?.code === '23503') {
      return reply.code(409).send({ message: 'Este registro está em uso por outro cadastro e não pode ser alterado ou removido.' });
    }
    if (pg?.code === '22P02' || pg?.code === '22003' || pg?.code === '22007' || pg?.code === '22008') {
      return reply.code(400).send({ message: MSG.invalidInput });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ message: MSG.invalidJson });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: 'O corpo da requisição está vazio.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: MSG.tooLarge });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: 'Tipo de conteúdo não suportado. Envie JSON.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.statusCode === 429 ? MSG.tooMany : MSG.invalidInput });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: MSG.internal });
  });
}
