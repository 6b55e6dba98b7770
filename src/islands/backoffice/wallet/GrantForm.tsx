// Grants an activity wallet with a bet target. One idempotency key per filled-in form: a double click or a
// retry after a lost answer returns the first grant instead of granting twice.
import { useState, type ReactNode } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, ConfirmDialog, cls, errorText, fill, type CommonT } from '../kit/common.tsx';
import { formatDecimal } from '../../../shared/money.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { PlatformInfo, PlayerSummary } from '../players/types.ts';
import type { Notice } from '../kit/form.tsx';

export const GRANT_KEYS = [
  'bo.grant.title',
  'bo.grant.open',
  'bo.grant.name',
  'bo.grant.name_en',
  'bo.grant.amount',
  'bo.grant.bonus_bet',
  'bo.grant.bonus_bet_hint',
  'bo.grant.give_up',
  'bo.grant.give_up_hint',
  'bo.grant.is_sports',
  'bo.grant.platforms',
  'bo.grant.platforms_hint',
  'bo.grant.submit',
  'bo.grant.submitting',
  'bo.grant.confirm',
  'bo.grant.done',
  'bo.grant.replayed',
  'bo.v.money.format',
  'bo.v.money.positive',
  'bo.v.bonus.name_required',
] as const;

type T = CommonT & Record<(typeof GRANT_KEYS)[number], string>;

interface Form {
  name: string;
  name_en: string;
  amount: string;
  bonus_bet: string;
  give_up_wallet_amount: string;
  is_sports: boolean;
  platform_codes: string[];
}
const EMPTY: Form = { name: '', name_en: '', amount: '', bonus_bet: '0', give_up_wallet_amount: '0', is_sports: false, platform_codes: [] };
const FIELDS = ['name', 'name_en', 'amount', 'bonus_bet', 'give_up_wallet_amount', 'is_sports', 'platform_codes'] as const;
const MONEY = /^\d{1,13}(\.\d{1,2})?$/;

function newKey(): string {
  return `bo-${crypto.randomUUID()}`;
}

export function GrantForm({
  t,
  locale,
  player,
  platforms,
  onGranted,
}: {
  t: T;
  locale: Locale;
  player: PlayerSummary;
  platforms: PlatformInfo[];
  onGranted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>(EMPTY);
  const [key, setKey] = useState(newKey);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  // One row per provider code: a wallet follows the money to a provider, whatever the game type.
  const codes = platforms.filter((p, i) => platforms.findIndex((q) => q.code === p.code) === i);
  const set = <K extends keyof Form>(k: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [k]: value }));
    // Any change makes it a different grant, with a key of its own.
    setKey(newKey());
  };

  const check = (): boolean => {
    const errs: Record<string, string> = {};
    if (!form.name.trim()) errs.name = t['bo.v.bonus.name_required'];
    if (!MONEY.test(form.amount.trim())) errs.amount = t['bo.v.money.format'];
    else if (/^0+(\.0+)?$/.test(form.amount.trim())) errs.amount = t['bo.v.money.positive'];
    if (!MONEY.test(form.bonus_bet.trim())) errs.bonus_bet = t['bo.v.money.format'];
    if (!MONEY.test(form.give_up_wallet_amount.trim())) errs.give_up_wallet_amount = t['bo.v.money.format'];
    setFields(errs);
    return Object.keys(errs).length === 0;
  };

  const submit = async () => {
    setConfirming(false);
    setBusy(true);
    setNotice(null);
    try {
      const res = await boApi('POST /players/:id/bonus-wallets', {
        params: { id: player.id },
        headers: { 'Idempotency-Key': key },
        body: {
          ...form,
          name: form.name.trim(),
          name_en: form.name_en.trim(),
          amount: form.amount.trim(),
          bonus_bet: form.bonus_bet.trim(),
          give_up_wallet_amount: form.give_up_wallet_amount.trim(),
        },
      });
      setNotice({
        kind: 'success',
        text: fill(t[res.replayed ? 'bo.grant.replayed' : 'bo.grant.done'], { id: res.wallet_id, amount: formatDecimal(res.amount) }),
      });
      setForm(EMPTY);
      setKey(newKey());
      setFields({});
      setOpen(false);
      onGranted();
    } catch (err) {
      if (err instanceof BoFailure) setFields(Object.fromEntries(FIELDS.flatMap((f) => (err.field(f) ? [[f, err.field(f)!]] : []))));
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };

  return (
    <div className="mb-4" data-testid="bo-grant">
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      {!open ? (
        <button
          type="button"
          className={cls.btn}
          onClick={() => {
            setOpen(true);
            setNotice(null);
          }}
          data-testid="grant-open"
        >
          {t['bo.grant.open']}
        </button>
      ) : (
        <form
          className="rounded border border-brand-600/20 bg-brand-50 p-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (check()) setConfirming(true);
          }}
        >
          <h3 className="mb-3 text-sm font-semibold text-brand-800">{t['bo.grant.title']}</h3>
          <div className="grid grid-cols-2 gap-x-5 gap-y-3 lg:grid-cols-3">
            <Field label={t['bo.grant.name']} error={fields.name}>
              <input
                name="name"
                value={form.name}
                maxLength={60}
                onChange={(e) => set('name', e.target.value)}
                aria-invalid={!!fields.name}
                className={`${cls.input} w-full`}
              />
            </Field>
            <Field label={t['bo.grant.name_en']} error={fields.name_en}>
              <input
                name="name_en"
                value={form.name_en}
                maxLength={60}
                onChange={(e) => set('name_en', e.target.value)}
                aria-invalid={!!fields.name_en}
                className={`${cls.input} w-full`}
              />
            </Field>
            <Field label={t['bo.grant.amount']} error={fields.amount}>
              <input
                name="amount"
                value={form.amount}
                inputMode="decimal"
                placeholder="100.00"
                onChange={(e) => set('amount', e.target.value)}
                aria-invalid={!!fields.amount}
                className={`${cls.input} w-full text-right font-mono`}
              />
            </Field>
            <Field label={t['bo.grant.bonus_bet']} error={fields.bonus_bet} hint={t['bo.grant.bonus_bet_hint']}>
              <input
                name="bonus_bet"
                value={form.bonus_bet}
                inputMode="decimal"
                onChange={(e) => set('bonus_bet', e.target.value)}
                aria-invalid={!!fields.bonus_bet}
                className={`${cls.input} w-full text-right font-mono`}
              />
            </Field>
            <Field label={t['bo.grant.give_up']} error={fields.give_up_wallet_amount} hint={t['bo.grant.give_up_hint']}>
              <input
                name="give_up_wallet_amount"
                value={form.give_up_wallet_amount}
                inputMode="decimal"
                onChange={(e) => set('give_up_wallet_amount', e.target.value)}
                aria-invalid={!!fields.give_up_wallet_amount}
                className={`${cls.input} w-full text-right font-mono`}
              />
            </Field>
            <div className="flex items-center pt-5">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="is_sports" checked={form.is_sports} onChange={(e) => set('is_sports', e.target.checked)} />
                {t['bo.grant.is_sports']}
              </label>
            </div>
          </div>
          <fieldset className="mt-4">
            <legend className={cls.label}>{t['bo.grant.platforms']}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {codes.map((p) => (
                <label key={p.code} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    checked={form.platform_codes.includes(p.code)}
                    data-code={p.code}
                    onChange={(e) =>
                      set('platform_codes', e.target.checked ? [...form.platform_codes, p.code] : form.platform_codes.filter((c) => c !== p.code))
                    }
                  />
                  <span className="font-mono">{p.code}</span>
                  <span className="text-slate-500">{locale === 'en' ? p.name_en : p.name}</span>
                </label>
              ))}
            </div>
            <p className="mt-1 text-xs text-slate-500">{t['bo.grant.platforms_hint']}</p>
            {fields.platform_codes && <p className={cls.fieldError}>{fields.platform_codes}</p>}
          </fieldset>
          <div className="mt-4 flex gap-3">
            <button type="submit" className={cls.btn} disabled={busy} data-testid="grant-submit">
              {busy ? t['bo.grant.submitting'] : t['bo.grant.submit']}
            </button>
            <button
              type="button"
              className={cls.btnGhost}
              onClick={() => {
                setOpen(false);
                setFields({});
                setNotice(null);
              }}
            >
              {t['bo.cancel']}
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        t={t}
        open={confirming}
        busy={busy}
        message={fill(t['bo.grant.confirm'], {
          amount: MONEY.test(form.amount.trim()) ? formatDecimal(form.amount.trim()) : form.amount,
          account: player.account,
          name: form.name.trim(),
        })}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

function Field({ label, error, hint, children }: { label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <label className="block">
      <span className={cls.label}>{label}</span>
      {children}
      {error ? <span className={`${cls.fieldError} block`}>{error}</span> : hint ? <span className="mt-1 block text-xs text-slate-500">{hint}</span> : null}
    </label>
  );
}
