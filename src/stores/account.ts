// Which account dialog is open: forgot password, the identity check after a lockout, the avatars.
import { atom } from 'nanostores';
import { $loginDialog } from './ui.ts';

type AccountDialog = { kind: 'forgot' } | { kind: 'identity'; phone: string } | { kind: 'avatar' } | null;

export const $accountDialog = atom<AccountDialog>(null);

/** Local storage key of the masked phone a lockout answered with (SPEC.md section 3, forgotten-password phone). */
export const FORGET_PHONE_KEY = 'forget_phone';
/** Set after a phone-code login, as SPEC.md section 4's first-registration flag. */
export const FIRST_REGISTRATION_KEY = 'first_registration';

export function openForgot(): void {
  $loginDialog.set(false);
  $accountDialog.set({ kind: 'forgot' });
}

/** Too many wrong passwords: the login dialog closes and the identity check opens with the masked phone. */
export function openIdentity(maskedPhone: string): void {
  try {
    localStorage.setItem(FORGET_PHONE_KEY, maskedPhone);
  } catch {
    // Storage may be refused; the dialog still shows the phone.
  }
  $loginDialog.set(false);
  $accountDialog.set({ kind: 'identity', phone: maskedPhone });
}

export function openAvatar(): void {
  $accountDialog.set({ kind: 'avatar' });
}

export function closeAccountDialog(): void {
  $accountDialog.set(null);
}
