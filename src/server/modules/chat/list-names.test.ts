import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import { chatConversations } from '../../db/schema.ts';
import { accountNameOf } from '../auth/player-facts.ts';
import { staffNameOf } from '../staff/staff-facts.ts';

// Inside a select list drizzle renders a lone table's columns bare; the names' sub-selects must still point at
// the listing's own row, not at a column of the players or staff row they read.
describe('names beside a list, read through the owning domains', () => {
  it('correlate the sub-selects with the listed row by its qualified column', () => {
    const db = drizzle.mock();
    const query = db
      .select({ id: chatConversations.id, account: accountNameOf(chatConversations.playerId), agent: staffNameOf(chatConversations.agentId) })
      .from(chatConversations)
      .where(eq(chatConversations.id, 1))
      .toSQL().sql;
    expect(query).toContain('(select p.account from players p where p.id = "chat_conversations"."player_id")');
    expect(query).toContain('(select s.username from staff s where s.id = "chat_conversations"."agent_id")');
  });
});
