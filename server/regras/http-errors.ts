/** Expected failures, thrown anywhere and turned into `{ message, errors }` by the error handler. */
import { MSG } from '../../domain/messages';

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MSG.invalidInput, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message: string = MSG.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
export const tooMany = (message: string = MSG.tooMany) => new HttpError(429, message);
