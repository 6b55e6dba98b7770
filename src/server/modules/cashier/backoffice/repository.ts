// SQL of the finance desk: reads of the deposit, withdrawal and bank-card queues and the gateway callback
// log. Nothing here writes: money and statuses change only through the cashier and wallet services.
import { aliasedTable, and, asc, desc, eq, gte, inArray, isNotNull, isNull, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { bankCards, depositOrders, gatewayCallbackRefusals, gatewayCallbacks, withdrawals } from '../../../db/schema.ts';
import { accountNameOf, playerIdsWithAccountPrefix } from '../../auth/player-facts.ts';
import { realNameOf } from '../../auth/personal-facts.ts';
import { staffNameOf } from '../../staff/staff-facts.ts';
import { journalByKey } from '../../../ledger/read.ts';
import { offsetOf, type Paging } from '../../../../shared/schemas/paging.ts';
import { BANK_CARD_STATUS, DEPOSIT_STATUS, WITHDRAWAL_STATUS, type DepositStatus, type WithdrawalStatus } from '../../../../shared/statuses.ts';
import { RISK_DECISION } from '../../../../shared/schemas/risk/settings.ts';
import type { WithdrawalRiskFilter } from '../../../../shared/schemas/backoffice/finance-requests.ts';

/** Accounts are matched from their start, case-insensitively, as players type them; the players are auth's to find. */
const accountLike = (playerId: Column, account: string | undefined) => (account ? sql`${playerId} in (${playerIdsWithAccountPrefix(account)})` : undefined);

export interface Totals {
  count: number;
  amountMinor: bigint;
}
const totalsOf = (row: { n: number; s: string } | undefined): Totals => ({ count: row?.n ?? 0, amountMinor: BigInt(row?.s ?? '0') });

// Deposits.

export interface DepositFilter {
  status?: DepositStatus;
  method?: string;
  account?: string;
}

export async function listDeposits(db: DbOrTx, p: Paging & DepositFilter, dayStart: Date) {
  const where = and(
    p.status ? eq(depositOrders.status, p.status) : undefined,
    p.method ? eq(depositOrders.method, p.method) : undefined,
    accountLike(depositOrders.playerId, p.account),
  );
  // A queue is worked oldest first; finished orders are looked up newest first.
  const order =
    p.status === DEPOSIT_STATUS.pending ? [asc(depositOrders.createdAt), asc(depositOrders.id)] : [desc(depositOrders.createdAt), desc(depositOrders.id)];
  // "Today" counts an order on the day it reached where it is: paid ones by when they were paid.
  const today = and(where, gte(sql`coalesce(${depositOrders.paidAt}, ${depositOrders.createdAt})`, dayStart));
  const [rows, total, todays] = await Promise.all([
    db
      .select({
        deposit: depositOrders,
        account: accountNameOf(depositOrders.playerId),
        realName: realNameOf(depositOrders.playerId),
        reviewer: staffNameOf(depositOrders.reviewedBy),
      })
      .from(depositOrders)
      .where(where)
      .orderBy(...order)
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(depositOrders)
      .where(where),
    db
      .select({ n: sql<number>`count(*)::int`, s: sql<string>`coalesce(sum(${depositOrders.amountMinor}), 0)::text` })
      .from(depositOrders)
      .where(today),
  ]);
  return { rows, total: total[0]?.n ?? 0, today: totalsOf(todays[0]) };
}

// Withdrawals.

export interface WithdrawalFilter {
  status?: WithdrawalStatus;
  account?: string;
  risk?: WithdrawalRiskFilter;
}

const riskFilter = (risk: WithdrawalRiskFilter | undefined) => {
  if (risk === 'held') return and(eq(withdrawals.riskDecision, RISK_DECISION.hold), isNull(withdrawals.releasedAt));
  if (risk === 'auto_approved') return isNotNull(withdrawals.autoApprovedAt);
  return undefined;
};

export async function listWithdrawals(db: DbOrTx, p: Paging & WithdrawalFilter, dayStart: Date) {
  const where = and(p.status ? eq(withdrawals.status, p.status) : undefined, accountLike(withdrawals.playerId, p.account), riskFilter(p.risk));
  const order =
    p.status === WITHDRAWAL_STATUS.applying ? [asc(withdrawals.createdAt), asc(withdrawals.id)] : [desc(withdrawals.createdAt), desc(withdrawals.id)];
  // Reviewed (or cancelled) withdrawals count on the day of the review; waiting ones on the day they were asked for.
  const today = and(where, gte(sql`coalesce(${withdrawals.reviewedAt}, ${withdrawals.createdAt})`, dayStart));
  const [rows, total, todays] = await Promise.all([
    db
      .select({
        withdrawal: withdrawals,
        account: accountNameOf(withdrawals.playerId),
        realName: realNameOf(withdrawals.playerId),
        reviewer: staffNameOf(withdrawals.reviewedBy),
        card: {
          id: bankCards.id,
          bank: bankCards.bank,
          market: bankCards.market,
          accountName: bankCards.accountName,
          cardNumber: bankCards.cardNumber,
          status: bankCards.statusDebitCard,
        },
      })
      .from(withdrawals)
      .innerJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId))
      .where(where)
      .orderBy(...order)
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(where),
    db
      .select({ n: sql<number>`count(*)::int`, s: sql<string>`coalesce(sum(${withdrawals.amountMinor}), 0)::text` })
      .from(withdrawals)
      .where(today),
  ]);
  return { rows, total: total[0]?.n ?? 0, today: totalsOf(todays[0]) };
}

export async function withdrawalWithPlayer(db: DbOrTx, id: string) {
  const rows = await db
    .select({ withdrawal: withdrawals, account: accountNameOf(withdrawals.playerId) })
    .from(withdrawals)
    .where(eq(withdrawals.id, id))
    .limit(1);
  return rows[0];
}

export async function depositWithPlayer(db: DbOrTx, id: string) {
  const rows = await db
    .select({ deposit: depositOrders, account: accountNameOf(depositOrders.playerId) })
    .from(depositOrders)
    .where(eq(depositOrders.id, id))
    .limit(1);
  return rows[0];
}

// Bank cards.

export interface CardFilter {
  status?: number;
  account?: string;
}

export async function listCards(db: DbOrTx, p: Paging & CardFilter) {
  const where = and(
    isNull(bankCards.deletedAt),
    p.status !== undefined ? eq(bankCards.statusDebitCard, p.status) : undefined,
    accountLike(bankCards.playerId, p.account),
  );
  const order = p.status === BANK_CARD_STATUS.pending ? [asc(bankCards.createdAt), asc(bankCards.id)] : [desc(bankCards.createdAt), desc(bankCards.id)];
  const [rows, total] = await Promise.all([
    db
      .select({
        card: bankCards,
        account: accountNameOf(bankCards.playerId),
        realName: realNameOf(bankCards.playerId),
        auditor: staffNameOf(bankCards.auditedBy),
      })
      .from(bankCards)
      .where(where)
      .orderBy(...order)
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(bankCards)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function cardWithPlayer(db: DbOrTx, id: number) {
  const rows = await db
    .select({ card: bankCards, account: accountNameOf(bankCards.playerId) })
    .from(bankCards)
    .where(eq(bankCards.id, id))
    .limit(1);
  return rows[0];
}

/**
 * Cards whose number another player bound before (and removed since): an account that moves between players
 * is worth a second look before approving.
 */
export async function boundByOthers(db: DbOrTx, cardIds: number[]): Promise<Set<number>> {
  if (!cardIds.length) return new Set();
  const other = aliasedTable(bankCards, 'other');
  const rows = await db
    .selectDistinct({ id: bankCards.id })
    .from(bankCards)
    .innerJoin(other, and(eq(other.cardNumber, bankCards.cardNumber), ne(other.playerId, bankCards.playerId)))
    .where(inArray(bankCards.id, cardIds));
  return new Set(rows.map((r) => r.id));
}

// Gateway callbacks.

export async function listCallbacks(db: DbOrTx, p: Paging & { order?: string; signature?: '0' | '1' }) {
  const conditions: Array<SQL | undefined> = [
    p.order ? eq(gatewayCallbacks.orderId, p.order) : undefined,
    p.signature ? eq(gatewayCallbacks.signatureOk, p.signature === '1') : undefined,
  ];
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db.select().from(gatewayCallbacks).where(where).orderBy(desc(gatewayCallbacks.id)).limit(p.pageSize).offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(gatewayCallbacks)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Refused callbacks of the last 24 hourly counts (this hour and the 23 before), by gateway and outcome. */
export async function refusedCallbacksLastDay(db: DbOrTx): Promise<Array<{ gateway: string; outcome: string; count: number }>> {
  return db
    .select({
      gateway: gatewayCallbackRefusals.gateway,
      outcome: gatewayCallbackRefusals.outcome,
      count: sql<number>`sum(${gatewayCallbackRefusals.count})::int`,
    })
    .from(gatewayCallbackRefusals)
    .where(sql`${gatewayCallbackRefusals.hour} >= date_trunc('hour', now()) - interval '23 hours'`)
    .groupBy(gatewayCallbackRefusals.gateway, gatewayCallbackRefusals.outcome)
    .orderBy(gatewayCallbackRefusals.gateway, gatewayCallbackRefusals.outcome);
}

// The review of one withdrawal.

/** The player a withdrawal belongs to. */
/** A withdrawal's player and the turnover stored with its request (null on requests made before it was stored). */
export async function withdrawalTurnover(db: DbOrTx, id: string) {
  const rows = await db
    .select({ playerId: withdrawals.playerId, requiredMinor: withdrawals.turnoverRequiredMinor, achievedMinor: withdrawals.turnoverAchievedMinor })
    .from(withdrawals)
    .where(eq(withdrawals.id, id))
    .limit(1);
  return rows[0];
}

/** A player's latest paid deposits, newest first. */
export async function recentPaidDeposits(db: DbOrTx, playerId: number, limit: number) {
  return db
    .select({ id: depositOrders.id, method: depositOrders.method, amountMinor: depositOrders.amountMinor, paidAt: depositOrders.paidAt })
    .from(depositOrders)
    .where(and(eq(depositOrders.playerId, playerId), eq(depositOrders.status, DEPOSIT_STATUS.paid)))
    .orderBy(desc(depositOrders.paidAt))
    .limit(limit);
}

/** A player's withdrawals other than `exceptId`, newest first. */
export async function otherWithdrawals(db: DbOrTx, playerId: number, exceptId: string, limit: number) {
  return db
    .select({ id: withdrawals.id, status: withdrawals.status, amountMinor: withdrawals.amountMinor, createdAt: withdrawals.createdAt })
    .from(withdrawals)
    .where(and(eq(withdrawals.playerId, playerId), ne(withdrawals.id, exceptId)))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
}

/** The journal an idempotency key wrote (a deposit's credit, a withdrawal's end), for the audit row's detail. */
export async function journalIdByKey(db: DbOrTx, key: string): Promise<number | undefined> {
  return (await journalByKey(db, key))?.id;
}
