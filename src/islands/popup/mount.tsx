// Mounts the popup overlay into the page once the loader found popups due; downloaded only then.
import { createRoot } from 'react-dom/client';
import PopupOverlay, { type PopupPaths, type PopupText } from './PopupOverlay.tsx';
import type { PopupView } from '../../shared/schemas/messages.ts';

export function showPopups(popups: PopupView[], t: PopupText, paths: PopupPaths): void {
  const host = document.createElement('div');
  host.id = 'popup-host';
  document.body.append(host);
  let signedIn: boolean;
  try {
    signedIn = !!localStorage.getItem('token');
  } catch {
    signedIn = false;
  }
  createRoot(host).render(<PopupOverlay popups={popups} t={t} paths={paths} signedIn={signedIn} />);
}
