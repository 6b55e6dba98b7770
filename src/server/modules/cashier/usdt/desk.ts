// The finance desk's USDT tab: the watcher's state beside the rate and minimum, the transfers with their outcomes, and
// the operator setting a new rate (audited with the rate and minimum before and after).
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { Operator } from '../../staff/service.ts';
import type { Paging } from '../../../../shared/schemas/paging.ts';
import { offsetOf } from '../../../../shared/schemas/paging.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import { formatRate, formatUsdt, twdMinorOf } from '../../../../shared/usdt.ts';
import type { UsdtTransferOutcome } from '../../../../shared/statuses.ts';
import type { UsdtDeskView, UsdtTransferPageView } from '../../../../shared/schemas/usdt.ts';
import * as repo from './repository.ts';
import { transferView, type UsdtDeposits } from './service.ts';

/** A confirming transfer this many blocks below the solidified head means the watcher is behind (about a minute). */
const OVERDUE_BLOCKS = 20;

const rateView = (r: repo.UsdtRateRow) => ({
  rate: formatRate(r.rateE4),
  min_usdt: formatUsdt(r.minValue),
  min_amount: minorToDecimal(twdMinorOf(r.minValue, r.rateE4)),
  set_at: r.createdAt.toISOString(),
  set_by: r.setBy,
});

export class UsdtDesk {
  private readonly db: Db;
  private readonly usdt: UsdtDeposits;

  constructor(deps: { db: Db; usdt: UsdtDeposits }) {
    this.db = deps.db;
    this.usdt = deps.usdt;
  }

  async status(): Promise<UsdtDeskView> {
    const [rate, cursors, counts, configured] = await Promise.all([
      repo.currentRate(this.db),
      repo.cursors(this.db),
      repo.outcomeCounts(this.db),
      this.configured(),
    ]);
    const chainSolid = cursors.solid?.solid ?? null;
    return {
      configured,
      contract: this.usdt.usdtContract,
      rate: rate ? rateView(rate) : null,
      watcher: {
        solid_block: cursors.solid?.block ?? null,
        seen_block: cursors.seen?.block ?? null,
        head: cursors.seen?.head ?? cursors.solid?.head ?? null,
        chain_solid: chainSolid,
        updated_at: (cursors.seen?.updatedAt ?? cursors.solid?.updatedAt)?.toISOString() ?? null,
        overdue: chainSolid === null ? 0 : await repo.overdueConfirming(this.db, chainSolid - OVERDUE_BLOCKS),
      },
      counts,
    };
  }

  private async configured(): Promise<boolean> {
    return this.usdt.hasKey && !!this.usdt.watcher;
  }

  async transfers(q: Paging & { outcome?: UsdtTransferOutcome }): Promise<UsdtTransferPageView> {
    const [{ rows, total }, cursors] = await Promise.all([
      repo.transfersPage(this.db, { outcome: q.outcome, limit: q.pageSize, offset: offsetOf(q) }),
      repo.cursors(this.db),
    ]);
    const head = cursors.seen?.head ?? cursors.solid?.head ?? null;
    return {
      data: rows.map(({ transfer: t, account }) => ({
        ...transferView(t, head, this.usdt.usdtContract),
        id: t.id,
        player_id: t.playerId,
        account,
        contract: t.contract,
        from: t.fromAddress,
        to: t.toAddress,
        block: t.blockNumber,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async setRate(op: Operator, body: { rate: string; min_usdt: string }) {
    const { before, after } = await this.usdt.setRate(op.staffId, body);
    const words = (r: repo.UsdtRateRow | undefined) => (r ? { usdt_rate: formatRate(r.rateE4), min_usdt: formatUsdt(r.minValue) } : {});
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'deposit.usdt_rate',
      target: `usdt_rate:${after.id}`,
      ip: op.ip,
      before: words(before),
      after: words(after),
      detail: { min_amount: minorToDecimal(twdMinorOf(after.minValue, after.rateE4)) },
    });
    return rateView(after);
  }
}
