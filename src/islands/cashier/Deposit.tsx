// Deposit (desktop /member/deposit, mobile /mobile/f-wallet/deposit, outside /my-deposit/pub-deposit): the
// methods the operator offers in their order, the amount rules of SPEC.md section 5, the receiving account for
// bank transfers and the address for USDT, and the gateway flow (card and online banking open the gateway's
// page, convenience-store payment shows a payment code). After paying, the gateway sends the player back with
// ?type=1&order=<id> and the result is shown; the realtime outcome opens a dialog wherever the player is.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../stores/api.ts';
import { $depositEvent, $sessionReady, $user } from '../../stores/session.ts';
import { formatDecimal } from '../../shared/money.ts';
import { GATEWAY_METHODS, type DepositMethod } from '../../shared/schemas/cashier.ts';
import { LEDGER_NOTE_KEYS, noteText } from '../../shared/ledger-notes.ts';
import { acceptAmountInput, amountProblem, type AmountProblem } from '../../shared/amount.ts';
import type { Locale } from '../../shared/constants.ts';
import { DialogHost, DIALOG_KEYS } from '../shell/DialogHost.tsx';
import {
  Badge,
  CASHIER_ERROR_KEYS,
  CopyButton,
  DEPOSIT_STATUS_KEYS,
  Fact,
  METHOD_KEYS,
  cmpMoney,
  depositStatus,
  isZero,
  methodKey,
  newKey,
  type CashierVariant,
} from './common.tsx';
import { ErrorBox, LOGIN_NEEDED_KEYS, LoginNeeded, Spinner } from '../kit/status.tsx';
import { errorText, serverFieldErrors, useCall } from '../kit/calls.ts';
import { fill } from '../../shared/text.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup } from '../kit/page.ts';
import { MethodIcon } from './icons.tsx';
import { DEPOSIT_NOTICE_KEYS } from './DepositNotice.tsx';
import { USDT_DEPOSIT_KEYS, UsdtDeposit } from './UsdtDeposit.tsx';
import type { DepositView } from '../../shared/schemas/cashier.ts';
import { PAYMENT_CODE_KEYS, PaymentCode, hasPaymentCode } from './PaymentCode.tsx';

export const DEPOSIT_KEYS = [
  ...CASHIER_ERROR_KEYS,
  ...LOGIN_NEEDED_KEYS,
  ...DEPOSIT_STATUS_KEYS,
  ...METHOD_KEYS,
  ...DEPOSIT_NOTICE_KEYS,
  ...DIALOG_KEYS,
  ...USDT_DEPOSIT_KEYS,
  ...PAYMENT_CODE_KEYS,
  'cashier.ui.atm_title',
  'cashier.ui.atm_text',
  'cashier.ui.barcode_title',
  'cashier.ui.barcode_text',
  'cashier.ui.code_waiting',
  'cashier.ui.continue_pay',
  'cashier.amount.required',
  'cashier.amount.numeric',
  'cashier.amount.below_min',
  'cashier.amount.above_max',
  'cashier.amount.whole',
  'cashier.transfer_ref.required',
  'cashier.txid.required',
  'cashier.ui.loading',
  'cashier.ui.retry',
  'cashier.ui.choose_method',
  'cashier.ui.amount',
  'cashier.ui.amount_placeholder',
  'cashier.ui.amount_range',
  'cashier.ui.amount_min',
  'cashier.ui.amount_max',
  'cashier.ui.quick_amounts',
  'cashier.ui.receiving_account',
  'cashier.ui.bank',
  'cashier.ui.account_name',
  'cashier.ui.account_number',
  'cashier.ui.copy',
  'cashier.ui.copied',
  'cashier.ui.transfer_ref',
  'cashier.ui.transfer_ref_placeholder',
  'cashier.ui.usdt_address',
  'cashier.ui.usdt_network',
  'cashier.ui.txid',
  'cashier.ui.txid_placeholder',
  'cashier.ui.submit_deposit',
  'cashier.ui.submitting',
  'cashier.ui.no_methods',
  'cashier.ui.tip_gateway',
  'cashier.ui.tip_manual',
  'cashier.ui.tip_usdt',
  'cashier.ui.order_id',
  'cashier.ui.order_amount',
  'cashier.ui.order_method',
  'cashier.ui.order_time',
  'cashier.ui.order_status',
  'cashier.ui.expires_at',
  'cashier.ui.waiting_title',
  'cashier.ui.waiting_text',
  'cashier.ui.open_pay',
  'cashier.ui.redirecting',
  'cashier.ui.cvs_title',
  'cashier.ui.cvs_code',
  'cashier.ui.cvs_text',
  'cashier.ui.manual_title',
  'cashier.ui.manual_text',
  'cashier.ui.new_deposit',
  'cashier.ui.view_records',
  'cashier.ui.result_title',
  'cashier.ui.result_checking',
  'cashier.ui.balance',
  'cashier.ui.reason',
  ...LEDGER_NOTE_KEYS,
] as const;
type T = Record<(typeof DEPOSIT_KEYS)[number], string>;

type DepositOrder = DepositView;

/** Posts a gateway's checkout form from this page: a form of hidden fields, submitted at once (the AIO dialect). */
function postCheckout(checkout: NonNullable<DepositView['checkout']>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = checkout.action;
  form.acceptCharset = 'UTF-8';
  form.style.display = 'none';
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** The deposit form's words for each amount problem (SPEC.md section 5: required, numeric, within min and max). */
const DEPOSIT_PROBLEM_KEYS = {
  required: 'cashier.amount.required',
  invalid: 'cashier.amount.numeric',
  below_min: 'cashier.amount.below_min',
  above_max: 'cashier.amount.above_max',
  over_balance: 'cashier.amount.above_max',
} as const satisfies Record<AmountProblem, (typeof DEPOSIT_KEYS)[number]>;

const QUICK_AMOUNTS = ['500', '1000', '3000', '5000', '10000', '30000'];
/** A shown order that waits for the gateway is re-read this often, in case the realtime event is missed. */
const ORDER_POLL_MS = 4000;
const ORDER_POLL_MAX = 150;

interface Props {
  t: T;
  locale: Locale;
  variant: CashierVariant;
  /** ?type=1&order=<id>: the order the gateway sent the player back with. */
  order?: string;
  /** Gateway pages open in a new tab (desktop) or in this one (phones). */
  newTab: boolean;
  paths: { deposit: string; records: string; home: string };
}

export default function Deposit({ t, locale, variant, order, newTab, paths }: Props) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [shown, setShown] = useState<{ order: DepositOrder | string; mode: 'result' | 'waiting' | 'created' } | null>(order ? { order, mode: 'result' } : null);
  const dialogs = variant === 'pub' ? <DialogHost t={t} homePath={paths.home} /> : null;

  // Until the session call answers, a signed-in player (html[data-session], set before the first paint) sees the
  // form's frame, its words and the room its parts take, disabled and without a figure; a visitor sees the loader
  // and then the login prompt. The frame is the form itself, so the parts that follow are written into the elements
  // already painted instead of replacing them. A return from the gateway shows its order instead: the loader, as before.
  let body;
  if (!ready)
    body = order ? <Spinner label={t['cashier.ui.loading']} /> : <DepositForm t={t} variant={variant} newTab={newTab} frame onCreated={() => undefined} />;
  else if (!user) body = <LoginNeeded t={t} variant={variant} homePath={paths.home} />;
  else if (shown) {
    const again = () => {
      setShown(null);
      // The result's query would show the same order again on a reload.
      if (order) window.history.replaceState(null, '', window.location.pathname);
    };
    body = <OrderPanel t={t} order={shown.order} mode={shown.mode} records={paths.records} onAgain={again} />;
  } else body = <DepositForm t={t} variant={variant} newTab={newTab} onCreated={(o, mode) => setShown({ order: o, mode })} />;

  return (
    <div className="space-y-4" data-testid="deposit">
      {(user || !ready) && variant !== 'desktop' && (
        <div className={`flex items-center justify-between rounded-lg bg-brand-700 px-4 py-3 text-white shadow-sm ${user ? '' : 'player-only'}`}>
          <span className="text-sm text-slate-200">{t['cashier.ui.balance']}</span>
          <span className="text-lg font-bold text-gold-300" data-testid={user ? 'deposit-balance' : undefined}>
            {user ? formatDecimal(user.amount) : PENDING}
          </span>
        </div>
      )}
      {!ready && !order && (
        <div className="visitor-only">
          <Spinner label={t['cashier.ui.loading']} />
        </div>
      )}
      {body}
      {dialogs}
    </div>
  );
}

/** A figure's place until the figure is known: a space, so the line keeps its height and shows no number. */
const PENDING = '\u00a0';

/** The deposit form; `frame` while the session is not known yet: the form's words and room, disabled, for players only. */
function DepositForm({
  t,
  variant,
  newTab: tabs,
  frame = false,
  onCreated,
}: {
  t: T;
  variant: CashierVariant;
  newTab: boolean;
  frame?: boolean;
  onCreated: (o: DepositOrder, mode: 'waiting' | 'created') => void;
}) {
  const methods = useCall(frame ? null : () => api('GET /finance/deposit/methods'), [], t);
  const [method, setMethod] = useState<DepositMethod | null>(null);
  const [amount, setAmount] = useState('');
  const [ref, setRef] = useState('');
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const data = methods.data;
  const current = method && data?.methods.includes(method) ? method : (data?.methods[0] ?? null);

  if (methods.error) return <ErrorBox message={methods.error} retry={methods.reload} retryLabel={t['cashier.ui.retry']} />;
  if (data && !current)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white py-10 text-center text-slate-500" data-testid="deposit-no-methods">
        {t['cashier.ui.no_methods']}
      </p>
    );

  // While the methods load (data null), the form is rendered with no method: the same elements, disabled and
  // without a figure, so what follows is written into elements already painted instead of replacing them.
  const loaded = !!data && !!current;
  const gateway = !!current && GATEWAY_METHODS.includes(current);
  // USDT to the player's own watched address: no amount and no order, the chain watcher credits what arrives.
  const watchedUsdt = current === 'usdt' && !!data?.usdt?.automatic;
  const limits = (current && data?.limits?.[current]) || { min: data?.min ?? '0', max: data?.max ?? '0' };
  const hasMin = !isZero(limits.min);
  const hasMax = !isZero(limits.max);
  const amountError = (() => {
    const problem = amountProblem(amount, { min: limits.min, max: limits.max });
    if (!problem) return undefined;
    return t[DEPOSIT_PROBLEM_KEYS[problem]];
  })();
  const refError = !gateway && ref.trim() === '' ? (current === 'usdt' ? t['cashier.txid.required'] : t['cashier.transfer_ref.required']) : undefined;
  const shownAmountError = server.amount || (touched ? amountError : undefined);
  const shownRefError = server.player_ref || (touched ? refError : undefined);
  const range =
    hasMin && hasMax
      ? fill(t['cashier.ui.amount_range'], { min: formatDecimal(limits.min), max: formatDecimal(limits.max) })
      : hasMin
        ? fill(t['cashier.ui.amount_min'], { min: formatDecimal(limits.min) })
        : hasMax
          ? fill(t['cashier.ui.amount_max'], { max: formatDecimal(limits.max) })
          : '';
  const quick = QUICK_AMOUNTS.filter((a) => (!hasMin || (cmpMoney(a, limits.min) ?? 0) >= 0) && (!hasMax || (cmpMoney(a, limits.max) ?? 0) <= 0));

  const choose = (m: DepositMethod) => {
    setMethod(m);
    setRef('');
    setServer({});
    setFailure('');
  };

  const submit = async () => {
    setTouched(true);
    setFailure('');
    if (!current || watchedUsdt || amountError || refError || busy) return;
    setBusy(true);
    setServer({});
    try {
      const created = await api('POST /finance/deposit/create', {
        headers: { 'idempotency-key': newKey() },
        body: { method: current, amount, ...(gateway ? {} : { player_ref: ref.trim() }) },
      });
      if (created.checkout) {
        // The AIO dialect: the browser posts the signed form to the gateway, which brings the player back here.
        onCreated(created, 'created');
        postCheckout(created.checkout);
        return;
      }
      if (created.pay_url && (current === 'card' || current === 'online_banking')) {
        if (!tabs) {
          // Phones leave for the gateway in the same tab; it sends them back to the result.
          onCreated(created, 'created');
          window.location.assign(created.pay_url);
          return;
        }
        // The gateway's tab opens only now that the order exists: a tab opened on the click flashed empty when
        // the deposit was refused. Browsers still allow it a few seconds after the click; when one does not, the
        // waiting panel's button opens the gateway.
        const tab = window.open(created.pay_url, '_blank');
        if (tab) tab.opener = null;
        onCreated(created, 'waiting');
        return;
      }
      onCreated(created, 'created');
    } catch (err) {
      const fields = serverFieldErrors(err);
      setServer(fields);
      if (!Object.keys(fields).length) setFailure(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const panel = variant === 'desktop' ? 'rounded-lg border border-slate-200 p-4' : 'rounded-lg bg-white p-4 shadow-sm';
  return (
    <form
      noValidate
      className={`space-y-4 ${frame ? 'player-only' : ''}`}
      data-testid={loaded ? 'deposit-form' : undefined}
      aria-busy={!loaded || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className={panel}>
        <legend className="field-label px-1">{t['cashier.ui.choose_method']}</legend>
        {/* While loading, the room of one row of methods. */}
        <div
          role="radiogroup"
          aria-label={t['cashier.ui.choose_method']}
          className={`grid gap-2 ${variant === 'desktop' ? 'grid-cols-5' : 'grid-cols-3'} ${loaded ? '' : 'min-h-[4.5625rem]'}`}
        >
          {(data?.methods ?? []).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={m === current}
              onClick={() => choose(m)}
              data-testid={`method-${m}`}
              className={`flex flex-col items-center gap-1 rounded-lg border px-2 py-3 text-xs leading-tight ${m === current ? 'border-gold-500 bg-gold-300/20 font-semibold text-brand-800' : 'border-slate-200 text-slate-600 hover:border-brand-600'}`}
            >
              <MethodIcon method={m} className={m === current ? 'text-gold-600' : 'text-brand-600'} />
              {t[methodKey(m)]}
            </button>
          ))}
        </div>
      </fieldset>

      {current === 'bank_transfer' && data?.bank_transfer && (
        <section className={panel} data-testid="receiving-account" aria-label={t['cashier.ui.receiving_account']}>
          <h2 className="mb-2 font-semibold text-brand-700">{t['cashier.ui.receiving_account']}</h2>
          <dl className="divide-y divide-slate-100">
            {(
              [
                ['cashier.ui.bank', data.bank_transfer.bank],
                ['cashier.ui.account_name', data.bank_transfer.account_name],
                ['cashier.ui.account_number', data.bank_transfer.account],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex items-center justify-between gap-3 py-2 text-sm">
                <dt className="shrink-0 text-slate-500">{t[label]}</dt>
                <dd className="flex min-w-0 items-center gap-2 font-medium">
                  <span className="break-all">{value}</span>
                  <CopyButton value={value} label={t['cashier.ui.copy']} copied={t['cashier.ui.copied']} />
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-slate-500">{t['cashier.ui.tip_manual']}</p>
        </section>
      )}
      {watchedUsdt && <UsdtDeposit t={t} variant={variant} />}
      {current === 'usdt' && data?.usdt && !watchedUsdt && (
        <section className={panel} data-testid="usdt-address" aria-label={t['cashier.ui.usdt_address']}>
          <h2 className="mb-2 font-semibold text-brand-700">{t['cashier.ui.usdt_address']}</h2>
          <div className="flex items-center gap-2 rounded bg-slate-50 p-2">
            <code className="min-w-0 flex-1 break-all text-sm">{data.usdt.address}</code>
            <CopyButton value={data.usdt.address} label={t['cashier.ui.copy']} copied={t['cashier.ui.copied']} />
          </div>
          <p className="mt-2 text-sm text-slate-600">
            {t['cashier.ui.usdt_network']}: <strong>{data.usdt.network}</strong>
          </p>
          <p className="mt-1 text-xs text-slate-500">{t['cashier.ui.tip_usdt']}</p>
        </section>
      )}

      {!watchedUsdt && (
        <div className={panel}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <label htmlFor="deposit-amount" className="field-label">
              {t['cashier.ui.amount']}
            </label>
            {(range || !loaded) && (
              <span className="text-xs text-slate-500" data-testid={loaded ? 'deposit-range' : undefined}>
                {range || PENDING}
              </span>
            )}
          </div>
          <input
            id="deposit-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            maxLength={15}
            className="field-input"
            value={amount}
            disabled={!loaded}
            placeholder={t['cashier.ui.amount_placeholder']}
            aria-invalid={!!shownAmountError}
            aria-describedby={shownAmountError ? 'deposit-amount-error' : undefined}
            onChange={(e) => {
              setAmount((prev) => acceptAmountInput(prev, e.target.value).value);
              setServer((s) => ({ ...s, amount: '' }));
            }}
            onBlur={() => amount !== '' && setTouched(true)}
          />
          {shownAmountError && (
            <p id="deposit-amount-error" role="alert" className="field-error" data-testid="amount-error">
              {shownAmountError}
            </p>
          )}
          {quick.length > 0 && (
            <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={t['cashier.ui.quick_amounts']}>
              {/* While loading, every quick amount keeps its room, disabled: the limits may then leave some out. */}
              {quick.map((a) => (
                <button
                  key={a}
                  type="button"
                  disabled={!loaded}
                  onClick={() => {
                    setAmount(a);
                    setServer((s) => ({ ...s, amount: '' }));
                  }}
                  className={`rounded-full border px-3 py-1 text-sm ${amount === a ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
                >
                  {formatDecimal(a).replace(/\.00$/, '')}
                </button>
              ))}
            </div>
          )}
          {loaded && !gateway && (
            <div className="mt-4">
              <label htmlFor="deposit-ref" className="field-label">
                {current === 'usdt' ? t['cashier.ui.txid'] : t['cashier.ui.transfer_ref']}
              </label>
              <input
                id="deposit-ref"
                name="player_ref"
                autoComplete="off"
                maxLength={120}
                className="field-input"
                value={ref}
                placeholder={current === 'usdt' ? t['cashier.ui.txid_placeholder'] : t['cashier.ui.transfer_ref_placeholder']}
                aria-invalid={!!shownRefError}
                onChange={(e) => {
                  setRef(e.target.value);
                  setServer((s) => ({ ...s, player_ref: '' }));
                }}
              />
              {shownRefError && (
                <p role="alert" className="field-error" data-testid="ref-error">
                  {shownRefError}
                </p>
              )}
            </div>
          )}
          {(gateway || !loaded) && <p className="mt-3 text-xs text-slate-500">{loaded ? t['cashier.ui.tip_gateway'] : PENDING}</p>}
        </div>
      )}

      {(failure || server.method) && <ErrorBox message={failure || server.method!} />}
      {!watchedUsdt && (
        <button
          type="submit"
          className="btn-primary h-11 w-full disabled:opacity-60"
          disabled={busy || !loaded}
          data-testid={loaded ? 'deposit-submit' : undefined}
        >
          {busy ? t['cashier.ui.submitting'] : t['cashier.ui.submit_deposit']}
        </button>
      )}
    </form>
  );
}

/** An order: waiting for the gateway (desktop), its cvs code, a manual deposit awaiting finance, or the result. */
function OrderPanel({
  t,
  order,
  mode,
  records,
  onAgain,
}: {
  t: T;
  order: DepositOrder | string;
  mode: 'result' | 'waiting' | 'created';
  records: string;
  onAgain: () => void;
}) {
  const id = typeof order === 'string' ? order : order.id;
  const [data, setData] = useState<DepositOrder | null>(typeof order === 'string' ? null : order);
  const [error, setError] = useState('');
  const event = useStore($depositEvent);
  const polls = useRef(0);

  const read = () =>
    api('GET /finance/deposit/:id', { params: { id } }).then(
      (d) => {
        setData(d);
        setError('');
      },
      (err) => setError(errorText(err, t)),
    );
  useEffect(() => {
    if (!data) void read();
  }, [id]);
  // The realtime outcome of this order: read it again at once.
  useEffect(() => {
    if (event && event.id === id) void read();
  }, [event]);
  // Polled while the gateway has yet to settle it or to issue its code (a code-issued order then waits for the player).
  const pending = data?.status === 'pending' && GATEWAY_METHODS.includes(data.method) && !data.payment_code && !data.barcodes;
  useEffect(() => {
    if (!pending || mode === 'created') return;
    const timer = window.setInterval(() => {
      polls.current += 1;
      if (polls.current > ORDER_POLL_MAX) window.clearInterval(timer);
      else void read();
    }, ORDER_POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending, mode]);

  if (error && !data) return <ErrorBox message={error} retry={() => void read()} retryLabel={t['cashier.ui.retry']} />;
  if (!data) return <Spinner label={t['cashier.ui.loading']} />;
  const status = depositStatus(data.status, data.method);
  const isPending = data.status === 'pending';
  const manual = data.method === 'bank_transfer' || data.method === 'usdt';
  let title = t['cashier.ui.result_title'];
  let text = '';
  const code = isPending && hasPaymentCode(data);
  if (code && data.method === 'atm') {
    title = t['cashier.ui.atm_title'];
    text = t['cashier.ui.atm_text'];
  } else if (code && data.method === 'barcode') {
    title = t['cashier.ui.barcode_title'];
    text = t['cashier.ui.barcode_text'];
  } else if (isPending && data.method === 'cvs' && (code || !data.checkout)) {
    title = t['cashier.ui.cvs_title'];
    text = t['cashier.ui.cvs_text'];
  } else if (isPending && data.checkout && mode !== 'created') {
    // Back from the gateway before its notice: the code (or the payment) is on its way, and the form can be posted again.
    title = t['cashier.ui.waiting_title'];
    text = t['cashier.ui.code_waiting'];
  } else if (isPending && manual) {
    title = t['cashier.ui.manual_title'];
    text = t['cashier.ui.manual_text'];
  } else if (isPending && mode === 'waiting') {
    title = t['cashier.ui.waiting_title'];
    text = t['cashier.ui.waiting_text'];
  } else if (isPending && mode === 'created') {
    title = t['cashier.ui.redirecting'];
  } else if (isPending) text = t['cashier.ui.result_checking'];

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="deposit-order" data-status={data.status} aria-live="polite">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 className="text-lg font-semibold text-brand-700">{title}</h2>
        <Badge tone={status.tone} testId="deposit-order-status">
          {t[status.key]}
        </Badge>
      </div>
      {text && <p className="mb-3 text-sm text-slate-600">{text}</p>}
      {code && <PaymentCode data={data} t={t} />}
      <dl className="divide-y divide-slate-100">
        <Fact label={t['cashier.ui.order_id']}>
          <span className="break-all font-mono text-xs" data-testid="deposit-order-id">
            {data.id}
          </span>
        </Fact>
        <Fact label={t['cashier.ui.order_method']}>{t[methodKey(data.method)]}</Fact>
        <Fact label={t['cashier.ui.order_amount']} testId="deposit-order-amount">
          {formatDecimal(data.amount)}
        </Fact>
        <Fact label={t['cashier.ui.order_time']}>{taipeiDateTime(data.created_at)}</Fact>
        {isPending && data.expires_at && <Fact label={t['cashier.ui.expires_at']}>{taipeiDateTime(data.expires_at)}</Fact>}
        {!isPending && data.status !== 'paid' && data.reason && (
          <Fact label={t['cashier.ui.reason']} testId="deposit-order-reason">
            {noteText('deposit', data.reason, t)}
          </Fact>
        )}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {isPending && data.checkout && mode !== 'created' && (
          <button type="button" className="btn-primary flex-1" onClick={() => data.checkout && postCheckout(data.checkout)} data-testid="continue-pay">
            {t['cashier.ui.continue_pay']}
          </button>
        )}
        {isPending && mode === 'waiting' && data.pay_url && (
          <a className="btn-primary flex-1" href={data.pay_url} target="_blank" rel="noopener noreferrer" data-testid="open-pay">
            {t['cashier.ui.open_pay']}
          </a>
        )}
        <button type="button" className="btn-secondary flex-1 text-center" onClick={onAgain} data-testid="deposit-again">
          {t['cashier.ui.new_deposit']}
        </button>
        <a className="btn-secondary flex-1 text-center" href={records}>
          {t['cashier.ui.view_records']}
        </a>
      </div>
    </section>
  );
}
