// The claim or apply button of a promotion's detail page, with this player's state (SPEC.md sections 4 and 8):
// visitors get a login prompt; an ended claim window shows 此活動已結束; a player who has applied sees the status
// and the operator's reason; a failure shows '錯誤: ' plus the server's message.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { $loginDialog } from '../../stores/ui.ts';
import { api } from '../../stores/api.ts';
import { alertFailure, failureText } from '../../stores/wallet.ts';
import { showAlert } from '../../stores/ui.ts';
import type { Locale } from '../../shared/constants.ts';
import type { PromotionDetail } from '../../shared/schemas/promotions.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';

export const CLAIM_KEYS = [
  'error.generic',
  'error.network',
  'promoui.apply',
  'promoui.claim',
  'promoui.applying_btn',
  'promoui.auto',
  'promoui.login_prompt',
  'promoui.login',
  'promoui.register',
  'promoui.applied',
  'promoui.ended',
  'promoui.not_started',
  'promoui.error_prefix',
  'promoui.your_status',
  'promo.status.applying',
  'promo.status.success',
  'promo.status.fail',
  'promoui.col.reason',
  'promoui.mine',
  'wallet.loading',
] as const;
type T = Record<(typeof CLAIM_KEYS)[number], string>;

export default function ClaimPanel({
  t,
  locale,
  variant,
  id,
  ended,
  notStartedText,
  paths,
}: {
  t: T;
  locale: Locale;
  variant: Variant;
  id: number;
  ended: boolean;
  notStartedText: string;
  paths: { register: string; mine: string };
}) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [detail, setDetail] = useState<PromotionDetail | null>(null);
  const [loadError, setLoadError] = useState('');
  const [sending, setSending] = useState(false);
  const [reload, setReload] = useState(0);
  const signedIn = !!user;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    setLoadError('');
    api('GET /activity/detail', { query: { id } })
      .then((d) => live && setDetail(d))
      .catch((err) => live && setLoadError(failureText(err, t['error.generic'])));
    return () => {
      live = false;
    };
  }, [signedIn, id, reload]);

  const box = 'rounded-lg border border-slate-200 bg-white p-4 text-center';
  if (ended || detail?.ended) {
    return (
      <div className={box}>
        <p className="font-semibold text-slate-500" data-testid="promo-claim-ended">
          {t['promoui.ended']}
        </p>
      </div>
    );
  }
  if (!ready)
    return (
      <div className={box}>
        <p className="text-sm text-slate-500">{t['wallet.loading']}</p>
      </div>
    );
  if (!signedIn) {
    return (
      <div className={box} data-testid="promo-claim-login">
        <p className="text-slate-600">{t['promoui.login_prompt']}</p>
        <div className="mt-3 flex justify-center gap-2">
          {/* On desktop the login form sits in the header; on mobile the button opens the login dialog. */}
          {variant === 'mobile' && (
            <button type="button" className="btn-primary h-10 px-6" onClick={() => $loginDialog.set(true)}>
              {t['promoui.login']}
            </button>
          )}
          <a className="btn-secondary inline-flex h-10 items-center px-6" href={paths.register}>
            {t['promoui.register']}
          </a>
        </div>
      </div>
    );
  }
  if (loadError)
    return (
      <div className={box}>
        <p role="alert" className="text-red-700">{`${t['promoui.error_prefix']}${loadError}`}</p>
      </div>
    );
  if (!detail?.player)
    return (
      <div className={box}>
        <p className="text-sm text-slate-500">{t['wallet.loading']}</p>
      </div>
    );

  const state = detail.player;
  const apply = async () => {
    setSending(true);
    try {
      let message = '';
      const app = await api('POST /activity/apply', {
        body: { id },
        quiet403: true,
        onMessage: (m) => {
          message = m;
        },
      });
      // The server says what happened (applied, or paid at once); our own text covers an empty message.
      showAlert(message || (app.status === 'success' ? t['promo.status.success'] : t['promoui.applied']));
      setReload((n) => n + 1);
    } catch (err) {
      // SPEC.md section 8: claim failures show '錯誤: ' and the server's message.
      alertFailure(err, t['error.generic'], t['promoui.error_prefix']);
      setReload((n) => n + 1);
    } finally {
      setSending(false);
    }
  };
  const statusLabel = state.status ? t[`promo.status.${state.status}`] : '';
  const operatorOnly = state.reasons.includes('automatic') || state.reasons.includes('operator_only');
  return (
    <div className={box} data-testid="promo-claim">
      {state.status && (
        <p className="mb-2 text-sm">
          {t['promoui.your_status']}:{' '}
          <strong
            data-testid="promo-claim-status"
            data-status={state.status}
            className={state.status === 'fail' ? 'text-red-700' : state.status === 'success' ? 'text-emerald-700' : 'text-amber-700'}
          >
            {statusLabel}
          </strong>
        </p>
      )}
      {state.status === 'fail' && state.reject_reason && (
        <p className="mb-2 text-sm text-red-700" data-testid="promo-claim-reason">
          {t['promoui.col.reason']}: {state.reject_reason}
        </p>
      )}
      {state.can_apply ? (
        <button
          type="button"
          className="btn-primary h-11 w-full max-w-[280px] text-base disabled:opacity-60"
          disabled={sending}
          onClick={() => void apply()}
          data-testid="promo-apply"
        >
          {sending ? t['promoui.applying_btn'] : detail.claim_mode === 'automatic' ? t['promoui.claim'] : t['promoui.apply']}
        </button>
      ) : state.reasons.includes('not_started') ? (
        <p className="text-slate-600">{notStartedText}</p>
      ) : operatorOnly && !state.status ? (
        <p className="text-slate-600">{t['promoui.auto']}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-600" data-testid="promo-claim-reasons">
          {state.reason_texts
            .filter((r) => r)
            .map((r) => (
              <li key={r}>{r}</li>
            ))}
        </ul>
      )}
      {state.status && (
        <a className="mt-3 inline-block text-sm text-brand-700 underline" href={paths.mine}>
          {t['promoui.mine']}
        </a>
      )}
    </div>
  );
}
