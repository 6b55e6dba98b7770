// The staff session in the browser: the token in localStorage under 'bo_token' and the signed-in staff
// member. Separate from the player session, so an operator can test the player site in the same browser.
import { atom } from 'nanostores';
import type { StaffMeView } from '../shared/schemas/backoffice/staff.ts';

export const BO_TOKEN_KEY = 'bo_token';

/** The signed-in staff member, as GET /auth/me and the sign-in answer return it. */
export type BoStaff = StaffMeView;

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
