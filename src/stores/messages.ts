// The message counters of the header badge (SPEC.md section 2): userMessageCount + personalMessageCount +
// PlayerConsultationCount. Loaded while a player is signed in and again on update-message and
// update-consultation (private room, or the system room for a broadcast); the message centre shares them.
import { atom, computed } from 'nanostores';
import { api, ApiFailure } from './api.ts';
import type { MessageTotals } from '../shared/schemas/messages.ts';
import { $token } from './auth-state.ts';
import { onRealtime } from './realtime.ts';

export const $messageTotals = atom<MessageTotals | null>(null);
const $consultationCount = atom(0);
/** Bumped on every update-message, so an open message list reloads too. */
export const $messageVersion = atom(0);
export const $badgeCount = computed([$messageTotals, $consultationCount], (m, c) => (m ? m.userMessageCount + m.personalMessageCount : 0) + c);

/** The longest a page waits before refreshing its counters after a broadcast. */
const BROADCAST_SPREAD_MS = 3000;

let started = false;
let loadingTotals: Promise<void> | null = null;
let again = false;

/** Loads the unread totals; a call while one is under way asks once more after it, so no change is missed. */
export function loadMessageTotals(): Promise<void> {
  if (loadingTotals) {
    again = true;
    return loadingTotals;
  }
  loadingTotals = (async () => {
    if (!$token.get()) return;
    try {
      $messageTotals.set((await api('GET /messages/player/list')).totals);
    } catch {
      // The badge keeps its last value; the next event or page load tries again.
    }
  })().finally(() => {
    loadingTotals = null;
    if (again) {
      again = false;
      void loadMessageTotals();
    }
  });
  return loadingTotals;
}

async function loadConsultationCount(): Promise<void> {
  // SPEC.md section 7: the consultation counter is skipped without a token.
  if (!$token.get()) return;
  try {
    $consultationCount.set((await api('GET /messages/player/consultation')).PlayerConsultationCount);
  } catch (err) {
    // Consultations may not exist on this deployment yet (404): they count as none.
    if (err instanceof ApiFailure && err.status === 404) $consultationCount.set(0);
  }
}

/** Starts the counters once per page; the header and the mobile footer both call it. */
export function startCounters(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  onRealtime('update-message', (payload) => {
    const refresh = () => {
      $messageVersion.set($messageVersion.get() + 1);
      void loadMessageTotals();
    };
    // A broadcast reaches every open page at once: spreading their refreshes over a few seconds keeps them
    // from arriving at the server in one burst. A personal message updates at once.
    if ((payload as { broadcast?: boolean } | null)?.broadcast) setTimeout(refresh, Math.random() * BROADCAST_SPREAD_MS);
    else refresh();
  });
  onRealtime('update-consultation', () => void loadConsultationCount());
  $token.subscribe((token) => {
    if (!token) {
      $messageTotals.set(null);
      $consultationCount.set(0);
      return;
    }
    void loadMessageTotals();
    void loadConsultationCount();
  });
}
