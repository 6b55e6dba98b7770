// The payments report: deposit orders per method and status, per method and per gateway with the success
// rate and the average time to pay, and withdrawals per status, over the orders created in a Taipei date range. The
// figures come from the cashier's read API (cashier/report-facts.ts); this file only adds them up.
import type { DbOrTx } from '../../db/client.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { DAY_MS, startOfTaipeiDate } from '../../../shared/time.ts';
import type { PaymentsReportQuery, PaymentsReportView } from '../../../shared/schemas/backoffice/reports.ts';
import * as cashierFacts from '../cashier/report-facts.ts';
import { ggrPercent } from './daily.ts';
import { daysOf, sortAndPage } from './range.ts';

/** The statuses that end an order: a success rate counts paid orders among these, so orders still open do not lower it. */
const DECIDED_DEPOSITS = new Set(['paid', 'failed', 'expired', 'rejected']);
const DECIDED_WITHDRAWALS = new Set(['paid', 'rejected']);

/** Who takes a method's payments (the cashier's answer): a gateway's name, or 'manual'. */
export type GatewayOf = (method: string) => string;

interface Sums {
  orders: number;
  paid: number;
  decided: number;
  paidMinor: bigint;
  paySeconds: number;
}
const zero = (): Sums => ({ orders: 0, paid: 0, decided: 0, paidMinor: 0n, paySeconds: 0 });

/** A share as a percent with two decimals, rounded half away from zero; null with nothing to share. */
export function sharePct(part: number, whole: number): string | null {
  return whole === 0 ? null : ggrPercent(BigInt(part), BigInt(whole));
}

function figures(s: Sums) {
  return {
    orders: s.orders,
    paid: s.paid,
    decided: s.decided,
    success_pct: sharePct(s.paid, s.decided),
    paid_amount: minorToDecimal(s.paidMinor),
    avg_pay_seconds: s.paid === 0 ? null : Math.round(s.paySeconds / s.paid),
  };
}

function add(into: Sums, r: cashierFacts.DepositMethodStatus): void {
  into.orders += r.orders;
  if (DECIDED_DEPOSITS.has(r.status)) into.decided += r.orders;
  if (r.status === 'paid') {
    into.paid += r.orders;
    into.paidMinor += r.amountMinor;
    into.paySeconds += r.paySeconds;
  }
}

/** The range's Taipei days as instants: [start of from, start of the day after to). */
export function taipeiWindow(from: string, to: string): { start: Date; end: Date } {
  daysOf(from, to);
  return { start: startOfTaipeiDate(from), end: new Date(startOfTaipeiDate(to).getTime() + DAY_MS) };
}

/** The most method or gateway rows the report lists; a cashier has a handful. */
const PAYMENT_ROWS_MAX = 500;

/** The sort key of a method's or gateway's row: its name, or a figure (percentages as numbers, amounts as minor units). */
function paymentKey(sort: PaymentsReportQuery['sort']) {
  return (r: { method?: string; gateway: string } & ReturnType<typeof figures>): number | bigint | string => {
    switch (sort) {
      case 'name':
        return r.method ?? r.gateway;
      case 'success_pct':
        return r.success_pct === null ? -1 : Number(r.success_pct);
      case 'avg_pay_seconds':
        return r.avg_pay_seconds ?? -1;
      case 'paid_amount':
        return BigInt(r.paid_amount.replace('.', ''));
      default:
        return r[sort];
    }
  };
}

export async function paymentsReport(
  db: DbOrTx,
  gatewayOf: GatewayOf,
  q: Pick<PaymentsReportQuery, 'from' | 'to' | 'sort' | 'order'>,
): Promise<PaymentsReportView> {
  const { from, to } = q;
  const { start, end } = taipeiWindow(from, to);
  const [deposits, withdrawals] = await Promise.all([cashierFacts.depositsByMethodStatus(db, start, end), cashierFacts.withdrawalsByStatus(db, start, end)]);
  const methods = new Map<string, Sums>();
  const gateways = new Map<string, Sums>();
  const totals = zero();
  for (const r of deposits) {
    const gateway = gatewayOf(r.method);
    add(methods.get(r.method) ?? methods.set(r.method, zero()).get(r.method)!, r);
    add(gateways.get(gateway) ?? gateways.set(gateway, zero()).get(gateway)!, r);
    add(totals, r);
  }
  const wd = { requests: 0, paid: 0, decided: 0, paidMinor: 0n, paySeconds: 0 };
  for (const w of withdrawals) {
    wd.requests += w.requests;
    if (DECIDED_WITHDRAWALS.has(w.status)) wd.decided += w.requests;
    if (w.status === 'paid') {
      wd.paid += w.requests;
      wd.paidMinor += w.amountMinor;
      wd.paySeconds += w.paySeconds;
    }
  }
  const byName = <T extends { method?: string; gateway?: string; status?: string }>(a: T, b: T) =>
    `${a.method ?? a.gateway} ${a.status ?? ''}`.localeCompare(`${b.method ?? b.gateway} ${b.status ?? ''}`);
  const { orders: _o, ...wdFigures } = figures({ ...wd, orders: wd.requests });
  return {
    from,
    to,
    methods: sortAndPage(
      [...methods].map(([method, s]) => ({ method, gateway: gatewayOf(method), ...figures(s) })).sort(byName),
      paymentKey(q.sort),
      q.order,
      1,
      PAYMENT_ROWS_MAX,
    ),
    gateways: sortAndPage([...gateways].map(([gateway, s]) => ({ gateway, ...figures(s) })).sort(byName), paymentKey(q.sort), q.order, 1, PAYMENT_ROWS_MAX),
    statuses: deposits.map((r) => ({ method: r.method, status: r.status, orders: r.orders, amount: minorToDecimal(r.amountMinor) })).sort(byName),
    totals: figures(totals),
    withdrawals: withdrawals
      .map((w) => ({ status: w.status, requests: w.requests, amount: minorToDecimal(w.amountMinor), fee: minorToDecimal(w.feeMinor) }))
      .sort(byName),
    withdrawal_totals: { requests: wd.requests, ...wdFigures },
  };
}
