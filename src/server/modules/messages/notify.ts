// A personal message another domain sends one player about something that happened to them (identity verification's
// decisions), written in the caller's transaction so the message exists exactly when the decision does. The caller
// publishes update-message to the player after its commit.
import type { DbOrTx } from '../../db/client.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import * as repo from './repository.ts';

export interface PlayerNotice {
  title: string;
  titleEn: string;
  body: string;
  bodyEn: string;
  staffId: number | null;
  topic: string;
}

/** Inserts the message and its one recipient; answers the message id. */
export async function notifyPlayer(tx: DbOrTx, playerId: number, notice: PlayerNotice): Promise<number> {
  const id = await repo.insertMessage(tx, {
    kind: 'personal',
    title: notice.title.slice(0, 200),
    titleEn: notice.titleEn.slice(0, 200),
    body: sanitizeOperatorHtml(notice.body),
    bodyEn: sanitizeOperatorHtml(notice.bodyEn),
    marketing: false,
    segment: { topic: notice.topic },
    recipientCount: 1,
    staffId: notice.staffId,
  });
  await repo.insertRecipients(tx, id, [playerId]);
  return id;
}
