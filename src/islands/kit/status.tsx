// What a screen shows instead of its content: a loader, a failure with its retry, and the prompt to log in
// (each page names what logging in is for; the wallet and cashier screens have their default texts).
import { $loginDialog } from '../../stores/ui.ts';
import type { Variant } from './page.ts';

export function Spinner({ label }: { label: string }) {
  return (
    <p className="py-6 text-center text-sm text-slate-500" aria-busy="true">
      {label}
    </p>
  );
}

export function ErrorBox({ message, retry, retryLabel }: { message: string; retry?: () => void; retryLabel?: string }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
      data-testid="cashier-error"
    >
      <span>{message}</span>
      {retry && (
        <button type="button" className="btn-secondary h-8 px-3 text-sm" onClick={retry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}

export const LOGIN_PROMPT_KEYS = ['wallet.login_prompt', 'header.login'] as const;

/** What a visitor sees instead of a signed-in screen: on mobile a button that opens the login dialog. */
export function LoginPrompt({ t, variant, message }: { t: Record<(typeof LOGIN_PROMPT_KEYS)[number], string>; variant: Variant; message?: string }) {
  return (
    <div className="rounded-lg bg-white p-6 text-center shadow-sm" data-testid="wallet-login-prompt">
      <p className="text-slate-600">{message ?? t['wallet.login_prompt']}</p>
      {variant === 'mobile' && (
        <button type="button" className="btn-primary mt-4 w-full" onClick={() => $loginDialog.set(true)}>
          {t['header.login']}
        </button>
      )}
    </div>
  );
}

export const LOGIN_NEEDED_KEYS = ['cashier.ui.login_needed', 'header.login', 'common.back_home'] as const;

/** The same for the cashier's screens: on mobile the login dialog, elsewhere a link home (or, on 'pub', to log in). */
export function LoginNeeded({
  t,
  variant,
  homePath,
  message,
}: {
  t: Record<(typeof LOGIN_NEEDED_KEYS)[number], string>;
  variant: Variant | 'pub';
  homePath: string;
  message?: string;
}) {
  return (
    <div className="rounded-lg bg-white p-6 text-center shadow-sm" data-testid="cashier-login-needed">
      <p className="mb-4 text-slate-600">{message ?? t['cashier.ui.login_needed']}</p>
      {variant === 'mobile' ? (
        <button type="button" className="btn-primary w-full" onClick={() => $loginDialog.set(true)}>
          {t['header.login']}
        </button>
      ) : (
        <a className="btn-primary" href={homePath}>
          {variant === 'pub' ? t['header.login'] : t['common.back_home']}
        </a>
      )}
    </div>
  );
}
