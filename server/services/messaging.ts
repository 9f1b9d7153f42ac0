/**
 * The messaging channel that contracts and charges are sent through (DESIGN 7): an interface the
 * WhatsApp integration plugs into. The default one is active while `integrations.whats.status` is
 * 1 and puts each message in the `jobs` outbox (kind 'whats.send') in the caller's transaction,
 * under a unique key, so a message is stored exactly once with the change that causes it; the
 * integration delivers from there.
 */
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';
import { getCompany } from './company';

export interface OutgoingMessage {
  /** The recipient's mobile phone, digits only. */
  to: string;
  text: string;
  /** Unique per message: a retry with the same key stores nothing more. */
  key: string;
}

export interface MessagingChannel {
  active(db: DbOrTx | Db): Promise<boolean>;
  enqueue(tx: DbOrTx, message: OutgoingMessage): Promise<void>;
}

export const WHATS_SEND = 'whats.send';

export const outboxMessaging: MessagingChannel = {
  async active(db) {
    const company = await getCompany(db);
    return Number(company.integrations.whats.status) === 1;
  },
  async enqueue(tx, message) {
    await tx
      .insert(jobs)
      .values({ kind: WHATS_SEND, key: message.key, payload: { to: message.to, text: message.text } })
      .onConflictDoNothing({ target: jobs.key });
  },
};
