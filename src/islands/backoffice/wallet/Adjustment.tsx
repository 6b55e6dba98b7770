// Manual balance adjustments: finance finds the player, chooses to credit or debit the central wallet, gives
// the reason, and confirms. One idempotency key per filled-in form, so a double click or a retry after a
// lost answer moves the money once. The ledger refuses a debit that would leave the balance below zero. An amount
// above the approval threshold is only asked for: the confirmation says it goes to a second staff member.
import { useState } from 'react';
import { BoFailure, boApi, boPath } from '../kit/api.ts';
import { Banner, ConfirmDialog, cls, errorText, fill } from '../kit/common.tsx';
import { Money } from '../kit/money.tsx';
import { useBoData } from '../kit/data.ts';
import { decimalToMinor, formatDecimal, minorToDecimal } from '../../../shared/money.ts';
import type { Locale } from '../../../shared/constants.ts';
import { SHARED_KEYS, type SharedT } from '../cashier/shared.tsx';
import type { Notice } from '../kit/form.tsx';

export const ADJUST_KEYS = [
  ...SHARED_KEYS,
  'bo.adj.hint',
  'bo.adj.find',
  'bo.adj.player',
  'bo.adj.balance',
  'bo.adj.direction',
  'bo.adj.credit',
  'bo.adj.debit',
  'bo.adj.amount',
  'bo.adj.submit',
  'bo.adj.confirm_credit',
  'bo.adj.confirm_debit',
  'bo.adj.confirm_four_eyes_credit',
  'bo.adj.confirm_four_eyes_debit',
  'bo.adj.done',
  'bo.adj.replayed',
  'bo.adj.not_found',
  'bo.adj.open_player',
  'bo.adj.after',
  'bo.v.money.format',
  'bo.v.money.positive',
  'bo.err.adjust_negative',
  'bo.desk.adj.sent',
] as const;
type T = SharedT & Record<(typeof ADJUST_KEYS)[number], string>;

interface Found {
  id: number;
  account: string;
  central: string;
}
const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
const newKey = () => `bo-adj-${crypto.randomUUID()}`;

export function Adjustment({ t, locale, onPending }: { t: T; locale: Locale; onPending?: () => void }) {
  const [query, setQuery] = useState('');
  const [finding, setFinding] = useState(false);
  const [findError, setFindError] = useState<string | null>(null);
  const [player, setPlayer] = useState<Found | null>(null);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const changed = () => setKey(newKey());
  const threshold = useBoData('GET /finance/adjustments/threshold').data?.approval_threshold ?? null;
  /** Above the threshold the request waits for a second staff member (the server decides the same way). */
  const needsApproval = (): boolean => {
    const m = decimalToMinor(amount.trim());
    const limit = threshold === null ? undefined : decimalToMinor(threshold);
    return m !== undefined && limit !== undefined && m > limit;
  };

  const find = async () => {
    const q = query.trim();
    if (!q) return;
    setFinding(true);
    setFindError(null);
    setNotice(null);
    try {
      const p = await boApi('GET /players/lookup', { query: { account: q } }).catch(async (err) =>
        /^\d{1,10}$/.test(q) ? boApi('GET /players/:id', { params: { id: q } }) : Promise.reject(err instanceof Error ? err : new Error(String(err))),
      );
      const w = await boApi('GET /players/:id/wallets', { params: { id: p.id } });
      setPlayer({ id: p.id, account: p.account, central: w.central });
      changed();
    } catch (err) {
      setPlayer(null);
      setFindError(err instanceof BoFailure && err.status === 404 ? t['bo.adj.not_found'] : errorText(err, t));
    }
    setFinding(false);
  };

  const signed = () => `${direction === 'debit' ? '-' : ''}${amount.trim()}`;
  const after = (): string | null => {
    const m = decimalToMinor(amount.trim());
    if (!player || m === undefined) return null;
    const now = decimalToMinor(player.central.replace(/^-/, '')) ?? 0n;
    return minorToDecimal(now + (direction === 'debit' ? -m : m));
  };

  const check = (): boolean => {
    const errs: Record<string, string> = {};
    const text = amount.trim();
    if (!MONEY.test(text)) errs.amount = t['bo.v.money.format'];
    else if (decimalToMinor(text) === 0n) errs.amount = t['bo.v.money.positive'];
    else if (after()?.startsWith('-')) errs.amount = t['bo.err.adjust_negative'];
    if (!reason.trim()) errs.reason = t['bo.fin.reason_required'];
    setFields(errs);
    return Object.keys(errs).length === 0;
  };

  const submit = async () => {
    if (!player) return;
    setConfirming(false);
    setBusy(true);
    setNotice(null);
    try {
      const res = await boApi('POST /finance/adjustments', {
        headers: { 'Idempotency-Key': key },
        body: { player_id: player.id, amount: signed(), reason: reason.trim() },
      });
      if (res.balance === null) {
        // Above the approval threshold: nothing moved yet; a second staff member decides it in the queue below.
        setNotice({ kind: 'success', text: fill(t['bo.desk.adj.sent'], { account: res.account, amount: formatDecimal(res.amount) }) });
        onPending?.();
      } else {
        setNotice({
          kind: 'success',
          text: fill(t[res.replayed ? 'bo.adj.replayed' : 'bo.adj.done'], {
            account: res.account,
            amount: formatDecimal(res.amount),
            balance: formatDecimal(res.balance),
          }),
        });
        setPlayer({ ...player, central: res.balance });
      }
      setAmount('');
      setReason('');
      setFields({});
      changed();
    } catch (err) {
      if (err instanceof BoFailure) {
        const f: Record<string, string> = {};
        for (const name of ['amount', 'reason']) if (err.field(name)) f[name] = err.field(name)!;
        setFields(f);
      }
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };

  const afterText = after();
  return (
    <div className="max-w-2xl">
      <p className="mb-4 text-sm text-slate-500">{t['bo.adj.hint']}</p>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <form
        className="mb-5 flex items-center gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <input
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t['bo.fin.account_placeholder']}
          aria-label={t['bo.fin.account']}
          maxLength={32}
          className={`${cls.input} w-64`}
          name="account"
          data-testid="adjust-account"
        />
        <button type="submit" className={cls.btnGhost} disabled={finding || !query.trim()} data-testid="adjust-find">
          {t['bo.adj.find']}
        </button>
      </form>
      {findError && (
        <p className="-mt-3 mb-4 text-sm text-red-700" role="alert">
          {findError}
        </p>
      )}
      {player && (
        <form
          className="space-y-4"
          data-testid="adjust-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (check()) setConfirming(true);
          }}
        >
          <div className="flex items-center justify-between rounded border border-slate-200 bg-slate-50 px-4 py-3">
            <div>
              <p className="text-xs text-slate-500">{t['bo.adj.player']}</p>
              <p className="text-lg font-bold text-brand-800">
                {player.account} <span className="text-sm font-normal text-slate-500">#{player.id}</span>
              </p>
              <a href={`${boPath(locale, 'player')}?id=${player.id}`} className="text-xs text-brand-600 hover:underline">
                {t['bo.adj.open_player']}
              </a>
            </div>
            <div className="text-right">
              <p className="text-xs text-slate-500">{t['bo.adj.balance']}</p>
              <p className="text-lg font-semibold" data-testid="adjust-balance">
                <Money value={player.central} />
              </p>
            </div>
          </div>
          <fieldset>
            <legend className={cls.label}>{t['bo.adj.direction']}</legend>
            <div className="flex gap-6 text-sm">
              {(['credit', 'debit'] as const).map((d) => (
                <label key={d} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="direction"
                    value={d}
                    checked={direction === d}
                    onChange={() => {
                      setDirection(d);
                      changed();
                    }}
                    data-testid={`adjust-${d}`}
                  />
                  {t[`bo.adj.${d}`]}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label className={cls.label} htmlFor="adjust-amount">
              {t['bo.adj.amount']}
            </label>
            <div className="flex items-center gap-4">
              <input
                id="adjust-amount"
                name="amount"
                inputMode="decimal"
                value={amount}
                maxLength={16}
                className={`${cls.input} w-48 font-mono`}
                aria-invalid={!!fields.amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  changed();
                }}
                data-testid="adjust-amount"
              />
              {afterText && /^-?\d+\.\d{2}$/.test(afterText) && (
                <span className="text-sm text-slate-500">
                  {t['bo.adj.after']} <Money value={afterText} className={afterText.startsWith('-') ? 'text-red-700' : ''} />
                </span>
              )}
            </div>
            {fields.amount && (
              <p className={cls.fieldError} role="alert">
                {fields.amount}
              </p>
            )}
          </div>
          <div>
            <label className={cls.label} htmlFor="adjust-reason">
              {t['bo.fin.reason']}
            </label>
            <textarea
              id="adjust-reason"
              name="reason"
              rows={3}
              maxLength={200}
              value={reason}
              className={cls.textarea}
              placeholder={t['bo.fin.reason_placeholder']}
              aria-invalid={!!fields.reason}
              onChange={(e) => {
                setReason(e.target.value);
                changed();
              }}
              data-testid="adjust-reason"
            />
            {fields.reason && (
              <p className={cls.fieldError} role="alert">
                {fields.reason}
              </p>
            )}
          </div>
          <button type="submit" className={cls.btn} disabled={busy} data-testid="adjust-submit">
            {t['bo.adj.submit']}
          </button>
        </form>
      )}
      <ConfirmDialog
        t={t}
        open={confirming}
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
        message={
          player
            ? fill(t[`bo.adj.confirm_${needsApproval() ? 'four_eyes_' : ''}${direction}`], {
                account: player.account,
                amount: formatDecimal(amount.trim()),
                balance: formatDecimal(afterText ?? ''),
                threshold: formatDecimal(threshold ?? ''),
                reason: reason.trim(),
              })
            : ''
        }
      />
    </div>
  );
}
