// The partner's wallet: the balance (approved commission), payouts waiting for finance, the bank card payouts go to,
// the payout request (at least the minimum, at most the balance) and every payout with its state.
import { useState } from 'react';
import { agentApi } from './api.ts';
import {
  Figure,
  List,
  Notice,
  PORTAL_KEYS,
  Pager,
  Portal,
  State,
  errorText,
  fieldErrors,
  fill,
  money,
  newRequestKey,
  ui,
  useAgentData,
  when,
  type AgentIslandProps,
  type PortalT,
} from './common.tsx';
import type { AgentVariant } from './paths.ts';
import type { Locale } from '../../shared/constants.ts';
import { decimalToMinor } from '../../shared/money.ts';
import type { PayoutView } from '../../shared/schemas/partners/common.ts';

export const WALLET_KEYS = [
  ...PORTAL_KEYS,
  'agent.wallet.balance',
  'agent.wallet.pending',
  'agent.wallet.min',
  'agent.wallet.card',
  'agent.wallet.no_card',
  'agent.wallet.card_edit',
  'agent.wallet.bank',
  'agent.wallet.branch',
  'agent.wallet.holder',
  'agent.wallet.card_number',
  'agent.wallet.password',
  'agent.wallet.card_save',
  'agent.wallet.card_saved',
  'agent.wallet.request',
  'agent.wallet.amount',
  'agent.wallet.submit',
  'agent.wallet.submitting',
  'agent.wallet.requested',
  'agent.wallet.need_card',
  'agent.wallet.payouts',
  'agent.wallet.empty',
  'agent.wallet.created',
  'agent.wallet.reviewed',
  'agent.wallet.status',
  'agent.wallet.reason',
  'agent.wallet.cancel',
  'agent.payout.applying',
  'agent.payout.paid',
  'agent.payout.rejected',
  'agent.wallet.below_min',
  'agent.wallet.above_balance',
  'partners.v.amount',
  'partners.v.bank',
  'partners.v.holder',
  'partners.v.card_number',
  'v.password.required',
] as const;
type K = (typeof WALLET_KEYS)[number];
type T = AgentIslandProps<K>['t'];
const PAGE_SIZE = 10;

export default function Wallet({ t, locale, variant }: AgentIslandProps<K>) {
  return (
    <Portal t={t} locale={locale} variant={variant}>
      {() => <Body t={t} locale={locale} variant={variant} />}
    </Portal>
  );
}

const TONE: Record<PayoutView['status'], string> = {
  applying: 'bg-amber-100 text-amber-800',
  paid: 'bg-emerald-100 text-emerald-800',
  rejected: 'bg-slate-200 text-slate-700',
};

function Body({ t, locale, variant }: { t: T; locale: Locale; variant: AgentVariant }) {
  const wallet = useAgentData('GET /wallet', t as PortalT);
  const [page, setPage] = useState(1);
  const payouts = useAgentData('GET /payouts', t as PortalT, { query: { page, pageSize: PAGE_SIZE } });
  const [amount, setAmount] = useState('');
  const [requestKey, setRequestKey] = useState(() => newRequestKey());
  const [amountError, setAmountError] = useState('');
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const w = wallet.data;

  const request = async () => {
    if (!w) return;
    setNotice(null);
    const minor = decimalToMinor(amount);
    if (minor === undefined || minor <= 0n) return setAmountError(t['partners.v.amount']);
    if (minor < (decimalToMinor(w.min_payout) ?? 0n)) return setAmountError(fill(t['agent.wallet.below_min'], { min: money(w.min_payout) }));
    if (minor > (decimalToMinor(w.balance) ?? 0n)) return setAmountError(fill(t['agent.wallet.above_balance'], { balance: money(w.balance) }));
    setAmountError('');
    setBusy(true);
    try {
      const made = await agentApi('POST /payouts', { body: { amount: amount.trim(), request_key: requestKey } });
      setNotice({ kind: 'success', text: fill(t['agent.wallet.requested'], { amount: money(made.amount) }) });
      setAmount('');
      setRequestKey(newRequestKey());
      void wallet.reload();
      void payouts.reload();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.amount) setAmountError(fields.amount);
      else setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };

  return (
    <div className="max-w-[1200px] space-y-4">
      <State t={t} loading={wallet.loading} error={wallet.error} retry={wallet.reload} empty={false}>
        {w && (
          <>
            <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3">
              <Figure label={t['agent.wallet.balance']} value={money(w.balance)} testId="wallet-balance" strong />
              <Figure label={t['agent.wallet.pending']} value={money(w.pending_payouts)} testId="wallet-pending" />
              <Figure label={t['agent.wallet.min']} value={money(w.min_payout)} testId="wallet-min" />
            </div>
            <section className={ui.card}>
              <div className="mb-2 flex items-center justify-between gap-3">
                <h2 className="text-base font-semibold text-brand-800">{t['agent.wallet.card']}</h2>
                {!editing && (
                  <button type="button" className="text-sm text-brand-700 underline" onClick={() => setEditing(true)} data-testid="card-edit">
                    {t['agent.wallet.card_edit']}
                  </button>
                )}
              </div>
              {editing ? (
                <CardForm
                  t={t}
                  onDone={(next) => {
                    if (next) wallet.setData(next);
                    setEditing(false);
                    if (next) setNotice({ kind: 'success', text: t['agent.wallet.card_saved'] });
                  }}
                />
              ) : w.bank_card ? (
                <p className="text-sm" data-testid="wallet-card">
                  {w.bank_card.bank}
                  {w.bank_card.branch ? ` ${w.bank_card.branch}` : ''} · {w.bank_card.holder} ·{' '}
                  <span className="font-mono">{w.bank_card.card_number_masked}</span>
                </p>
              ) : (
                <p className="text-sm text-slate-500" data-testid="wallet-card">
                  {t['agent.wallet.no_card']}
                </p>
              )}
            </section>
            <section className={ui.card}>
              <h2 className={ui.h2}>{t['agent.wallet.request']}</h2>
              {notice && (
                <Notice kind={notice.kind} testId="payout-notice">
                  {notice.text}
                </Notice>
              )}
              {!w.bank_card ? (
                <p className="text-sm text-slate-600">{t['agent.wallet.need_card']}</p>
              ) : (
                <form
                  noValidate
                  className="flex flex-wrap items-start gap-3"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void request();
                  }}
                  data-testid="payout-form"
                >
                  <label className="w-56">
                    <span className={ui.label}>{t['agent.wallet.amount']}</span>
                    <input
                      name="amount"
                      inputMode="decimal"
                      value={amount}
                      maxLength={15}
                      className={ui.input}
                      aria-invalid={!!amountError}
                      onChange={(e) => setAmount(e.target.value)}
                    />
                    {amountError && (
                      <span className={ui.fieldError} role="alert" data-testid="payout-amount-error">
                        {amountError}
                      </span>
                    )}
                  </label>
                  <button type="submit" className={`${ui.btn} mt-6`} disabled={busy} data-testid="payout-submit">
                    {busy ? t['agent.wallet.submitting'] : t['agent.wallet.submit']}
                  </button>
                </form>
              )}
            </section>
          </>
        )}
      </State>
      <section className={variant === 'mobile' ? '' : ui.card}>
        <h2 className={ui.h2}>{t['agent.wallet.payouts']}</h2>
        <State
          t={t}
          loading={payouts.loading}
          error={payouts.error}
          retry={payouts.reload}
          empty={payouts.data?.data.length === 0}
          emptyText={t['agent.wallet.empty']}
        >
          <List
            variant={variant}
            rows={payouts.data?.data ?? []}
            rowKey={(r) => r.id}
            testId="payouts-table"
            rowTestId="payout-row"
            columns={[
              { key: 'created', header: t['agent.wallet.created'], cell: (r) => when(r.created_at, locale) },
              { key: 'amount', header: t['agent.wallet.amount'], align: 'right', cell: (r) => money(r.amount), testId: 'payout-amount' },
              {
                key: 'card',
                header: t['agent.wallet.card'],
                cell: (r) => (
                  <span>
                    {r.bank} <span className="font-mono">{r.card_number_masked}</span>
                  </span>
                ),
              },
              {
                key: 'status',
                header: t['agent.wallet.status'],
                cell: (r) => (
                  <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${TONE[r.status]}`} data-status={r.status}>
                    {t[`agent.payout.${r.status}`]}
                  </span>
                ),
                testId: 'payout-status',
              },
              { key: 'reviewed', header: t['agent.wallet.reviewed'], cell: (r) => when(r.reviewed_at, locale) },
              { key: 'reason', header: t['agent.wallet.reason'], cell: (r) => r.reason || '—' },
            ]}
          />
          {payouts.data && <Pager t={t} page={page} total={payouts.data.total} pageSize={PAGE_SIZE} onPage={setPage} />}
        </State>
      </section>
    </div>
  );
}

type WalletAnswer = NonNullable<ReturnType<typeof useAgentData<'GET /wallet'>>['data']>;

function CardForm({ t, onDone }: { t: T; onDone: (wallet: WalletAnswer | null) => void }) {
  const [form, setForm] = useState({ bank: '', branch: '', holder: '', card_number: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const found: Record<string, string> = {};
    if (!form.bank.trim()) found.bank = t['partners.v.bank'];
    if (!form.holder.trim()) found.holder = t['partners.v.holder'];
    if (!/^\d{10,16}$/.test(form.card_number.trim())) found.card_number = t['partners.v.card_number'];
    if (!form.password) found.password = t['v.password.required'];
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      onDone(await agentApi('PUT /bank-card', { body: { ...form, card_number: form.card_number.trim() } }));
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(errorText(err, t));
      setBusy(false);
    }
  };
  const input = (name: keyof typeof form, label: string, type = 'text') => (
    <label className="block">
      <span className={ui.label}>{label}</span>
      <input
        name={name}
        type={type}
        value={form[name]}
        maxLength={name === 'card_number' ? 16 : 40}
        className={ui.input}
        aria-invalid={!!errors[name]}
        autoComplete={type === 'password' ? 'current-password' : 'off'}
        inputMode={name === 'card_number' ? 'numeric' : undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {errors[name] && (
        <span className={ui.fieldError} role="alert">
          {errors[name]}
        </span>
      )}
    </label>
  );
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="card-form"
    >
      {failure && (
        <div className="sm:col-span-2">
          <Notice kind="error">{failure}</Notice>
        </div>
      )}
      {input('bank', t['agent.wallet.bank'])}
      {input('branch', t['agent.wallet.branch'])}
      {input('holder', t['agent.wallet.holder'])}
      {input('card_number', t['agent.wallet.card_number'])}
      {input('password', t['agent.wallet.password'], 'password')}
      <div className="flex items-end gap-2">
        <button type="submit" className={ui.btn} disabled={busy} data-testid="card-save">
          {t['agent.wallet.card_save']}
        </button>
        <button type="button" className={ui.btnGhost} onClick={() => onDone(null)}>
          {t['agent.wallet.cancel']}
        </button>
      </div>
    </form>
  );
}
