// What the partners back-office screens share: the session guard with this domain's client set up, the dialog that
// asks for a reason (and an amount where one is needed) the way useConfirm asks yes or no, status pills with the codes
// in words (kit/codes.ts), and the figures' formats.
import { useEffect, useState, type ReactNode } from 'react';
import { Dialog } from '../../common/Dialog.tsx';
import { COMMON_KEYS, Guard, cls, type CommonT } from '../kit/common.tsx';
import { PARTNER_CODE_KEYS, partnerCodeName } from '../kit/codes.ts';
import type { BoStaff } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { formatDecimal } from '../../../shared/money.ts';
import { configurePartnersBo } from './api.ts';

export { bpToPercentText, percentToBp, rate } from '../../agent/figures.ts';

export const PB_KEYS = [
  ...COMMON_KEYS,
  ...PARTNER_CODE_KEYS,
  'bo.pt.reason',
  'bo.pt.reason_required',
  'bo.pt.note_optional',
  'bo.pt.partner_sees',
  'bo.pt.amount',
  'bo.pt.amount_invalid',
  'bo.pt.submit',
  'bo.pt.all',
] as const;
export type PbKey = (typeof PB_KEYS)[number];
export type PbT = Record<PbKey, string>;

/** Starts the staff session (the kit's Guard) and points this domain's client at the page's language. */
export function PbGuard({ t, locale, permission, children }: { t: CommonT; locale: Locale; permission: string; children: (staff: BoStaff) => ReactNode }) {
  useState(() => {
    if (typeof window !== 'undefined') configurePartnersBo(locale, t['bo.error.network']);
    return true;
  });
  return (
    <Guard t={t} locale={locale} permission={permission}>
      {children}
    </Guard>
  );
}

export const money = (decimal: string | null | undefined) => (decimal === null || decimal === undefined ? '—' : formatDecimal(decimal));
export const num = (n: number) => n.toLocaleString('en-US');

const TONES: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  approved: 'bg-emerald-100 text-emerald-800',
  paid: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-800',
  applying: 'bg-amber-100 text-amber-800',
  held: 'bg-red-100 text-red-800',
  suspended: 'bg-red-100 text-red-800',
  rejected: 'bg-slate-200 text-slate-700',
  closed: 'bg-slate-200 text-slate-700',
};

/** A status as a coloured pill, its code in words. */
export function Pill({
  t,
  kind,
  code,
  testId,
}: {
  t: Record<string, string>;
  kind: 'partner_status' | 'partner_app' | 'statement' | 'partner_payout';
  code: string;
  testId?: string;
}) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[code] ?? 'bg-slate-200 text-slate-700'}`}
      data-status={code}
      data-testid={testId}
    >
      {partnerCodeName(t, kind, code)}
    </span>
  );
}

export interface Asked {
  reason: string;
  amount: string;
}

/**
 * A reason (and, when asked, a signed amount) as an answer: `const got = await ask(title, message); if (!got) return;`.
 * The island renders `dialog` once. The reason is required: it goes into the audit entry.
 */
/**
 * What a reason dialog asks besides the reason: an amount; `optional`, a note that may stay empty; `partnerSees`, text
 * the partner reads in the portal, which the field says so staff write it for the partner.
 */
export interface ReasonOptions {
  amount?: boolean;
  optional?: boolean;
  partnerSees?: boolean;
}
type Pending = { title: string; message: string; amount: boolean; optional: boolean; partnerSees: boolean };

export function useReason(t: PbT): { ask: (title: string, message: string, opts?: ReasonOptions) => Promise<Asked | null>; dialog: ReactNode } {
  const [pending, setPending] = useState<(Pending & { answer: (a: Asked | null) => void }) | null>(null);
  const ask = (title: string, message: string, opts: ReasonOptions = {}) =>
    new Promise<Asked | null>((resolve) =>
      setPending({ title, message, amount: !!opts.amount, optional: !!opts.optional, partnerSees: !!opts.partnerSees, answer: resolve }),
    );
  const close = (a: Asked | null) => {
    pending?.answer(a);
    setPending(null);
  };
  const dialog = <ReasonForm t={t} pending={pending} onDone={close} />;
  return { ask, dialog };
}

function ReasonForm({ t, pending, onDone }: { t: PbT; pending: Pending | null; onDone: (a: Asked | null) => void }) {
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; amount?: string }>({});
  useEffect(() => {
    setReason('');
    setAmount('');
    setErrors({});
  }, [pending]);
  return (
    <Dialog open={!!pending} title={pending?.title} onClose={() => onDone(null)} labelClose={t['bo.close']} width={480}>
      <form
        noValidate
        data-testid="reason-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          const found: { reason?: string; amount?: string } = {};
          if (!reason.trim() && !pending?.optional) found.reason = t['bo.pt.reason_required'];
          if (pending?.amount && !/^-?\d{1,12}(\.\d{1,2})?$/.test(amount.trim())) found.amount = t['bo.pt.amount_invalid'];
          setErrors(found);
          if (!Object.keys(found).length) onDone({ reason: reason.trim(), amount: amount.trim() });
        }}
      >
        {pending?.message && <p className="mb-4 text-sm">{pending.message}</p>}
        {pending?.amount && (
          <label className="mb-3 block">
            <span className={cls.label}>{t['bo.pt.amount']}</span>
            <input
              name="amount"
              value={amount}
              inputMode="decimal"
              maxLength={16}
              className={`${cls.input} w-full`}
              aria-invalid={!!errors.amount}
              onChange={(e) => setAmount(e.target.value)}
              data-testid="reason-amount"
            />
            {errors.amount && (
              <p className={cls.fieldError} role="alert">
                {errors.amount}
              </p>
            )}
          </label>
        )}
        <label className="block">
          <span className={cls.label}>{pending?.optional ? t['bo.pt.note_optional'] : t['bo.pt.reason']}</span>
          <textarea
            name="reason"
            rows={3}
            maxLength={pending?.optional ? 200 : 500}
            value={reason}
            className={cls.textarea}
            aria-invalid={!!errors.reason}
            aria-describedby={pending?.partnerSees ? 'reason-partner-sees' : undefined}
            onChange={(e) => setReason(e.target.value)}
            data-testid="reason-text"
          />
          {pending?.partnerSees && (
            <p id="reason-partner-sees" className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-800" data-testid="reason-partner-sees">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
                <circle cx="12" cy="12" r="3" />
              </svg>
              {t['bo.pt.partner_sees']}
            </p>
          )}
          {errors.reason && (
            <p className={cls.fieldError} role="alert">
              {errors.reason}
            </p>
          )}
        </label>
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={cls.btnGhost} onClick={() => onDone(null)}>
            {t['bo.cancel']}
          </button>
          <button type="submit" className={cls.btn} data-testid="reason-ok">
            {t['bo.pt.submit']}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The page's tabs (kept in ?tab= so a link or a reload opens the same one). */
export function useTab<T extends string>(tabs: readonly T[], first: T): [T, (next: T) => void] {
  const [tab, setTab] = useState<T>(first);
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('tab');
    if (wanted && (tabs as readonly string[]).includes(wanted)) setTab(wanted as T);
  }, []);
  const open = (next: T) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(null, '', url);
  };
  return [tab, open];
}

export function Tabs<T extends string>({
  tabs,
  current,
  label,
  onOpen,
}: {
  tabs: readonly T[];
  current: T;
  label: (tab: T) => string;
  onOpen: (tab: T) => void;
}) {
  return (
    <div className="mb-4 flex border-b border-slate-200" role="tablist">
      {tabs.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={current === key}
          onClick={() => onOpen(key)}
          data-testid={`pt-tab-${key}`}
          className={`-mb-px border-b-2 px-4 py-2 text-sm whitespace-nowrap ${current === key ? 'border-brand-600 font-semibold text-brand-800' : 'border-transparent text-slate-500 hover:text-slate-800'}`}
        >
          {label(key)}
        </button>
      ))}
    </div>
  );
}
