// The risk panel beside a withdrawal under review at the finance desk: the decision (held, may be paid automatically,
// ordinary review), the score and each rule that fired with the reason an operator reads. Shown to staff who hold
// 'risk.read'; the finance desk still does the paying.
import { errorText, fill, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { RISK_WORD_KEYS, decisionName, reasonText, ruleName } from './words.ts';

export const WITHDRAWAL_RISK_KEYS = [
  ...RISK_WORD_KEYS,
  'bo.risk.panel_title',
  'bo.risk.panel_none',
  'bo.risk.panel_clean',
  'bo.risk.panel_reasons',
  'bo.risk.points',
  'bo.risk.total',
] as const;
type T = CommonT & Record<(typeof WITHDRAWAL_RISK_KEYS)[number], string>;

const DECISION_STYLE: Record<string, string> = {
  hold: 'bg-red-100 text-red-800',
  auto_approve: 'bg-emerald-100 text-emerald-800',
  review: 'bg-slate-200 text-slate-700',
};

export function WithdrawalRiskPanel({ t, withdrawalId }: { t: T; withdrawalId: string }) {
  const { data, error, loading } = useBoData('GET /risk/withdrawals/:id', { params: { id: withdrawalId } });
  // It sits in the queue's table cell under the turnover context, so its states are one small line each, and it is no
  // wider than that context (max-w-56 = its min-w-56): reasons wrap instead of pushing the review buttons out of view.
  if (error)
    return (
      <p className="text-xs text-red-700" role="alert">
        {errorText(error, t)}
      </p>
    );
  if (loading)
    return (
      <p className="text-xs text-slate-400" role="status">
        {t['bo.loading']}
      </p>
    );
  return (
    <div className="mt-2 max-w-56 space-y-1 border-t border-slate-100 pt-2 text-xs" data-testid="bo-withdrawal-risk">
      <p className="font-semibold text-slate-700">{t['bo.risk.panel_title']}</p>
      {!data ? (
        <p className="text-slate-500">{t['bo.risk.panel_none']}</p>
      ) : (
        <>
          <p className="flex items-center gap-3">
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${DECISION_STYLE[data.decision] ?? ''}`} data-testid="bo-withdrawal-risk-decision">
              {decisionName(t, data.decision)}
            </span>
            <span>{fill(t['bo.risk.total'], { score: data.score })}</span>
          </p>
          {data.hits.length === 0 ? (
            <p className="text-slate-500">{t['bo.risk.panel_clean']}</p>
          ) : (
            // The reasons fold away, so a long one never widens the queue's column and pushes its buttons out of view.
            <details data-testid="bo-withdrawal-risk-reasons">
              <summary className="cursor-pointer text-slate-600">{fill(t['bo.risk.panel_reasons'], { count: data.hits.length })}</summary>
              <ul className="mt-1 list-disc space-y-1 pl-4">
                {data.hits.map((h) => (
                  <li key={h.rule}>
                    <span className="font-medium">{ruleName(t, h.rule)}</span> ({fill(t['bo.risk.points'], { points: h.points })}): {reasonText(t, h)}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </div>
  );
}
