import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { bankCards } from '../../../db/schema.ts';
import { accountNameOf } from '../../auth/player-facts.ts';
import { realNameOf } from '../../auth/personal-facts.ts';
import { staffNameOf } from '../../staff/staff-facts.ts';

// The finance desk's card queue selects from bank_cards alone, where drizzle renders a column bare inside the
// select list; the real name's sub-select must still read the listed card's player, not a column of the players row.
describe('names beside the finance desk lists, read through the owning domains', () => {
  it('correlate the account, real name and auditor sub-selects with the listed card by its qualified columns', () => {
    const db = drizzle.mock();
    const query = db
      .select({
        card: bankCards,
        account: accountNameOf(bankCards.playerId),
        realName: realNameOf(bankCards.playerId),
        auditor: staffNameOf(bankCards.auditedBy),
      })
      .from(bankCards)
      .toSQL().sql;
    expect(query).toContain('(select p.account from players p where p.id = "bank_cards"."player_id")');
    expect(query).toContain('(select p.real_name from players p where p.id = "bank_cards"."player_id")');
    expect(query).toContain('(select s.username from staff s where s.id = "bank_cards"."audited_by")');
  });
});
