// The token and the signed-in user, kept apart from the session logic so the API client can clear a dead session
// without importing the store that itself calls the API (no import cycle).
import { atom } from 'nanostores';
import { STORAGE } from '../shared/constants.ts';
import type { UserView } from '../shared/user.ts';

export type User = UserView;

export function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
export function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the session then lasts for this page only.
  }
}

export const $token = atom<string | null>(typeof window === 'undefined' ? null : read(STORAGE.token));
export const $user = atom<User | null>(null);

export function setToken(token: string): void {
  write(STORAGE.token, token);
  $token.set(token);
}

export function clearSession(): void {
  write(STORAGE.token, null);
  write(STORAGE.user, null);
  $token.set(null);
  $user.set(null);
}
