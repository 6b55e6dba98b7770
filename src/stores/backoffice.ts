// The staff session in the browser: the token in localStorage under 'bo_token' and the signed-in staff
// member. Separate from the player session, so an operator can test the player site in the same browser.
import { atom } from 'nanostores';

export const BO_TOKEN_KEY = 'bo_token';

export interface BoStaff {
  id: number;
  username: string;
  role: string;
  totp_enabled: boolean;
  permissions: string[];
}

function read(): string | null {
  try {
    return localStorage.getItem(BO_TOKEN_KEY);
  } catch {
    return null;
  }
}
function write(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(BO_TOKEN_KEY);
    else localStorage.setItem(BO_TOKEN_KEY, value);
  } catch {
    // Private modes may refuse storage; the session then lasts for this page only.
  }
}

export const $boToken = atom<string | null>(typeof window === 'undefined' ? null : read());
export const $boStaff = atom<BoStaff | null>(null);
/** True once the first staff call answered, either way, so islands can leave their loading state. */
export const $boReady = atom(false);
/** Set when the staff call failed for a reason other than an ended session (network, server). */
export const $boLoadError = atom<string | null>(null);

export function setBoSession(token: string, staff: BoStaff): void {
  write(token);
  $boToken.set(token);
  $boStaff.set(staff);
  $boReady.set(true);
}

export function setBoStaff(staff: BoStaff | null): void {
  $boStaff.set(staff);
  $boReady.set(true);
}

export function clearBoSession(): void {
  write(null);
  $boToken.set(null);
  $boStaff.set(null);
  $boReady.set(true);
}

export function hasPermission(staff: BoStaff | null, permission: string): boolean {
  return !!staff?.permissions.includes(permission);
}
