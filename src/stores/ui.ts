// Dialog state shared between islands: one alert or confirm at a time, and the login dialog.
import { atom } from 'nanostores';

interface AlertState {
  message: string;
  title?: string;
  /** Present for a confirm: the OK button runs it. */
  onConfirm?: () => void;
  confirmText?: string;
  cancelText?: string;
  /** A confirm's cancel button, closing button and Escape run it after closing. */
  onCancel?: () => void;
}

export const $alert = atom<AlertState | null>(null);
export const $loginDialog = atom(false);

export function showAlert(message: string, title?: string): void {
  $alert.set({ message, title });
}

export function showConfirm(state: Required<Pick<AlertState, 'message' | 'onConfirm'>> & AlertState): void {
  $alert.set(state);
}

export function closeAlert(): void {
  $alert.set(null);
}
