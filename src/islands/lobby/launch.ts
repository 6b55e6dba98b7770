// Starting a game (SPEC.md section 4). Sports, casino, lottery and esports tiles first ask for a demo link and
// open the game-choice dialog; visitors are told to register or log in; games that cannot be started get the
// 'Stay tuned' notice; the player blacklist blocks; with automatic transfer the server moves the money before
// answering the link, otherwise the wallet's transfer dialog comes first. The game opens in a new tab once its
// link has arrived, never before: a tab opened on the click and closed on a refusal flashed empty. Browsers
// still allow a tab a few seconds after the click; when one refuses, a dialog offers the link instead. A seamless
// platform's game skips every transfer step: it plays from the central wallet and opens at once.
import { atom } from 'nanostores';
import { api, ApiFailure } from '../../stores/api.ts';
import { $user, loadUser } from '../../stores/session.ts';
import { $loginDialog, showAlert, showConfirm } from '../../stores/ui.ts';
import { failureText } from '../../stores/wallet.ts';
import { isMaintained, isShown, type Platform } from './platforms.ts';
import type { GameView } from '../../shared/schemas/games.ts';

/** A game of GET /api/games/list. */
export type Game = GameView;

/** Groups whose tiles offer the game-choice dialog (try or play); esports is sports on a screen. */
export const CHOICE_GROUPS: ReadonlySet<string> = new Set(['sports', 'casino', 'lottery', 'esports']);

export const LAUNCH_KEYS = [
  'lobby.login_first',
  'lobby.stay_tuned',
  'lobby.opening',
  'lobby.transfer_pending',
  'lobby.transfer_refunded',
  'error.platform_blocked',
  'error.platform_maintenance',
  'error.generic',
  'header.login',
  'common.close',
] as const;
type LaunchText = Record<(typeof LAUNCH_KEYS)[number], string>;

type LaunchState =
  | { kind: 'choice'; game: Game; platform: Platform; demo: 'checking' | string | null }
  | { kind: 'entry'; game: Game; platform: Platform }
  | { kind: 'auto'; status: 'applied' | 'pending' | 'refunded' }
  | { kind: 'ready'; url: string; name: string };

/** The dialog the launcher shows; null for none. */
export const $launch = atom<LaunchState | null>(null);
/** The game whose link is being fetched, for a busy tile. */
export const $launching = atom<number | null>(null);

export interface LaunchContext {
  t: LaunchText;
  variant: 'desktop' | 'mobile';
}

function stayTuned(t: LaunchText): void {
  showAlert(t['lobby.stay_tuned']);
}

/** Opens the game in a new tab, or, when the browser refuses one, offers a link to open it. */
function show(url: string, name: string): void {
  const tab = window.open(url, '_blank');
  if (!tab) {
    $launch.set({ kind: 'ready', url, name });
    return;
  }
  // The game's page must not reach back into ours (the new tab is still ours until it navigates).
  tab.opener = null;
}

function failed(err: unknown, t: LaunchText): void {
  if (err instanceof ApiFailure) {
    // The API client signs a 401 out and sends the reader home itself.
    if (err.status === 401) return;
    if (err.status === 404) return stayTuned(t);
  }
  showAlert(failureText(err, t['error.generic']));
}

/** The tile's click: the checks that need no answer run at once. */
export function startGame(game: Game, platform: Platform | undefined, ctx: LaunchContext): void {
  const { t } = ctx;
  if (!platform || !isShown(platform) || !game.game_code) return stayTuned(t);
  if (isMaintained(platform)) return showAlert(t['error.platform_maintenance']);
  // A seamless game without a demo has nothing to choose: it opens at once with the central balance.
  if (CHOICE_GROUPS.has(game.group) && !(platform.wallet_model === 'seamless' && !game.has_demo)) {
    $launch.set({ kind: 'choice', game, platform, demo: game.has_demo ? 'checking' : null });
    if (game.has_demo) {
      void demoLink(game).then((url) => {
        const now = $launch.get();
        if (now?.kind === 'choice' && now.game.id === game.id) $launch.set({ ...now, demo: url });
      });
    }
    return;
  }
  playNow(game, platform, ctx);
}

/** The demo URL of a game (data[0] of GET /api/demo/link/{code}), or null when there is none. */
async function demoLink(game: Game): Promise<string | null> {
  try {
    const list = await api('GET /demo/link/:code', { params: { code: game.code }, query: { productId: game.game_code }, quiet403: true });
    return Array.isArray(list) && typeof list[0] === 'string' && list[0] ? list[0] : null;
  } catch {
    return null;
  }
}

/** A demo from a tile's 'Demo' button: the tab opens when the link has come. */
export function tryDemo(game: Game, ctx: LaunchContext): void {
  void demoLink(game).then((url) => {
    if (url) show(url, game.name);
    else stayTuned(ctx.t);
  });
}

/** 'Play now': the login, blacklist and transfer checks, then the game's link. */
export function playNow(game: Game, platform: Platform, ctx: LaunchContext): void {
  const { t } = ctx;
  const user = $user.get();
  if (!user) {
    $launch.set(null);
    showConfirm({
      message: t['lobby.login_first'],
      confirmText: t['header.login'],
      cancelText: t['common.close'],
      onConfirm: () => {
        if (ctx.variant === 'mobile') $loginDialog.set(true);
        else document.querySelector<HTMLInputElement>('[data-testid="header-auth"] input[name="account"]')?.focus();
      },
    });
    return;
  }
  const blocked =
    user.player_blacklist.type.includes(platform.group) &&
    (!user.player_blacklist.game_platform_code.length || user.player_blacklist.game_platform_code.includes(platform.gp_code));
  if (blocked) {
    $launch.set(null);
    return showAlert(t['error.platform_blocked']);
  }
  if (platform.wallet_model === 'seamless') {
    // The provider debits and credits the central wallet bet by bet: nothing is moved first, so no transfer dialog.
    $launch.set(null);
    void launchSeamless(game, ctx);
    return;
  }
  if (!user.auto_transfer) {
    // Without automatic transfer the player decides first what to bring into the game.
    $launch.set({ kind: 'entry', game, platform });
    return;
  }
  $launch.set(null);
  void launch(game, ctx);
}

/** Asks for the game's link (the server moves the money first when automatic transfer is on) and opens it. */
export async function launch(game: Game, ctx: LaunchContext): Promise<void> {
  if ($launching.get() !== null) return;
  $launching.set(game.id);
  try {
    const res = await api('GET /games/link/:code', { params: { code: game.code }, query: { productId: game.game_code }, quiet403: true });
    show(res.url, game.name);
    if (res.auto_transfer) {
      const ready = $launch.get();
      if (ready?.kind !== 'ready') $launch.set({ kind: 'auto', status: res.auto_transfer.status });
      void loadUser();
    }
  } catch (err) {
    failed(err, ctx.t);
  } finally {
    $launching.set(null);
  }
}

/** Opens a seamless game: a launch token the provider exchanges for the player, played from the central wallet. */
async function launchSeamless(game: Game, ctx: LaunchContext): Promise<void> {
  if ($launching.get() !== null) return;
  $launching.set(game.id);
  try {
    const res = await api('GET /games/seamless/link/:code', { params: { code: game.code }, query: { productId: game.game_code }, quiet403: true });
    show(res.url, game.name);
  } catch (err) {
    failed(err, ctx.t);
  } finally {
    $launching.set(null);
  }
}

/** 'Play now' in the transfer dialog: the game opens with what is already on the platform, no transfer first. */
export function playWithoutTransfer(game: Game, ctx: LaunchContext): void {
  $launch.set(null);
  void launch(game, ctx);
}
