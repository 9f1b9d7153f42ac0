/**
 * The sign-in's second step (DESIGN 10): POST /v1/session answers 202 `{ segundoFator: true }` for a
 * user with two-factor sign-in (or `cadastrar` with a QR when the company requires it of a user who
 * has none). authProvider.login throws this, and the login page asks for the code.
 */
import type { SegundoFatorReply } from '../../domain/seguranca';

export class SegundoFatorRequerido extends Error {
  constructor(public reply: SegundoFatorReply) {
    super('segundo fator');
    this.name = 'SegundoFatorRequerido';
  }
}

export const isSegundoFator = (reply: unknown): reply is SegundoFatorReply =>
  Boolean(reply && typeof reply === 'object' && (reply as { segundoFator?: unknown }).segundoFator === true);
