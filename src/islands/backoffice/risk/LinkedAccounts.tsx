// The player page's linked accounts: the accounts sharing signals with the player, each pair's score and the kinds of
// signal that link them, the group the player belongs to, and (with 'risk.manage') confirming a link as one person or
// clearing it as unrelated, with a reason that goes into the audit log.
import { useState } from 'react';
import { boApi, boPath } from '../kit/api.ts';
import { ListState, cls, fill, formatTime, useConfirm, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import { Field, NoticeBanner, fieldError, useBoAction } from '../kit/form.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { RISK_WORD_KEYS, linkStatusName, signalName } from './words.ts';

export const LINKED_KEYS = [
  ...RISK_WORD_KEYS,
  'bo.risk.linked_title',
  'bo.risk.linked_hint',
  'bo.risk.linked_none',
  'bo.risk.group_of',
  'bo.risk.account',
  'bo.risk.score',
  'bo.risk.signals',
  'bo.risk.status',
  'bo.risk.below_threshold',
  'bo.risk.review_reason',
  'bo.risk.confirm',
  'bo.risk.clear',
  'bo.risk.confirm_title',
  'bo.risk.clear_title',
  'bo.risk.reason_label',
  'bo.risk.saved',
] as const;
type T = CommonT & Record<(typeof LINKED_KEYS)[number], string>;

export function LinkedAccountsSection({ t, locale, playerId, canManage }: { t: T; locale: Locale; playerId: number; canManage: boolean }) {
  const { data, setData, error, reload } = useBoData('GET /risk/players/:id/links', { params: { id: playerId } });
  const { notice, run, failure, busy } = useBoAction(t);
  const { ask, dialog } = useConfirm(t);
  const [reason, setReason] = useState('');

  const review = async (other: number, account: string, status: 'confirmed' | 'cleared') => {
    if (!(await ask(fill(t[status === 'confirmed' ? 'bo.risk.confirm_title' : 'bo.risk.clear_title'], { account })))) return;
    const answer = await run(
      () => boApi('POST /risk/players/:id/links/:other', { params: { id: playerId, other }, body: { status, reason } }),
      t['bo.risk.saved'],
      ['reason'],
    );
    if (answer) {
      setData(answer);
      setReason('');
    }
  };

  if (!data || error)
    return (
      <section className={cls.card}>
        <ListState t={t} loading={!data} error={error} retry={reload} />
      </section>
    );
  return (
    <section className={`${cls.card} space-y-3`} data-testid="bo-risk-links">
      <h2 className="text-lg font-semibold text-slate-800">{t['bo.risk.linked_title']}</h2>
      <p className="text-sm text-slate-600">{t['bo.risk.linked_hint']}</p>
      <NoticeBanner notice={notice} />
      {data.group_id !== null && (
        <p className="text-sm font-medium text-amber-800" data-testid="bo-risk-group">
          {fill(t['bo.risk.group_of'], { id: data.group_id, accounts: data.group.map((g) => g.account).join(locale === 'en' ? ', ' : '、') })}
        </p>
      )}
      {data.links.length === 0 ? (
        <p className="text-sm text-slate-500">{t['bo.risk.linked_none']}</p>
      ) : (
        <>
          {canManage && (
            <Field label={t['bo.risk.reason_label']} error={fieldError(failure, 'reason')} className="block max-w-md">
              <input
                className={`${cls.input} w-full`}
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
                data-testid="bo-risk-reason"
              />
            </Field>
          )}
          <BoTable
            t={t}
            rows={data.links}
            state={{ loading: false, error: null }}
            rowKey={(l) => l.player_id}
            rowTestId={(l) => `bo-risk-link-${l.player_id}`}
            columns={[
              {
                key: 'account',
                header: 'bo.risk.account',
                cell: (l) => (
                  <a className="text-brand-600 hover:underline" href={`${boPath(locale, 'player')}?id=${l.player_id}`}>
                    {l.account}
                  </a>
                ),
              },
              {
                key: 'score',
                header: 'bo.risk.score',
                align: 'right',
                cell: (l) => (l.above_threshold ? String(l.score) : `${l.score} (${t['bo.risk.below_threshold']})`),
              },
              { key: 'signals', header: 'bo.risk.signals', cell: (l) => l.signals.map((s) => signalName(t, s)).join(locale === 'en' ? ', ' : '、') },
              {
                key: 'status',
                header: 'bo.risk.status',
                cell: (l) => `${linkStatusName(t, l.status)}${l.reviewed_at ? ` · ${formatTime(l.reviewed_at, locale)}` : ''}`,
              },
              { key: 'reason', header: 'bo.risk.review_reason', cell: (l) => l.review_reason || '—' },
              {
                key: 'actions',
                header: 'bo.actions',
                hidden: !canManage,
                cell: (l) => (
                  <span className="flex gap-2">
                    <button
                      type="button"
                      className={cls.btnSmall}
                      disabled={busy || l.status === 'confirmed'}
                      onClick={() => void review(l.player_id, l.account, 'confirmed')}
                    >
                      {t['bo.risk.confirm']}
                    </button>
                    <button
                      type="button"
                      className={cls.btnSmall}
                      disabled={busy || l.status === 'cleared'}
                      onClick={() => void review(l.player_id, l.account, 'cleared')}
                    >
                      {t['bo.risk.clear']}
                    </button>
                  </span>
                ),
              },
            ]}
          />
        </>
      )}
      {dialog}
    </section>
  );
}
