// The points mall (desktop VIP page and the mobile VIP page): the player's points, gift cards, and the
// redeem dialog with the address form of SPEC.md section 5 for physical gifts.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api, ApiFailure } from '../../stores/api.ts';
import { formatDecimal, formatPoints } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import type { ExchangeListView, GiftView } from '../../shared/schemas/vip.ts';
import { failureText, newIdempotencyKey } from '../../stores/wallet.ts';
import { showAlert } from '../../stores/ui.ts';
import { Dialog } from '../common/Dialog.tsx';
import { Spinner } from '../kit/status.tsx';
import { fill } from '../../shared/text.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';

export const MALL_KEYS = [
  'wallet.loading',
  'error.generic',
  'error.network',
  'vip.mall',
  'vip.points',
  'vip.mall_empty',
  'vip.gift.stock',
  'vip.gift.points',
  'vip.gift.virtual',
  'vip.gift.limit',
  'vip.gift.redeem',
  'vip.gift.sold_out',
  'vip.redeem.title',
  'vip.redeem.confirm',
  'vip.redeem.cancel',
  'vip.redeem.done',
  'vip.redeem.virtual_note',
  'vip.form.consignee',
  'vip.form.phone',
  'vip.form.area',
  'vip.form.address',
  'vip.field.required',
  'vip.error_prefix',
  'vip.record.title',
] as const;
type T = Record<(typeof MALL_KEYS)[number], string>;

const FIELDS = ['consignee', 'phone', 'area', 'address'] as const;
type Field = (typeof FIELDS)[number];

export default function PointsMall({ t, locale, variant, recordPath }: { t: T; locale: Locale; variant: Variant; recordPath: string }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [data, setData] = useState<ExchangeListView | null>(null);
  const [error, setError] = useState('');
  const [gift, setGift] = useState<GiftView | null>(null);
  const [form, setForm] = useState<Record<Field, string>>({ consignee: '', phone: '', area: '', address: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [reload, setReload] = useState(0);
  // One key per opened redeem dialog: a retried or doubled submit buys once.
  const [buyKey, setBuyKey] = useState('');
  const signedIn = !!user;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api('GET /exchange/list')
      .then((res) => live && setData(res))
      .catch((err) => live && setError(failureText(err, t['error.generic'])));
    return () => {
      live = false;
    };
  }, [signedIn, reload]);

  if (!ready || !user) return null;
  const mobile = variant === 'mobile';

  const open = (g: GiftView) => {
    setGift(g);
    setFieldErrors({});
    setBuyKey(newIdempotencyKey());
  };
  const submit = async () => {
    if (!gift) return;
    if (gift.kind === 'physical') {
      const missing: Partial<Record<Field, string>> = {};
      for (const f of FIELDS) if (!form[f].trim()) missing[f] = t['vip.field.required'];
      setFieldErrors(missing);
      if (Object.keys(missing).length) return;
    }
    setSending(true);
    try {
      await api('POST /exchange/buy', {
        body: gift.kind === 'physical' ? { exchange_id: gift.id, ...form } : { exchange_id: gift.id },
        headers: { 'Idempotency-Key': buyKey },
      });
      setGift(null);
      showAlert(t['vip.redeem.done']);
      setReload((n) => n + 1);
    } catch (err) {
      const fields = err instanceof ApiFailure ? err.body?.error : undefined;
      if (fields && FIELDS.some((f) => fields[f])) {
        setFieldErrors(Object.fromEntries(FIELDS.filter((f) => fields[f]).map((f) => [f, fields[f]!.join(' ')])));
      } else {
        // SPEC.md section 8: exchange failures show '錯誤: ' and the server's message.
        showAlert(`${t['vip.error_prefix']}${failureText(err, t['error.generic'])}`);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={`space-y-3 rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`} id="points-mall" data-testid="points-mall">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{t['vip.mall']}</h2>
        <span className="text-sm">
          {t['vip.points']}:{' '}
          <strong className="text-brand-700" data-testid="mall-points">
            {data ? formatPoints(data.points) : '—'}
          </strong>
        </span>
      </div>
      <a href={recordPath} className="text-sm text-brand-700 underline">
        {t['vip.record.title']}
      </a>
      {error ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : !data ? (
        <Spinner label={t['wallet.loading']} />
      ) : !data.list.length ? (
        <p className="py-8 text-center text-slate-500">{t['vip.mall_empty']}</p>
      ) : (
        <ul className={`grid gap-3 ${mobile ? 'grid-cols-2' : 'grid-cols-4'}`}>
          {data.list.map((g) => {
            const soldOut = g.stock <= 0 || (g.per_player_limit > 0 && g.redeemed >= g.per_player_limit);
            return (
              <li key={g.id} className="flex flex-col rounded-lg border border-slate-200 p-2" data-testid="gift-card">
                <div className="flex aspect-square items-center justify-center overflow-hidden rounded bg-slate-50">
                  {g.image ? (
                    <img src={g.image} alt="" loading="lazy" className="h-full w-full object-cover" />
                  ) : (
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-12 w-12 text-gold-500" fill="none" stroke="currentColor" strokeWidth="1.5">
                      <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z" />
                    </svg>
                  )}
                </div>
                <p className="mt-2 font-semibold" data-testid="gift-name">
                  {g.name}
                </p>
                {g.description && <p className="text-xs text-slate-500">{g.description}</p>}
                {g.kind === 'virtual' && <p className="text-xs text-emerald-700">{fill(t['vip.gift.virtual'], { amount: formatDecimal(g.bonus) })}</p>}
                <p className="mt-1 text-sm font-bold text-gold-600">{fill(t['vip.gift.points'], { n: formatPoints(g.points) })}</p>
                <p className="text-xs text-slate-500">
                  {fill(t['vip.gift.stock'], { n: g.stock })}
                  {g.per_player_limit > 0 ? ` · ${fill(t['vip.gift.limit'], { n: g.per_player_limit })}` : ''}
                </p>
                <button
                  type="button"
                  className="btn-primary mt-auto h-9 disabled:opacity-60"
                  disabled={soldOut}
                  onClick={() => open(g)}
                  data-testid="gift-redeem"
                >
                  {soldOut ? t['vip.gift.sold_out'] : t['vip.gift.redeem']}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={!!gift} title={gift ? fill(t['vip.redeem.title'], { name: gift.name }) : ''} onClose={() => setGift(null)} width={480}>
        {gift && (
          <form
            noValidate
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            data-testid="redeem-form"
          >
            <p className="text-sm">{fill(t['vip.gift.points'], { n: formatPoints(gift.points) })}</p>
            {gift.kind === 'physical' ? (
              FIELDS.map((f) => (
                <label key={f} className="block">
                  <span className="field-label">{t[`vip.form.${f}`]}</span>
                  <input
                    name={f}
                    className="field-input"
                    value={form[f]}
                    maxLength={f === 'address' ? 200 : 60}
                    inputMode={f === 'phone' ? 'numeric' : undefined}
                    aria-invalid={!!fieldErrors[f]}
                    onChange={(e) => setForm({ ...form, [f]: e.target.value })}
                  />
                  {fieldErrors[f] && (
                    <span className="text-xs text-red-700" role="alert">
                      {fieldErrors[f]}
                    </span>
                  )}
                </label>
              ))
            ) : (
              <p className="text-sm text-slate-600">{t['vip.redeem.virtual_note']}</p>
            )}
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-secondary h-9 px-4" onClick={() => setGift(null)}>
                {t['vip.redeem.cancel']}
              </button>
              <button type="submit" className="btn-primary h-9 px-4 disabled:opacity-60" disabled={sending} data-testid="redeem-confirm">
                {t['vip.redeem.confirm']}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </section>
  );
}
