// Bank cards (desktop /member/user-info, mobile /mobile/f-bank/bank-card): the bound cards with their audit
// status, the add form of SPEC.md sections 3 and 5 (per-field errors from the server under the matching
// field), the operator's maximum, and delete where the operator allows it. 'bankcard-audit' refreshes the list.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../stores/api.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { $sessionReady, $user } from '../../stores/session.ts';
import { showAlert, showConfirm } from '../../stores/ui.ts';
import { bankCardBody } from '../../shared/schemas/cashier.ts';
import type { Locale } from '../../shared/constants.ts';
import { Badge, CASHIER_ERROR_KEYS, schemaErrors, type CashierVariant } from './common.tsx';
import { ErrorBox, LOGIN_NEEDED_KEYS, LoginNeeded, Spinner } from '../kit/status.tsx';
import { errorText, serverFieldErrors, useCall } from '../kit/calls.ts';
import { fill } from '../../shared/text.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup } from '../kit/page.ts';
import type { Card, CardList } from './Withdraw.tsx';
import { BANK_CARD_STATUS } from '../../shared/statuses.ts';

export const BANK_CARD_KEYS = [
  ...CASHIER_ERROR_KEYS,
  ...LOGIN_NEEDED_KEYS,
  'ux.login.cards',
  'cashier.bank.required',
  'cashier.market.required',
  'cashier.account_name.required',
  'cashier.card_number.required',
  'cashier.card_number.invalid',
  'cashier.card_number_confirm.required',
  'cashier.card_number_confirm.different',
  'v.too_long',
  'cashier.ui.loading',
  'cashier.ui.retry',
  'cashier.ui.cards_title',
  'cashier.ui.cards_count',
  'cashier.ui.no_cards',
  'cashier.ui.card_usable',
  'cashier.ui.card_pending',
  'cashier.ui.card_refused',
  'cashier.ui.reason',
  'cashier.ui.delete',
  'cashier.ui.delete_confirm',
  'cashier.ui.add_card',
  'cashier.ui.card_max_reached',
  'cashier.ui.bank',
  'cashier.ui.choose_bank',
  'cashier.ui.market',
  'cashier.ui.market_placeholder',
  'cashier.ui.account_name',
  'cashier.ui.account_name_hint',
  'cashier.ui.card_number',
  'cashier.ui.card_number_placeholder',
  'cashier.ui.card_number_confirm',
  'cashier.ui.submit_card',
  'cashier.ui.submitting',
  'cashier.ui.bound_at',
  'common.cancel',
] as const;
type T = Record<(typeof BANK_CARD_KEYS)[number], string>;

type Field = 'bank' | 'market' | 'account_name' | 'card_number' | 'card_number_confirm';
const EMPTY: Record<Field, string> = { bank: '', market: '', account_name: '', card_number: '', card_number_confirm: '' };

interface Props {
  t: T;
  locale: Locale;
  variant: CashierVariant;
  paths: { home: string };
  standalone?: boolean;
}

export default function BankCards({ t, locale, variant, paths, standalone }: Props) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const signedIn = !!user;
  const list = useCall(signedIn ? () => api('GET /players/debit-card/list') : null, [signedIn], t);
  const [adding, setAdding] = useState(false);
  useEffect(() => onRealtime('bankcard-audit', () => list.reload()), []);

  let body;
  if (!ready) body = <Spinner label={t['cashier.ui.loading']} />;
  else if (!user) body = standalone ? <LoginNeeded t={t} variant={variant} homePath={paths.home} message={t['ux.login.cards']} /> : null;
  else if (list.error && !list.data) body = <ErrorBox message={list.error} retry={list.reload} retryLabel={t['cashier.ui.retry']} />;
  else if (!list.data) body = <Spinner label={t['cashier.ui.loading']} />;
  else {
    const { data: cards, max, can_delete: canDelete } = list.data;
    const full = cards.length >= max;
    body = (
      <>
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="font-semibold text-brand-700">{t['cashier.ui.cards_title']}</h2>
          <span className="text-xs text-slate-500" data-testid="cards-count">
            {fill(t['cashier.ui.cards_count'], { n: cards.length, max })}
          </span>
        </div>
        {!cards.length ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-8 text-center text-sm text-slate-500" data-testid="cards-empty">
            {t['cashier.ui.no_cards']}
          </p>
        ) : (
          <ul className={`grid gap-3 ${variant === 'desktop' ? 'sm:grid-cols-2' : ''}`} data-testid="cards-list">
            {cards.map((c) => (
              <CardItem key={c.id} t={t} card={c} canDelete={canDelete} onDeleted={list.reload} />
            ))}
          </ul>
        )}
        {adding && !full ? (
          <AddCard
            t={t}
            variant={variant}
            banks={list.data.bankList}
            onCancel={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              list.reload();
            }}
          />
        ) : full ? (
          <p className="mt-3 text-center text-xs text-slate-500" data-testid="cards-full">
            {t['cashier.ui.card_max_reached']}
          </p>
        ) : (
          <button type="button" className="btn-primary mt-3 w-full" onClick={() => setAdding(true)} data-testid="card-add">
            {t['cashier.ui.add_card']}
          </button>
        )}
      </>
    );
  }
  return (
    <section className={variant === 'desktop' ? '' : 'rounded-lg bg-white p-4 shadow-sm'} data-testid="bank-cards">
      {body}
    </section>
  );
}

function CardItem({ t, card, canDelete, onDeleted }: { t: T; card: Card; canDelete: boolean; onDeleted: () => void }) {
  const status =
    card.status_debit_card === BANK_CARD_STATUS.usable
      ? { key: 'cashier.ui.card_usable' as const, tone: 'ok' as const }
      : card.status_debit_card === BANK_CARD_STATUS.refused
        ? { key: 'cashier.ui.card_refused' as const, tone: 'bad' as const }
        : { key: 'cashier.ui.card_pending' as const, tone: 'wait' as const };
  const remove = () =>
    showConfirm({
      message: fill(t['cashier.ui.delete_confirm'], { card: `${card.bank_name} ${card.card_number}` }),
      onConfirm: () =>
        void (async () => {
          // Fire and forget: the handler shows its own errors, and the event it answers has nothing to wait for.
          try {
            await api('POST /players/debit-card/delete', { body: { id: card.id } });
            onDeleted();
          } catch (err) {
            showAlert(errorText(err, t));
          }
        })(),
    });
  return (
    <li
      className="rounded-lg bg-gradient-to-br from-brand-700 to-brand-600 p-4 text-white shadow-sm"
      data-testid="card-item"
      data-status={card.status_debit_card}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold">{card.bank_name}</p>
          <p className="truncate text-xs text-slate-300">{card.market}</p>
        </div>
        <Badge tone={status.tone} testId="card-status">
          {t[status.key]}
        </Badge>
      </div>
      <p className="mt-3 font-mono text-lg tracking-widest" data-testid="card-number">
        {card.card_number}
      </p>
      <div className="mt-2 flex items-end justify-between gap-2 text-xs text-slate-300">
        <span>
          {card.account_name} · {t['cashier.ui.bound_at']} {taipeiDateTime(card.created_at).slice(0, 10)}
        </span>
        {canDelete && (
          <button type="button" className="rounded border border-white/40 px-2 py-0.5 text-white hover:bg-white/10" onClick={remove} data-testid="card-delete">
            {t['cashier.ui.delete']}
          </button>
        )}
      </div>
      {card.status_debit_card === BANK_CARD_STATUS.refused && card.audit_reason && (
        <p className="mt-2 rounded bg-white/10 px-2 py-1 text-xs text-red-200">
          {t['cashier.ui.reason']}: {card.audit_reason}
        </p>
      )}
    </li>
  );
}

function AddCard({
  t,
  variant,
  banks,
  onCancel,
  onAdded,
}: {
  t: T;
  variant: CashierVariant;
  banks: CardList['bankList'];
  onCancel: () => void;
  onAdded: () => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const client = schemaErrors(bankCardBody, form);
  const errorOf = (f: Field) => server[f] || (touched[f] && client[f] ? (t[client[f] as keyof T] ?? client[f]) : undefined);
  const set = (f: Field, value: string) => {
    setForm((s) => ({ ...s, [f]: f === 'card_number' || f === 'card_number_confirm' ? value.replace(/\D/g, '').slice(0, 16) : value }));
    setServer((s) => ({ ...s, [f]: undefined }));
  };
  const submit = async () => {
    setTouched({ bank: true, market: true, account_name: true, card_number: true, card_number_confirm: true });
    setFailure('');
    if (Object.keys(client).length || busy) return;
    setBusy(true);
    try {
      let message = '';
      await api('POST /players/debit-card/store', {
        body: form,
        quiet403: true,
        onMessage: (m) => {
          message = m;
        },
      });
      if (message) showAlert(message);
      onAdded();
    } catch (err) {
      const fields = serverFieldErrors(err) as Partial<Record<Field, string>>;
      setServer(fields);
      if (!Object.keys(fields).length) setFailure(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const input = (f: Field, label: string, extra: { placeholder?: string; hint?: string; numeric?: boolean; max?: number }) => {
    const err = errorOf(f);
    return (
      <div>
        <label htmlFor={`card-${f}`} className="field-label">
          {label}
        </label>
        <input
          id={`card-${f}`}
          name={f}
          className="field-input"
          value={form[f]}
          placeholder={extra.placeholder}
          maxLength={extra.max}
          inputMode={extra.numeric ? 'numeric' : undefined}
          autoComplete="off"
          aria-invalid={!!err}
          aria-describedby={err ? `card-${f}-error` : undefined}
          onChange={(e) => set(f, e.target.value)}
          onBlur={() => setTouched((s) => ({ ...s, [f]: true }))}
        />
        {extra.hint && !err && <p className="mt-1 text-xs text-slate-500">{extra.hint}</p>}
        {err && (
          <p id={`card-${f}-error`} role="alert" className="field-error" data-testid={`card-error-${f}`}>
            {err}
          </p>
        )}
      </div>
    );
  };
  const bankError = errorOf('bank');
  return (
    <form
      noValidate
      className={`mt-4 space-y-3 rounded-lg border border-slate-200 bg-white p-4 ${variant === 'desktop' ? 'grid gap-3 space-y-0 sm:grid-cols-2' : ''}`}
      data-testid="card-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div>
        <label htmlFor="card-bank" className="field-label">
          {t['cashier.ui.bank']}
        </label>
        <select
          id="card-bank"
          name="bank"
          className="field-input"
          value={form.bank}
          aria-invalid={!!bankError}
          onChange={(e) => {
            set('bank', e.target.value);
            setTouched((s) => ({ ...s, bank: true }));
          }}
        >
          <option value="">{t['cashier.ui.choose_bank']}</option>
          {banks.map((b) => (
            <option key={b.code} value={b.code}>
              {b.code} {b.name}
            </option>
          ))}
        </select>
        {bankError && (
          <p role="alert" className="field-error" data-testid="card-error-bank">
            {bankError}
          </p>
        )}
      </div>
      {input('market', t['cashier.ui.market'], { placeholder: t['cashier.ui.market_placeholder'], max: 60 })}
      {input('account_name', t['cashier.ui.account_name'], { hint: t['cashier.ui.account_name_hint'], max: 40 })}
      {input('card_number', t['cashier.ui.card_number'], { placeholder: t['cashier.ui.card_number_placeholder'], numeric: true, max: 16 })}
      {input('card_number_confirm', t['cashier.ui.card_number_confirm'], { numeric: true, max: 16 })}
      {failure && (
        <div className={variant === 'desktop' ? 'sm:col-span-2' : ''}>
          <ErrorBox message={failure} />
        </div>
      )}
      <div className={`flex gap-2 ${variant === 'desktop' ? 'sm:col-span-2' : ''}`}>
        <button type="button" className="btn-secondary flex-1" onClick={onCancel}>
          {t['common.cancel']}
        </button>
        <button type="submit" className="btn-primary flex-1 disabled:opacity-60" disabled={busy} data-testid="card-submit">
          {busy ? t['cashier.ui.submitting'] : t['cashier.ui.submit_card']}
        </button>
      </div>
    </form>
  );
}
