// The back office's promotion desk: promotions and their editor, the application queue (approve or
// reject with a reason, in batches), gift giving to one player or a pasted list, categories with the hall's mode
// entries, and the report per promotion. Each tab has its own page (src/pages/backoffice/promotions*.astro).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi, boPath } from '../kit/api.ts';
import { Banner, Guard, ListState, Switch, cls, errorText, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { APPLICATION_STATUSES, PROMOTION_LIMITS, type CategoryAdmin, type CategoryInput, type GiftResult } from '../../../shared/schemas/promotions.ts';
import { BO_PROMO_PAGE, BO_PROMO_PAGE_SIZE, BO_PROMO_PERMISSION, BO_PROMO_TABS, parseAccounts, type BoPromoTab } from './paths.ts';
import { PromotionEditor, PromotionList, modeName } from './PromotionEditor.tsx';

import { PROMO_DESK_KEYS, type DeskKey as K, type DeskT } from './keys.ts';
import { formatDecimal, formatDecimalOr, formatPoints } from '../../../shared/money.ts';
import { appStatusName, periodName } from '../kit/codes.ts';

export { PROMO_DESK_KEYS };

export default function PromotionDesk({ t, locale, tab }: IslandProps<K> & { tab: BoPromoTab }) {
  return (
    <Guard t={t} locale={locale} permission={BO_PROMO_PERMISSION.read}>
      {() => <Desk t={t} locale={locale} tab={tab} />}
    </Guard>
  );
}

function Desk({ t, locale, tab }: { t: DeskT; locale: Locale; tab: BoPromoTab }) {
  const staff = useStore($boStaff);
  const query = typeof window === 'undefined' ? new URLSearchParams() : new URLSearchParams(window.location.search);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const reportOf = Number(query.get('id') ?? '') || null;
  // Staff who may only read (finance, customer service) see every list but none of the actions their role lacks.
  const canManage = hasPermission(staff, BO_PROMO_PERMISSION.manage);
  const allowed = BO_PROMO_TABS.filter((k) =>
    k === 'gifts' ? hasPermission(staff, BO_PROMO_PERMISSION.gift) : k === 'categories' ? hasPermission(staff, BO_PROMO_PERMISSION.manage) : true,
  );
  return (
    <div className="max-w-7xl space-y-4">
      <nav className="flex gap-2" aria-label={t['bo.promo.title']}>
        {allowed.map((k) => (
          <a
            key={k}
            href={boPath(locale, BO_PROMO_PAGE[k])}
            aria-current={k === tab ? 'page' : undefined}
            className={k === tab ? cls.btn : cls.btnGhost}
            data-testid={`bo-promo-tab-${k}`}
          >
            {t[`bo.promo.tab.${k}`]}
          </a>
        ))}
      </nav>
      {tab === 'list' &&
        (editing === null ? (
          <PromotionList
            t={t}
            locale={locale}
            canManage={canManage}
            onEdit={setEditing}
            onReport={(id) => window.location.assign(`${boPath(locale, BO_PROMO_PAGE.report)}?id=${id}`)}
          />
        ) : (
          <PromotionEditor key={String(editing)} t={t} locale={locale} id={editing} onDone={() => setEditing(null)} />
        ))}
      {tab === 'queue' && <Queue t={t} locale={locale} canManage={canManage} />}
      {tab === 'gifts' && <Gifts t={t} locale={locale} />}
      {tab === 'categories' && <Categories t={t} locale={locale} />}
      {tab === 'report' && <Report t={t} locale={locale} initial={reportOf} />}
    </div>
  );
}

/** Every promotion (at most a few pages of them) for the pickers of the gift and report tabs. */
function usePromotions(mode?: number) {
  const { data, error, reload } = useBoData('GET /promotions', { query: { mode, pageSize: PROMOTION_LIMITS.pageSizeMax } });
  return { list: data?.data ?? null, error, reload };
}

// ---- application queue ----

function Queue({ t, locale, canManage }: { t: DeskT; locale: Locale; canManage: boolean }) {
  const [status, setStatus] = useState<string>('applying');
  const [account, setAccount] = useState('');
  const [applied, setApplied] = useState('');
  const {
    page,
    data: result,
    go,
    reload,
    state,
  } = useBoData('GET /promotion-applications', { query: { status, account: applied }, pageSize: BO_PROMO_PAGE_SIZE });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => setSelected(new Set()), [result]);

  const review = async (ids: number[], action: 'approve' | 'reject') => {
    setBusy(true);
    setMessage(null);
    try {
      const res = await boApi('POST /promotion-applications/review', { body: { ids, action, reason: reason.trim() } });
      const failed = res.failed.map((f) => `#${f.id} ${f.message}`).join('; ');
      setMessage({
        kind: res.failed.length ? 'error' : 'success',
        text: `${fill(t['bo.promo.q.result'], { approved: res.approved, rejected: res.rejected, failed: res.failed.length })}${failed ? ` ${failed}` : ''}`,
      });
      if (action === 'reject') setReason('');
      await reload();
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t) });
    } finally {
      setBusy(false);
    }
  };
  const rows = result?.data ?? [];
  const pending = rows.filter((r) => r.status === 'applying');
  const chosen = [...selected];
  const rejectBlocked = !reason.trim();

  return (
    <div className={cls.card} data-testid="bo-promo-queue">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label>
          <span className={cls.label}>{t['bo.promo.col.status']}</span>
          <select className={cls.input} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t['bo.promo.all']}</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {appStatusName(t, s)}
              </option>
            ))}
          </select>
        </label>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setApplied(account.trim());
          }}
        >
          <label>
            <span className={cls.label}>{t['bo.promo.q.account']}</span>
            <input className={cls.input} value={account} maxLength={12} onChange={(e) => setAccount(e.target.value)} />
          </label>
          <button type="submit" className={cls.btnGhost}>
            {t['bo.search']}
          </button>
        </form>
      </div>
      {canManage && (
        <div className="mb-4 flex flex-wrap items-end gap-3 rounded bg-slate-50 p-3">
          <label className="min-w-[320px] flex-1">
            <span className={cls.label}>{t['bo.promo.q.reject_reason']}</span>
            <input
              className={`${cls.input} w-full`}
              value={reason}
              maxLength={PROMOTION_LIMITS.reasonMax}
              onChange={(e) => setReason(e.target.value)}
              data-testid="bo-promo-reason"
            />
          </label>
          <button
            type="button"
            className={cls.btn}
            disabled={busy || !chosen.length}
            onClick={() => void review(chosen, 'approve')}
            data-testid="bo-promo-approve-selected"
          >
            {fill(t['bo.promo.q.approve_selected'], { n: chosen.length })}
          </button>
          <button
            type="button"
            className={cls.btnGhost}
            disabled={busy || !chosen.length || rejectBlocked}
            onClick={() => void review(chosen, 'reject')}
            data-testid="bo-promo-reject-selected"
          >
            {fill(t['bo.promo.q.reject_selected'], { n: chosen.length })}
          </button>
        </div>
      )}
      {message && (
        <Banner kind={message.kind} testId="bo-promo-review-result">
          {message.text}
        </Banner>
      )}
      <BoTable
        t={t}
        list={{ data: result, state, page, go, pageSize: BO_PROMO_PAGE_SIZE }}
        rowKey={(a) => a.id}
        rowTestId="bo-promo-application"
        columns={[
          {
            key: 'select',
            header: 'bo.promo.q.select_all',
            hidden: !canManage,
            headerCell: (
              <input
                type="checkbox"
                aria-label={t['bo.promo.q.select_all']}
                checked={pending.length > 0 && pending.every((r) => selected.has(r.id))}
                onChange={(e) => setSelected(e.target.checked ? new Set(pending.slice(0, PROMOTION_LIMITS.reviewBatchMax).map((r) => r.id)) : new Set())}
              />
            ),
            cell: (a) =>
              a.status === 'applying' && (
                <input
                  type="checkbox"
                  aria-label={String(a.id)}
                  checked={selected.has(a.id)}
                  onChange={(e) => {
                    const next = new Set(selected);
                    if (e.target.checked) next.add(a.id);
                    else next.delete(a.id);
                    setSelected(next);
                  }}
                />
              ),
          },
          { key: 'account', header: 'bo.promo.q.account', cell: (a) => a.account },
          {
            key: 'promotion',
            header: 'bo.promo.q.promotion',
            cell: (a) => (
              <>
                {a.title}
                <div className="text-xs text-slate-500">{modeName(a.mode, locale)}</div>
              </>
            ),
          },
          { key: 'amount', header: 'bo.promo.q.amount', className: 'tabular-nums', cell: (a) => formatDecimal(a.amount) },
          { key: 'period', header: 'bo.promo.q.period', className: 'text-xs', cell: (a) => periodName(t, a.period) },
          {
            key: 'status',
            header: 'bo.promo.col.status',
            cell: (a) => (
              <>
                {appStatusName(t, a.status)}
                {a.reason && <div className="text-xs text-red-700">{a.reason}</div>}
              </>
            ),
          },
          { key: 'created', header: 'bo.promo.q.created', className: 'whitespace-nowrap text-xs', cell: (a) => formatTime(a.created_at, locale) },
          {
            key: 'actions',
            header: 'bo.actions',
            hidden: !canManage,
            className: 'space-x-2 whitespace-nowrap',
            cell: (a) =>
              a.status === 'applying' && (
                <>
                  <button type="button" className={cls.btnSmall} disabled={busy} onClick={() => void review([a.id], 'approve')} data-testid="bo-promo-approve">
                    {t['bo.promo.q.approve']}
                  </button>
                  <button
                    type="button"
                    className={cls.btnDanger}
                    disabled={busy || rejectBlocked}
                    title={rejectBlocked ? t['bo.promo.q.reject_reason'] : undefined}
                    onClick={() => void review([a.id], 'reject')}
                    data-testid="bo-promo-reject"
                  >
                    {t['bo.promo.q.reject']}
                  </button>
                </>
              ),
          },
        ]}
      />
    </div>
  );
}

// ---- gift giving (mode 10) ----

function freshKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function Gifts({ t, locale }: { t: DeskT; locale: Locale }) {
  const { list, error, reload } = usePromotions(10);
  const [promotionId, setPromotionId] = useState<number | null>(null);
  const [accounts, setAccounts] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<GiftResult | null>(null);
  const [failure, setFailure] = useState('');
  // One key per gift command: a retried or doubled click pays nobody twice, and a new gift after a result is new.
  const [commandKey, setCommandKey] = useState(freshKey);
  useEffect(() => {
    if (list?.length && promotionId === null) setPromotionId(list[0]!.id);
  }, [list]);
  const parsed = parseAccounts(accounts);
  const tooMany = parsed.length > PROMOTION_LIMITS.giftAccountsMax;

  const send = async () => {
    if (promotionId === null) return;
    setBusy(true);
    setFailure('');
    setResult(null);
    try {
      setResult(
        await boApi('POST /promotion-gifts', {
          headers: { 'Idempotency-Key': commandKey },
          body: { promotion_id: promotionId, accounts: parsed.join('\n'), amount: amount.trim(), reason: reason.trim() },
        }),
      );
      setCommandKey(freshKey());
    } catch (err) {
      setFailure(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  if (!list || error) return <ListState t={t} loading={!list} error={error} retry={reload} />;
  if (!list.length) return <Banner kind="info">{t['bo.promo.gift.no_promotion']}</Banner>;
  return (
    <form
      className={`${cls.card} max-w-3xl space-y-3`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      data-testid="bo-promo-gifts"
    >
      <label className="block">
        <span className={cls.label}>{t['bo.promo.gift.promotion']}</span>
        <select className={`${cls.input} w-full`} value={promotionId ?? ''} onChange={(e) => setPromotionId(Number(e.target.value))}>
          {list.map((p) => (
            <option key={p.id} value={p.id}>
              {locale === 'en' ? p.title_en : p.title}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className={cls.label}>{t['bo.promo.gift.accounts']}</span>
        <textarea
          className={cls.textarea}
          rows={6}
          value={accounts}
          maxLength={PROMOTION_LIMITS.giftAccountsMax * 14}
          onChange={(e) => setAccounts(e.target.value)}
          aria-invalid={tooMany}
          data-testid="bo-promo-gift-accounts"
        />
        <span className={`text-xs ${tooMany ? 'text-red-700' : 'text-slate-500'}`}>
          {fill(t['bo.promo.gift.count'], { n: parsed.length })} / {PROMOTION_LIMITS.giftAccountsMax}
        </span>
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="block">
          <span className={cls.label}>{t['bo.promo.gift.amount']}</span>
          <input
            className={`${cls.input} w-full`}
            inputMode="decimal"
            maxLength={15}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="bo-promo-gift-amount"
          />
        </label>
        <label className="block">
          <span className={cls.label}>{t['bo.promo.gift.reason']}</span>
          <input
            className={`${cls.input} w-full`}
            maxLength={PROMOTION_LIMITS.reasonMax}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="bo-promo-gift-reason"
          />
        </label>
      </div>
      {failure && <Banner kind="error">{failure}</Banner>}
      {result && (
        <Banner kind={result.failed.length ? 'info' : 'success'} testId="bo-promo-gift-result">
          {fill(t['bo.promo.gift.result'], { granted: result.granted })}
          {result.failed.length > 0 && (
            <span>
              {' '}
              {t['bo.promo.gift.failed']}: {result.failed.map((f) => `${f.account} (${f.message})`).join(', ')}
            </span>
          )}
        </Banner>
      )}
      <div className="flex justify-end">
        <button
          type="submit"
          className={cls.btn}
          disabled={busy || !parsed.length || tooMany || !amount.trim() || !reason.trim()}
          data-testid="bo-promo-gift-send"
        >
          {t['bo.promo.gift.send']}
        </button>
      </div>
    </form>
  );
}

// ---- categories and mode entries ----

function Categories({ t, locale }: { t: DeskT; locale: Locale }) {
  const catsLoad = useBoData('GET /promotion-categories');
  const modesLoad = useBoData('GET /promotion-modes');
  const cats = catsLoad.data;
  const modes = modesLoad.data;
  const [error, setError] = useState('');
  const [draft, setDraft] = useState<CategoryInput>({ title: '', title_en: '', sort: 0, status: 'on' });
  const [busy, setBusy] = useState(false);
  const load = () => {
    void catsLoad.reload();
    void modesLoad.reload();
  };
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await fn();
      load();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const saveCat = (c: CategoryAdmin) =>
    run(() => boApi('PUT /promotion-categories/:id', { params: { id: c.id }, body: { title: c.title, title_en: c.title_en, sort: c.sort, status: c.status } }));
  const edit = (id: number, patch: Partial<CategoryAdmin>) => catsLoad.setData((list) => (list ?? []).map((c) => (c.id === id ? { ...c, ...patch } : c)));

  return (
    <div className="grid grid-cols-2 items-start gap-5">
      <section className={cls.card} data-testid="bo-promo-categories">
        <h2 className="mb-3 font-semibold">{t['bo.promo.tab.categories']}</h2>
        {error && <Banner kind="error">{error}</Banner>}
        <BoTable
          t={t}
          rows={cats}
          state={{ loading: !cats, error: catsLoad.error, retry: catsLoad.reload }}
          rowKey={(c) => c.id}
          columns={[
            {
              key: 'title',
              header: 'bo.promo.cat.title',
              cell: (c) => <input className={`${cls.input} w-full`} maxLength={40} value={c.title} onChange={(e) => edit(c.id, { title: e.target.value })} />,
            },
            {
              key: 'title_en',
              header: 'bo.promo.cat.title_en',
              cell: (c) => (
                <input className={`${cls.input} w-full`} maxLength={40} value={c.title_en} onChange={(e) => edit(c.id, { title_en: e.target.value })} />
              ),
            },
            {
              key: 'sort',
              header: 'bo.promo.cat.sort',
              cell: (c) => (
                <input
                  className={`${cls.input} w-20`}
                  inputMode="numeric"
                  value={c.sort}
                  onChange={(e) => edit(c.id, { sort: Number(e.target.value.replace(/\D/g, '').slice(0, 6)) })}
                />
              ),
            },
            {
              key: 'status',
              header: 'bo.promo.col.status',
              cell: (c) => <Switch checked={c.status === 'on'} label={t['bo.promo.col.status']} onChange={(on) => edit(c.id, { status: on ? 'on' : 'off' })} />,
            },
            {
              key: 'actions',
              header: 'bo.actions',
              cell: (c) => (
                <button type="button" className={cls.btnSmall} disabled={busy} onClick={() => void saveCat(c)}>
                  {t['bo.promo.save']}
                </button>
              ),
            },
          ]}
          footer={
            <tbody>
              <tr>
                <td className={cls.td}>
                  <input
                    className={`${cls.input} w-full`}
                    maxLength={40}
                    placeholder={t['bo.promo.cat.new']}
                    value={draft.title}
                    onChange={(e) => setDraft({ ...draft, title: e.target.value })}
                    data-testid="bo-promo-cat-title"
                  />
                </td>
                <td className={cls.td}>
                  <input
                    className={`${cls.input} w-full`}
                    maxLength={40}
                    value={draft.title_en}
                    onChange={(e) => setDraft({ ...draft, title_en: e.target.value })}
                    data-testid="bo-promo-cat-title-en"
                  />
                </td>
                <td className={cls.td}>
                  <input
                    className={`${cls.input} w-20`}
                    inputMode="numeric"
                    value={draft.sort}
                    onChange={(e) => setDraft({ ...draft, sort: Number(e.target.value.replace(/\D/g, '').slice(0, 6)) })}
                  />
                </td>
                <td className={cls.td} />
                <td className={cls.td}>
                  <button
                    type="button"
                    className={cls.btnSmall}
                    disabled={busy || !draft.title.trim() || !draft.title_en.trim()}
                    data-testid="bo-promo-cat-add"
                    onClick={() =>
                      void run(async () => {
                        await boApi('POST /promotion-categories', { body: draft });
                        setDraft({ title: '', title_en: '', sort: 0, status: 'on' });
                      })
                    }
                  >
                    {t['bo.promo.cat.new']}
                  </button>
                </td>
              </tr>
            </tbody>
          }
        />
      </section>
      <section className={cls.card} data-testid="bo-promo-modes">
        <h2 className="font-semibold">{t['bo.promo.modes']}</h2>
        <p className="mb-3 text-xs text-slate-500">{t['bo.promo.modes_hint']}</p>
        <ListState t={t} loading={!modes} error={modesLoad.error} empty={modes?.length === 0} retry={modesLoad.reload}>
          {modes && (
            <ul className="divide-y divide-slate-100">
              {modes.map((m) => (
                <li key={m.mode} className="flex items-center justify-between py-2 text-sm">
                  <span>
                    {m.mode}. {modeName(m.mode, locale)}
                  </span>
                  <Switch
                    checked={m.status === 'on'}
                    label={modeName(m.mode, locale)}
                    disabled={busy}
                    testId={`bo-promo-mode-${m.mode}`}
                    onChange={(on) => void run(() => boApi('PUT /promotion-modes/:mode', { params: { mode: m.mode }, body: { status: on ? 'on' : 'off' } }))}
                  />
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </section>
    </div>
  );
}

// ---- report ----

function Report({ t, locale, initial }: { t: DeskT; locale: Locale; initial: number | null }) {
  const { list, error, reload } = usePromotions();
  const [id, setId] = useState<number | null>(initial);
  const { data: report, error: failure, reload: reloadReport } = useBoData(id === null ? null : 'GET /promotions/:id/report', { params: { id: id ?? 0 } });
  useEffect(() => {
    if (id === null && list?.length) setId(list[0]!.id);
  }, [list]);
  if (!list || error || !list.length) return <ListState t={t} loading={!list} error={error} empty={list?.length === 0} retry={reload} />;
  const cells: Array<[K, string | number]> = report
    ? [
        ['bo.promo.r.grants', formatPoints(report.grants)],
        ['bo.promo.r.players', formatPoints(report.players)],
        ['bo.promo.r.applying', formatPoints(report.applying)],
        ['bo.promo.r.rejected', formatPoints(report.rejected)],
        ['bo.promo.r.cost', formatDecimal(report.cost)],
        ['bo.promo.r.budget', formatDecimalOr(report.budget, t['bo.promo.r.unlimited'])],
        ['bo.promo.r.budget_left', formatDecimalOr(report.budget_left, '—')],
        ['bo.promo.r.flow_target', formatDecimal(report.flow_target)],
        ['bo.promo.r.flow_done', formatDecimal(report.flow_done)],
        ['bo.promo.r.unlocks', formatPoints(report.unlocks)],
        ['bo.promo.r.given_up', formatPoints(report.given_up)],
      ]
    : [];
  return (
    <div className={`${cls.card} space-y-4`} data-testid="bo-promo-report">
      <label className="block max-w-md">
        <span className={cls.label}>{t['bo.promo.r.pick']}</span>
        <select className={`${cls.input} w-full`} value={id ?? ''} onChange={(e) => setId(Number(e.target.value))}>
          {list.map((p) => (
            <option key={p.id} value={p.id}>
              #{p.id} {locale === 'en' ? p.title_en : p.title} · {modeName(p.mode, locale)}
            </option>
          ))}
        </select>
      </label>
      <ListState t={t} loading={!report} error={failure} retry={reloadReport}>
        {report && (
          <dl className="grid grid-cols-4 gap-3">
            {cells.map(([k, v]) => (
              <div key={k} className="rounded border border-slate-200 p-3">
                <dt className="text-xs text-slate-500">{t[k]}</dt>
                <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid={`bo-promo-r-${k.slice('bo.promo.r.'.length)}`}>
                  {v}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </ListState>
    </div>
  );
}
