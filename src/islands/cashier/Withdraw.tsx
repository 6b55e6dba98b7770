// Withdrawals (desktop /member/withdrawals?type=1, mobile /mobile/f-wallet/withdrawals?from=wallet&type=1):
// the outside withdrawal store when the operator set one (SPEC.md section 2), otherwise the terms, the
// balance, a verified bank card, the amount rules of SPEC.md section 5, the recent withdrawals with cancel,
// and the withdrawal-limit (turnover) records. The realtime 'withdrawal' event reloads the list.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../stores/api.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { $sessionReady, $user, loadUser } from '../../stores/session.ts';
import { showAlert, showConfirm } from '../../stores/ui.ts';
import { decimalToMinor, formatDecimal, minorToDecimal } from '../../shared/money.ts';
import { acceptAmountInput, amountProblem } from '../../shared/amount.ts';
import type { Locale } from '../../shared/constants.ts';
import {
  Badge,
  CASHIER_ERROR_KEYS,
  Fact,
  WITHDRAW_STATUS_KEYS,
  cmpMoney,
  isZero,
  loadSettings,
  newKey,
  Pager,
  withdrawStatus,
  type CashierVariant,
} from './common.tsx';
import { ErrorBox, LOGIN_NEEDED_KEYS, LoginNeeded, Spinner } from '../kit/status.tsx';
import { errorText, serverFieldErrors, useCall } from '../kit/calls.ts';
import { fill } from '../../shared/text.ts';
import { taipeiDateTime, taipeiDay } from '../kit/dates.ts';
import { usePageSetup } from '../kit/page.ts';
import { PLATFORM_HINT_KEYS, PlatformMoneyHint } from './PlatformMoneyHint.tsx';
import type { BankCardView, BankCardsView, WithdrawalRecordView } from '../../shared/schemas/cashier.ts';
import { BANK_CARD_STATUS } from '../../shared/statuses.ts';
import { isWithdrawalRow, rowsOfKind } from '../common/transaction-records.ts';

export const WITHDRAW_KEYS = [
  ...PLATFORM_HINT_KEYS,
  ...CASHIER_ERROR_KEYS,
  ...LOGIN_NEEDED_KEYS,
  ...WITHDRAW_STATUS_KEYS,
  'cashier.amount.required',
  'cashier.amount.numeric',
  'cashier.withdraw.not_above_fee',
  'cashier.withdraw.above_max',
  'cashier.card.required',
  'cashier.ui.loading',
  'cashier.ui.retry',
  'cashier.ui.balance',
  'cashier.ui.amount',
  'cashier.ui.amount_placeholder',
  'cashier.ui.fill_all',
  'cashier.ui.store_title',
  'cashier.ui.store_text',
  'cashier.ui.store_open',
  'cashier.ui.withdraw_closed',
  'cashier.ui.tab_apply',
  'cashier.ui.tab_limit',
  'cashier.ui.fee',
  'cashier.ui.fee_free',
  'cashier.ui.single_limit',
  'cashier.ui.no_max',
  'cashier.ui.today_count',
  'cashier.ui.need_real_name',
  'cashier.ui.fill_info',
  'cashier.ui.card',
  'cashier.ui.choose_card',
  'cashier.ui.no_usable_card',
  'cashier.ui.bind_card',
  'cashier.ui.manage_cards',
  'cashier.ui.withdraw_min',
  'cashier.ui.over_balance',
  'cashier.ui.receive',
  'cashier.ui.submit_withdraw',
  'cashier.ui.submitting',
  'cashier.ui.recent',
  'cashier.ui.all_records',
  'cashier.ui.no_withdrawals',
  'cashier.ui.cancel',
  'cashier.ui.cancel_confirm',
  'cashier.ui.order_id',
  'cashier.ui.order_time',
  'cashier.ui.reason',
  'cashier.ui.tips_title',
  'cashier.ui.tip_withdraw_1',
  'cashier.ui.tip_withdraw_2',
  'cashier.ui.tip_withdraw_3',
  'cashier.ui.limit.time',
  'cashier.ui.limit.deposit',
  'cashier.ui.limit.required',
  'cashier.ui.limit.achieved',
  'cashier.ui.limit.state',
  'cashier.ui.limit.done',
  'cashier.ui.limit.not_done',
  'cashier.ui.limit.empty',
  'cashier.ui.limit.note',
  'cashier.ui.prev',
  'cashier.ui.next',
  'cashier.ui.page',
  'cashier.ui.total',
  'common.cancel',
] as const;
type T = Record<(typeof WITHDRAW_KEYS)[number], string>;

export type Card = BankCardView;
export type CardList = BankCardsView;
type WithdrawalRow = WithdrawalRecordView;

const RECENT_COUNT = 10;
const PAGE_SIZE = 10;

interface Props {
  t: T;
  locale: Locale;
  variant: CashierVariant;
  tab?: 'apply' | 'limit';
  paths: { home: string; cards: string; info: string; records: string };
}

export default function Withdraw({ t, locale, variant, tab: initialTab = 'apply', paths }: Props) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const settings = useCall(() => loadSettings(), [], t);
  const [tab, setTab] = useState(initialTab);

  if (!ready || (!settings.data && !settings.error)) return <Spinner label={t['cashier.ui.loading']} />;
  if (!user) return <LoginNeeded t={t} variant={variant} homePath={paths.home} />;
  const store = settings.data?.withdraw_store_url?.trim() ?? '';
  if (store) {
    return (
      <section className="rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm" data-testid="withdraw-store">
        <h2 className="mb-2 text-lg font-semibold text-brand-700">{t['cashier.ui.store_title']}</h2>
        <p className="mb-4 text-sm text-slate-600">{t['cashier.ui.store_text']}</p>
        <a className="btn-primary" href={store} target="_blank" rel="noopener noreferrer" data-testid="withdraw-store-link">
          {t['cashier.ui.store_open']}
        </a>
      </section>
    );
  }
  if (settings.data && !Number(settings.data.allow_player_withdraw)) return <ErrorBox message={t['cashier.ui.withdraw_closed']} />;

  const tabs: Array<['apply' | 'limit', string]> = [
    ['apply', t['cashier.ui.tab_apply']],
    ['limit', t['cashier.ui.tab_limit']],
  ];
  return (
    <div className="space-y-4" data-testid="withdraw">
      <div role="tablist" className={`flex ${variant === 'desktop' ? 'gap-2 border-b border-slate-200' : 'rounded-lg bg-white shadow-sm'}`}>
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            data-testid={`withdraw-tab-${key}`}
            className={`-mb-px border-b-2 px-4 py-2 text-sm ${variant === 'desktop' ? '' : 'flex-1'} ${tab === key ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-slate-600 hover:text-brand-700'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'apply' ? <Apply t={t} variant={variant} paths={paths} /> : <LimitRecords t={t} variant={variant} />}
    </div>
  );
}

function Apply({ t, variant, paths }: { t: T; variant: CashierVariant; paths: Props['paths'] }) {
  const user = useStore($user)!;
  const terms = useCall(() => api('GET /finance/withdraw/terms'), [], t);
  const cards = useCall(() => api('GET /players/debit-card/list'), [], t);
  const recent = useCall(
    () =>
      api('GET /auth/transactionRecordList', {
        query: { category: 'withdraw', date_start: taipeiDay(29), date_end: taipeiDay(0), page: 1, pageSize: RECENT_COUNT },
      }).then((p) => rowsOfKind(p, isWithdrawalRow)),
    [],
    t,
  );
  const [cardId, setCardId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const reloadAll = () => {
    terms.reload();
    recent.reload();
    void loadUser();
  };
  useEffect(() => onRealtime('withdrawal', () => reloadAll()), []);
  useEffect(() => onRealtime('bankcard-audit', () => cards.reload()), []);

  const usable = (cards.data?.data ?? []).filter((c) => c.status_debit_card === BANK_CARD_STATUS.usable);
  const chosen = usable.find((c) => c.id === cardId) ?? usable[0] ?? null;
  const tm = terms.data;

  const amountError = (() => {
    if (!tm) return undefined;
    const problem = amountProblem(amount, { min: tm.min, max: tm.max, balance: user.amount });
    if (problem === 'required') return t['cashier.amount.required'];
    if (problem === 'invalid') return t['cashier.amount.numeric'];
    if (problem === 'below_min') return fill(t['cashier.ui.withdraw_min'], { min: formatDecimal(tm.min) });
    if ((cmpMoney(amount, tm.fee) ?? 1) <= 0) return t['cashier.withdraw.not_above_fee'];
    if (problem === 'above_max') return t['cashier.withdraw.above_max'];
    if (problem === 'over_balance') return t['cashier.ui.over_balance'];
    return undefined;
  })();
  const shownAmountError = server.money || (touched ? amountError : undefined);
  const cardError = server.bank_card_id || (touched && !chosen ? t['cashier.card.required'] : undefined);
  const receive = tm && !amountError && amount ? subtract(amount, tm.fee) : '';

  const submit = async () => {
    setTouched(true);
    setFailure('');
    if (!tm || amountError || !chosen || busy) return;
    setBusy(true);
    setServer({});
    try {
      let message = '';
      await api('POST /finance/withdraw/create', {
        headers: { 'idempotency-key': newKey() },
        body: { money: amount, bank_card_id: chosen.id },
        onMessage: (m) => {
          message = m;
        },
      });
      setAmount('');
      setTouched(false);
      reloadAll();
      if (message) showAlert(message);
    } catch (err) {
      const fields = serverFieldErrors(err);
      setServer(fields);
      if (!Object.keys(fields).length) setFailure(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const cancel = (row: WithdrawalRow) =>
    showConfirm({
      message: fill(t['cashier.ui.cancel_confirm'], { amount: formatDecimal(row.amount) }),
      onConfirm: () =>
        void (async () => {
          // Fire and forget: the handler shows its own errors, and the event it answers has nothing to wait for.
          setCancelling(row.id);
          try {
            let message = '';
            await api('POST /finance/withdraw/cancel', {
              body: { id: row.id },
              onMessage: (m) => {
                message = m;
              },
            });
            reloadAll();
            if (message) showAlert(message);
          } catch (err) {
            showAlert(errorText(err, t));
            recent.reload();
          } finally {
            setCancelling(null);
          }
        })(),
    });

  const panel = variant === 'desktop' ? 'rounded-lg border border-slate-200 p-4' : 'rounded-lg bg-white p-4 shadow-sm';
  if (terms.error) return <ErrorBox message={terms.error} retry={terms.reload} retryLabel={t['cashier.ui.retry']} />;
  if (!tm || (!cards.data && !cards.error)) return <Spinner label={t['cashier.ui.loading']} />;

  return (
    <div className={variant === 'desktop' ? 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : 'space-y-4'}>
      <form
        noValidate
        className="space-y-4"
        data-testid="withdraw-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <dl className={`${panel} divide-y divide-slate-100`}>
          <Fact label={t['cashier.ui.balance']} testId="withdraw-balance">
            <span className="text-lg font-bold text-brand-700">{formatDecimal(user.amount)}</span>
          </Fact>
          <Fact label={t['cashier.ui.fee']} testId="withdraw-fee">
            {isZero(tm.fee) ? t['cashier.ui.fee_free'] : formatDecimal(tm.fee)}
          </Fact>
          <Fact label={t['cashier.ui.single_limit']}>
            {formatDecimal(tm.min)} ~ {isZero(tm.max) ? t['cashier.ui.no_max'] : formatDecimal(tm.max)}
          </Fact>
          {tm.max_per_day > 0 && (
            <Fact label={t['cashier.ui.today_count']} testId="withdraw-count">
              {tm.used_today} / {tm.max_per_day}
            </Fact>
          )}
        </dl>

        <PlatformMoneyHint t={t} />
        {tm.need_real_name && (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-2 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid="withdraw-need-name"
          >
            <span>{t['cashier.ui.need_real_name']}</span>
            <a className="font-semibold underline" href={paths.info}>
              {t['cashier.ui.fill_info']}
            </a>
          </div>
        )}

        <div className={panel}>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor="withdraw-card" className="field-label">
              {t['cashier.ui.card']}
            </label>
            <a className="text-xs text-brand-600 underline" href={paths.cards}>
              {t['cashier.ui.manage_cards']}
            </a>
          </div>
          {cards.error ? (
            <ErrorBox message={cards.error} retry={cards.reload} retryLabel={t['cashier.ui.retry']} />
          ) : usable.length === 0 ? (
            <div
              className="flex flex-wrap items-center justify-between gap-2 rounded border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-600"
              data-testid="withdraw-no-card"
            >
              <span>{t['cashier.ui.no_usable_card']}</span>
              <a className="btn-primary h-8 px-3 text-sm" href={paths.cards}>
                {t['cashier.ui.bind_card']}
              </a>
            </div>
          ) : (
            <select
              id="withdraw-card"
              name="bank_card_id"
              className="field-input"
              value={chosen?.id ?? ''}
              onChange={(e) => setCardId(Number(e.target.value))}
              aria-invalid={!!cardError}
              data-testid="withdraw-card"
            >
              {usable.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.bank_name} {c.card_number} ({c.account_name})
                </option>
              ))}
            </select>
          )}
          {cardError && (
            <p role="alert" className="field-error">
              {cardError}
            </p>
          )}

          <div className="mt-4 flex items-baseline justify-between gap-2">
            <label htmlFor="withdraw-amount" className="field-label">
              {t['cashier.ui.amount']}
            </label>
            {receive && (
              <span className="text-xs text-slate-500" data-testid="withdraw-receive">
                {fill(t['cashier.ui.receive'], { amount: formatDecimal(receive) })}
              </span>
            )}
          </div>
          <div className="flex gap-2">
            <input
              id="withdraw-amount"
              name="money"
              inputMode="decimal"
              autoComplete="off"
              maxLength={15}
              className="field-input"
              value={amount}
              placeholder={t['cashier.ui.amount_placeholder']}
              aria-invalid={!!shownAmountError}
              aria-describedby={shownAmountError ? 'withdraw-amount-error' : undefined}
              onChange={(e) => {
                setAmount((prev) => acceptAmountInput(prev, e.target.value).value);
                setServer((s) => ({ ...s, money: '' }));
              }}
              onBlur={() => amount !== '' && setTouched(true)}
            />
            <button type="button" className="btn-secondary h-10 shrink-0 px-3 text-sm" onClick={() => setAmount(twoDecimals(user.amount))}>
              {t['cashier.ui.fill_all']}
            </button>
          </div>
          {shownAmountError && (
            <p id="withdraw-amount-error" role="alert" className="field-error" data-testid="withdraw-amount-error">
              {shownAmountError}
            </p>
          )}
        </div>

        {failure && <ErrorBox message={failure} />}
        <button type="submit" className="btn-primary h-11 w-full disabled:opacity-60" disabled={busy || usable.length === 0} data-testid="withdraw-submit">
          {busy ? t['cashier.ui.submitting'] : t['cashier.ui.submit_withdraw']}
        </button>
        <div className="rounded-lg bg-slate-50 p-3 text-xs leading-6 text-slate-500">
          <p className="font-semibold text-slate-600">{t['cashier.ui.tips_title']}</p>
          <ol className="list-decimal pl-4">
            <li>{fill(t['cashier.ui.tip_withdraw_1'], { min: formatDecimal(tm.min) })}</li>
            <li>{t['cashier.ui.tip_withdraw_2']}</li>
            <li>{t['cashier.ui.tip_withdraw_3']}</li>
          </ol>
        </div>
      </form>

      <section className={panel} aria-labelledby="withdraw-recent" data-testid="withdraw-recent">
        <div className="mb-2 flex items-baseline justify-between gap-2">
          <h2 id="withdraw-recent" className="font-semibold text-brand-700">
            {t['cashier.ui.recent']}
          </h2>
          <a className="text-xs text-brand-600 underline" href={paths.records}>
            {t['cashier.ui.all_records']}
          </a>
        </div>
        {recent.error ? (
          <ErrorBox message={recent.error} retry={recent.reload} retryLabel={t['cashier.ui.retry']} />
        ) : !recent.data ? (
          <Spinner label={t['cashier.ui.loading']} />
        ) : !recent.data.data.length ? (
          <p className="py-8 text-center text-sm text-slate-500" data-testid="withdraw-none">
            {t['cashier.ui.no_withdrawals']}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="withdraw-list">
            {recent.data.data.map((w) => {
              const s = withdrawStatus(w.status);
              return (
                <li key={w.id} className="py-2.5 text-sm" data-testid="withdraw-row" data-id={w.id} data-status={w.status}>
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-semibold">
                      {formatDecimal(w.amount)}
                      {!isZero(w.fee) && (
                        <span className="ml-1 text-xs font-normal text-slate-500">
                          ({t['cashier.ui.fee']} {formatDecimal(w.fee)})
                        </span>
                      )}
                    </span>
                    <Badge tone={s.tone} testId="withdraw-status">
                      {t[s.key]}
                    </Badge>
                  </div>
                  <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-500">
                    <span>{taipeiDateTime(w.created_at)}</span>
                    {w.status === 'applying' && (
                      <button
                        type="button"
                        className="rounded border border-red-300 px-2 py-0.5 text-red-700 hover:bg-red-50 disabled:opacity-50"
                        disabled={cancelling === w.id}
                        onClick={() => cancel(w)}
                        data-testid="withdraw-cancel"
                      >
                        {t['cashier.ui.cancel']}
                      </button>
                    )}
                  </div>
                  {w.status === 'rejected' && w.reason && (
                    <p className="mt-1 text-xs text-red-700">
                      {t['cashier.ui.reason']}: {w.reason}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

function LimitRecords({ t, variant }: { t: T; variant: CashierVariant }) {
  const [page, setPage] = useState(1);
  const list = useCall(() => api('GET /finance/withdraw/limit/records', { query: { page, pageSize: PAGE_SIZE } }), [page], t);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  if (list.error) return <ErrorBox message={list.error} retry={list.reload} retryLabel={t['cashier.ui.retry']} />;
  if (!list.data) return <Spinner label={t['cashier.ui.loading']} />;
  const rows = list.data.data;
  return (
    <div className="space-y-3" data-testid="withdraw-limit">
      <p className="text-xs text-slate-500">{t['cashier.ui.limit.note']}</p>
      {!rows.length ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="limit-empty">
          {t['cashier.ui.limit.empty']}
        </p>
      ) : variant === 'desktop' ? (
        <div className="overflow-x-auto">
          <table className={`w-full text-sm ${list.loading ? 'opacity-60' : ''}`}>
            <thead>
              <tr className="bg-slate-50 text-left text-slate-600">
                <th scope="col" className="px-3 py-2 font-medium">
                  {t['cashier.ui.limit.time']}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t['cashier.ui.limit.deposit']}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t['cashier.ui.limit.required']}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t['cashier.ui.limit.achieved']}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t['cashier.ui.limit.state']}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.id} data-testid="limit-row">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">{taipeiDateTime(r.created_at)}</td>
                  <td className="px-3 py-2 text-right">{formatDecimal(r.deposit)}</td>
                  <td className="px-3 py-2 text-right">{formatDecimal(r.required)}</td>
                  <td className="px-3 py-2 text-right">{formatDecimal(r.achieved)}</td>
                  <td className="px-3 py-2 text-right">
                    <Badge tone={r.done ? 'ok' : 'wait'}>{r.done ? t['cashier.ui.limit.done'] : t['cashier.ui.limit.not_done']}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="space-y-2">
          {rows.map((r) => (
            <li key={r.id} className="rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="limit-row">
              <div className="flex justify-between">
                <span className="text-slate-500">{taipeiDateTime(r.created_at)}</span>
                <Badge tone={r.done ? 'ok' : 'wait'}>{r.done ? t['cashier.ui.limit.done'] : t['cashier.ui.limit.not_done']}</Badge>
              </div>
              <dl className="mt-1">
                <Fact label={t['cashier.ui.limit.deposit']}>{formatDecimal(r.deposit)}</Fact>
                <Fact label={t['cashier.ui.limit.achieved']}>
                  {formatDecimal(r.achieved)} / {formatDecimal(r.required)}
                </Fact>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {list.data.total > 0 && <Pager t={t} page={page} pages={pages} total={list.data.total} busy={list.loading} go={setPage} />}
    </div>
  );
}

/** a - b on decimal strings; empty when not positive. */
function subtract(a: string, b: string): string {
  const d = (decimalToMinor(a) ?? 0n) - (decimalToMinor(b) ?? 0n);
  return d > 0n ? minorToDecimal(d) : '';
}

/** The balance with exactly two decimals, for the fill-all button. */
function twoDecimals(decimal: string): string {
  const minor = decimalToMinor(decimal);
  return minor === undefined ? decimal : minorToDecimal(minor);
}
