// The risk context beside a withdrawal under review: turnover status, recent deposits,
// win/loss over 30 days and previous withdrawals, from GET /backoffice/finance/withdrawals/:id/context.
import { errorText, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { formatDecimal } from '../../../shared/money.ts';

export const WITHDRAWAL_CONTEXT_KEYS = [
  'bo.wd.risk',
  'bo.wd.risk.turnover',
  'bo.wd.risk.turnover_done',
  'bo.wd.risk.turnover_short',
  'bo.wd.risk.turnover_at_request',
  'bo.wd.risk.turnover_now',
  'bo.wd.risk.deposits',
  'bo.wd.risk.none',
  'bo.wd.risk.win_loss',
  'bo.wd.risk.previous',
  'bo.wd.risk.loading',
] as const;
type T = CommonT & Record<(typeof WITHDRAWAL_CONTEXT_KEYS)[number], string>;

const day = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(5, 16).replace('T', ' ');

export function WithdrawalContext({ t, id }: { t: T; id: string }) {
  const { data, error } = useBoData('GET /finance/withdrawals/:id/context', { params: { id } });
  // It sits in a table cell beside the withdrawal, so its states are one small line rather than ListState's block.
  if (error)
    return (
      <p className="text-xs text-red-700" role="alert">
        {errorText(error, t)}
      </p>
    );
  if (!data)
    return (
      <p className="text-xs text-slate-400" role="status">
        {t['bo.wd.risk.loading']}
      </p>
    );
  const { turnover, win_loss_30d: wl } = data;
  return (
    <div className="min-w-48 space-y-1 text-xs" data-testid="withdrawal-context" data-turnover-done={turnover.done}>
      <p className={turnover.done ? 'text-emerald-700' : 'font-semibold text-amber-700'} data-testid="context-turnover" data-at-request={turnover.at_request}>
        {t['bo.wd.risk.turnover']} ({turnover.at_request ? t['bo.wd.risk.turnover_at_request'] : t['bo.wd.risk.turnover_now']}):{' '}
        {formatDecimal(turnover.achieved)} / {formatDecimal(turnover.required)} (
        {turnover.done ? t['bo.wd.risk.turnover_done'] : t['bo.wd.risk.turnover_short']})
      </p>
      <p data-testid="context-win-loss">
        {t['bo.wd.risk.win_loss']}: <span className={wl.player_net.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}>{formatDecimal(wl.player_net)}</span>
        <span className="text-slate-400">
          {' '}
          · {wl.bets} / {formatDecimal(wl.valid_bet)}
        </span>
      </p>
      <div>
        <span className="text-slate-500">{t['bo.wd.risk.deposits']}: </span>
        {data.recent_deposits.length
          ? data.recent_deposits
              .map((d) => `${formatDecimal(d.amount)} (${(t as Record<string, string>)[`bo.dep.method.${d.method}`] ?? d.method}, ${day(d.paid_at)})`)
              .join('; ')
          : t['bo.wd.risk.none']}
      </div>
      <div>
        <span className="text-slate-500">{t['bo.wd.risk.previous']}: </span>
        {data.previous_withdrawals.length
          ? data.previous_withdrawals
              .map((w) => `${formatDecimal(w.amount)} (${(t as Record<string, string>)[`bo.wd.status.${w.status}`] ?? w.status}, ${day(w.created_at)})`)
              .join('; ')
          : t['bo.wd.risk.none']}
      </div>
    </div>
  );
}
