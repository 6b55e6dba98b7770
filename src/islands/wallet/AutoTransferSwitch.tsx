// The automatic-transfer switch (/member/automatic-gold-collection): with it on, the wallet moves to a game
// by itself before the game starts (SPEC.md section 4). PUT /api/auth/autoTransfer, then the user reloads.
// The mobile wallet page shows it too, under the wallets.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user, loadUser } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import type { Locale } from '../../shared/constants.ts';
import { alertFailure } from '../../stores/wallet.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { usePageSetup, type Variant } from '../kit/page.ts';

export const AUTO_TRANSFER_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  'wallet.auto.label',
  'wallet.auto.on',
  'wallet.auto.off',
  'wallet.auto.on_text',
  'wallet.auto.off_text',
  'wallet.auto.saved',
  'wallet.auto.note',
  'wallet.loading',
  'error.generic',
  'error.network',
] as const;
type T = Record<(typeof AUTO_TRANSFER_KEYS)[number], string>;

/** A state's place until the state is known: a space, so the line keeps its height and says nothing. */
const PENDING = '\u00a0';

export default function AutoTransferSwitch({ t, locale, variant = 'desktop' }: { t: T; locale: Locale; variant?: Variant }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const mobile = variant === 'mobile';
  if (!ready && !mobile) return <Spinner label={t['wallet.loading']} />;
  // On the mobile wallet page the overview above already asks a visitor to log in.
  if (ready && !user) return mobile ? null : <LoginPrompt t={t} variant={variant} />;
  // Before the session call answers, the mobile page shows a signed-in player (html[data-session]) the box with
  // its words, without the switch or its state; a visitor never sees it.
  const known = !!user;
  const on = !!user?.auto_transfer;

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setSaved(false);
    try {
      await api('PUT /auth/autoTransfer', { body: { auto_transfer: !on } });
      await loadUser();
      setSaved(true);
    } catch (err) {
      alertFailure(err, t['error.generic']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className={`${mobile ? 'mt-4 space-y-2 rounded-lg bg-white p-4 shadow-sm' : 'max-w-xl space-y-4'} ${known ? '' : 'player-only'}`}
      data-testid={known ? 'auto-transfer' : undefined}
      aria-busy={!known || undefined}
    >
      <div className={`flex items-center justify-between gap-4 ${mobile ? '' : 'rounded-lg border border-slate-200 p-4'}`}>
        <div>
          <p id="auto-transfer-label" className="font-semibold">
            {t['wallet.auto.label']}
          </p>
          <p className="mt-1 text-sm text-slate-600" data-testid="auto-transfer-text">
            {known ? (on ? t['wallet.auto.on_text'] : t['wallet.auto.off_text']) : PENDING}
          </p>
        </div>
        {!known ? (
          <span className="h-7 w-12 shrink-0 rounded-full bg-slate-200" aria-hidden="true" />
        ) : (
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby="auto-transfer-label"
            disabled={busy}
            onClick={() => void toggle()}
            data-testid="auto-transfer-switch"
            className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${on ? 'bg-emerald-500' : 'bg-slate-300'}`}
          >
            <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`} />
          </button>
        )}
      </div>
      <p className="text-sm" role="status">
        <span className={on ? 'font-semibold text-emerald-700' : 'text-slate-500'}>{known ? (on ? t['wallet.auto.on'] : t['wallet.auto.off']) : PENDING}</span>
        {saved && <span className="ml-2 text-slate-500">· {t['wallet.auto.saved']}</span>}
      </p>
      <p className="text-xs text-slate-500">{t['wallet.auto.note']}</p>
    </div>
  );
}
