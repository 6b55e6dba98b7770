// What live chat tells the back office's dashboard: conversations waiting in the queue for an agent.
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatConversations } from '../../db/schema.ts';

export async function waitingChats(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(chatConversations).where(eq(chatConversations.state, 'waiting'));
  return rows[0]?.n ?? 0;
}
