/**
 * Traccar (issue 10, DESIGN 7): the connection test's body, the engine commands staff may send by
 * hand and how each is named on screen and in the audit log.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { codeText, requiredText } from './common';

/** The only commands offered (DESIGN 7): never sent automatically. */
export const ENGINE_COMMANDS = ['engineStop', 'engineResume'] as const;
export type EngineCommand = (typeof ENGINE_COMMANDS)[number];

/** Each command as the audit log and the messages name it. */
export const ENGINE_COMMAND_LABEL: Record<EngineCommand, string> = {
  engineStop: 'Bloqueio do motor',
  engineResume: 'Desbloqueio do motor',
};

/** How the API shows a tracker's sync (trackres.traccarSync: 0, 1, 2, null). */
export const TRACCAR_SYNC_STATUS = { 0: 'sincronizado', 1: 'pendente', 2: 'falhou' } as const;
export type TraccarSyncStatus = (typeof TRACCAR_SYNC_STATUS)[keyof typeof TRACCAR_SYNC_STATUS];

/** POST /v1/integrations/traccar/test: what the form holds (the token may be the mask: the stored one). */
export const traccarTestSchema = z.object({
  server: requiredText(300).refine((v) => /^https?:\/\/[^\s/?#]+/i.test(v), { error: MSG.traccarServer }),
  userId: codeText(40).refine((v) => /^\d{1,19}$/.test(v), { error: MSG.traccarUserId }),
  token: requiredText(300),
});

/** POST /v1/{trackres|veiculos}/{id}/comandos. */
export const comandoSchema = z.object({
  type: z.enum(ENGINE_COMMANDS, { error: MSG.comandoType }),
});

export type ComandoInput = z.infer<typeof comandoSchema>;
