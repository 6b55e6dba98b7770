// A game lobby (desktop /egame/game and /other-games/games, mobile /mobile/f-game/...): the group's platforms
// as 156 px filter tiles (maintenance overlay included), then the games with thumbnails in the reader's
// language. A tile click starts the game as SPEC.md section 4 says. Operator changes to platforms reach the
// page through the 'change-gamePlatform' system event and reload the lists in place.
import { fill } from '../../shared/text.ts';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../stores/api.ts';
import type { Locale } from '../../shared/constants.ts';
import { wantRealtime } from '../../stores/realtime.ts';
import { $sessionReady } from '../../stores/session.ts';
import { showAlert } from '../../stores/ui.ts';
import { usePageSetup } from '../kit/page.ts';
import { $catalogueVersion, $platforms, $platformsFailed, isMaintained, isShown, loadPlatforms, type Platform } from './platforms.ts';
import { $launching, CHOICE_GROUPS, startGame, tryDemo, type Game } from './launch.ts';
import { PlatformFace, MaintenanceOverlay, TILE_KEYS } from './PlatformTile.tsx';
import { GameLauncher, LAUNCHER_KEYS } from './GameLauncher.tsx';

export const LOBBY_KEYS = [
  ...TILE_KEYS,
  ...LAUNCHER_KEYS,
  'lobby.platforms',
  'lobby.all_platforms',
  'lobby.games',
  'lobby.search',
  'lobby.search_placeholder',
  'lobby.loading',
  'lobby.load_failed',
  'lobby.retry',
  'lobby.empty',
  'lobby.no_match',
  'lobby.demo',
  'lobby.demo_of',
  'lobby.count',
  'lobby.no_platforms',
  'error.network',
] as const;
type T = Record<(typeof LOBBY_KEYS)[number], string>;

interface Props {
  t: T;
  locale: Locale;
  variant: 'desktop' | 'mobile';
  /** The lobby's group; '' with `featured` lists every group. */
  group: string;
  /** The platform asked for by ?code=, or ''. */
  code: string;
  /** The home page's games section: no platform row or search, at most `limit` games. */
  featured?: boolean;
  limit?: number;
  /** Keep a socket for visitors too, so operator changes show at once (players have one anyway). */
  live?: boolean;
  /** The games as the server rendered them, so the list shows before this island's script has loaded. */
  initialGames?: Game[];
}

export default function GameLobby({ t, locale, variant, group, code: initialCode, featured = false, limit = 500, live = true, initialGames }: Props) {
  usePageSetup(locale, t['error.network']);
  const platforms = useStore($platforms, { ssr: 'initial' });
  const platformsFailed = useStore($platformsFailed, { ssr: 'initial' });
  const version = useStore($catalogueVersion, { ssr: 'initial' });
  const launching = useStore($launching, { ssr: 'initial' });
  const [games, setGames] = useState<Game[] | null>(initialGames ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState(initialCode);
  const [search, setSearch] = useState('');
  const mobile = variant === 'mobile';
  const lang = locale === 'en' ? 'en' : 'cn';

  const sessionReady = useStore($sessionReady, { ssr: 'initial' });
  useEffect(() => {
    void loadPlatforms();
  }, []);
  // Asked once the session is known, so a signed-in player's page opens one socket, with the token.
  useEffect(() => {
    if (live && sessionReady) wantRealtime();
  }, [sessionReady]);

  useEffect(() => {
    // The server's list is current on first render; later changes (operator events, retries) fetch again.
    if (initialGames && version === $catalogueVersion.get() && attempt === 0 && games === initialGames) return;
    let live = true;
    setFailed(false);
    api('GET /games/list', { query: { group: group || undefined, lang } })
      .then((list) => {
        if (live) setGames(list);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [group, lang, version, attempt]);

  const shown = useMemo(() => (platforms ?? []).filter((p) => (!group || p.group === group) && isShown(p)), [platforms, group]);
  const platformOf = (g: Game): Platform | undefined =>
    (platforms ?? []).find((p) => p.gp_code === g.code && p.group === g.group) ?? (platforms ?? []).find((p) => p.gp_code === g.code);
  // A ?code= of a platform that is not in this lobby shows the whole lobby.
  const selected = shown.some((p) => p.gp_code === code) ? code : '';
  const needle = search.trim().toLowerCase();
  const visible = (games ?? [])
    .filter((g) => {
      if (selected && g.code !== selected) return false;
      const p = platformOf(g);
      // Games of platforms that are switched off or hidden are not offered.
      if (platforms && (!p || !isShown(p))) return false;
      return !needle || g.name.toLowerCase().includes(needle);
    })
    .slice(0, limit);

  const choose = (next: string) => {
    setCode(next);
    const url = new URL(window.location.href);
    if (next) url.searchParams.set('code', next);
    else url.searchParams.delete('code');
    window.history.replaceState(null, '', url);
  };
  const ctx = { t, variant };
  const [waiting, setWaiting] = useState<number | null>(null);
  /**
   * A tile's click. Until the platform list and the session are known the game's state is not: the click
   * waits for them instead of answering 'Stay tuned' or 'log in first' for a game that is open.
   * A list that cannot be loaded says so.
   */
  const open = (g: Game) => {
    if ($platforms.get() && $sessionReady.get()) return startGame(g, platformOf(g), ctx);
    if (waiting !== null) return;
    setWaiting(g.id);
    void (async () => {
      await loadPlatforms();
      if (!$sessionReady.get())
        await new Promise<void>((resolve) => {
          const stop = $sessionReady.listen((r) => {
            if (r) {
              stop();
              resolve();
            }
          });
        });
      setWaiting(null);
      const list = $platforms.get();
      if (!list) return showAlert(t['lobby.load_failed']);
      const p = list.find((x) => x.gp_code === g.code && x.group === g.group) ?? list.find((x) => x.gp_code === g.code);
      startGame(g, p, ctx);
    })();
  };
  const retry = () => {
    setAttempt((n) => n + 1);
    if (!platforms) void loadPlatforms(true);
  };

  return (
    <div data-testid="game-lobby" data-group={group} className="space-y-4">
      {!featured && (
        <section aria-label={t['lobby.platforms']}>
          {!platforms ? (
            <p className="py-4 text-sm text-slate-500" aria-busy={!platformsFailed}>
              {platformsFailed ? t['lobby.load_failed'] : t['lobby.loading']}
            </p>
          ) : !shown.length ? (
            <p className="py-4 text-sm text-slate-500" data-testid="lobby-no-platforms">
              {t['lobby.no_platforms']}
            </p>
          ) : (
            <ul className={`flex gap-3 ${mobile ? '-mx-3 overflow-x-auto px-3 pb-2' : 'flex-wrap'}`} data-testid="lobby-platforms">
              <li className="shrink-0">
                <button
                  type="button"
                  aria-pressed={selected === ''}
                  onClick={() => choose('')}
                  data-testid="platform-all"
                  className={`flex h-[92px] w-[156px] items-center justify-center rounded-lg text-base font-semibold shadow-sm ${selected === '' ? 'bg-brand-700 text-gold-300 ring-2 ring-gold-500' : 'bg-white text-brand-700 hover:ring-2 hover:ring-brand-600/30'}`}
                >
                  {t['lobby.all_platforms']}
                </button>
              </li>
              {shown.map((p) => (
                <li key={`${p.gp_code}-${p.group}`} className="shrink-0">
                  <button
                    type="button"
                    aria-pressed={selected === p.gp_code}
                    onClick={() => choose(p.gp_code)}
                    data-testid="platform-tile"
                    data-code={p.gp_code}
                    className={`block rounded-lg shadow-sm ${selected === p.gp_code ? 'bg-brand-700 text-gold-300 ring-2 ring-gold-500' : 'bg-white text-slate-800 hover:ring-2 hover:ring-brand-600/30'}`}
                  >
                    <PlatformFace t={t} platform={p} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section aria-label={t['lobby.games']} className="space-y-3">
        {!featured && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <label className={mobile ? 'w-full' : 'w-72'}>
              <span className="sr-only">{t['lobby.search']}</span>
              <input
                type="search"
                name="search"
                className="field-input"
                value={search}
                placeholder={t['lobby.search_placeholder']}
                maxLength={40}
                onChange={(e) => setSearch(e.target.value)}
              />
            </label>
            {games && (
              <p className="text-sm text-slate-600" role="status" data-testid="lobby-count">
                {fill(t['lobby.count'], { n: visible.length })}
              </p>
            )}
          </div>
        )}

        {failed ? (
          <div className="rounded-lg bg-white p-6 text-center shadow-sm" role="alert">
            <p className="text-slate-600">{t['lobby.load_failed']}</p>
            <button type="button" className="btn-secondary mt-3" onClick={retry}>
              {t['lobby.retry']}
            </button>
          </div>
        ) : !games ? (
          <ul className={`grid gap-3 ${mobile ? 'grid-cols-3' : 'grid-cols-5'}`} aria-busy="true" aria-label={t['lobby.loading']}>
            {Array.from({ length: mobile ? 6 : 10 }, (_, i) => (
              <li key={i} className="aspect-[4/3] animate-pulse rounded-lg bg-slate-200" />
            ))}
          </ul>
        ) : !visible.length ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="lobby-empty">
            {needle ? t['lobby.no_match'] : t['lobby.empty']}
          </p>
        ) : (
          <ul className={`grid gap-3 ${mobile ? 'grid-cols-3' : 'grid-cols-5'}`} data-testid="lobby-games">
            {visible.map((g) => {
              const p = platformOf(g);
              const down = p ? isMaintained(p) : false;
              const busy = launching === g.id || waiting === g.id;
              const demo = g.has_demo && !CHOICE_GROUPS.has(g.group) && !down;
              return (
                <li key={g.id} className="relative">
                  <button
                    type="button"
                    onClick={() => open(g)}
                    aria-busy={busy || waiting === g.id}
                    data-testid="game-tile"
                    data-game={g.game_code}
                    data-code={g.code}
                    className="block w-full overflow-hidden rounded-lg bg-white text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
                  >
                    <span className="relative block aspect-[4/3] bg-brand-800">
                      <img src={g.thumbnail} alt="" width={160} height={120} loading="lazy" className="h-full w-full object-cover" />
                      {busy && <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-xs text-white">{t['lobby.opening']}</span>}
                      {down && p && <MaintenanceOverlay t={t} platform={p} compact={mobile} />}
                    </span>
                    <span className={`block ${mobile ? 'px-1.5 py-1' : 'px-2.5 py-2'}`}>
                      <span className={`block truncate font-semibold text-slate-800 ${mobile ? 'text-xs' : 'text-sm'}`}>{g.name}</span>
                      <span className={`block truncate text-slate-500 ${mobile ? 'text-[10px]' : 'text-xs'}`}>{p?.name ?? g.code}</span>
                      {p?.wallet_model === 'seamless' && (
                        <span
                          className={`mt-0.5 block text-brand-700 ${mobile ? 'line-clamp-2 text-[10px] leading-3' : 'text-[11px] leading-4'}`}
                          data-testid="seamless-note"
                        >
                          {t['seamless.tile.note']}
                        </span>
                      )}
                    </span>
                  </button>
                  {demo && (
                    <button
                      type="button"
                      onClick={() => tryDemo(g, ctx)}
                      aria-label={fill(t['lobby.demo_of'], { name: g.name })}
                      data-testid="game-demo"
                      className={`absolute right-1 top-1 min-h-6 min-w-6 rounded bg-black/70 font-medium text-white hover:bg-black/85 ${mobile ? 'px-2 py-1 text-[11px]' : 'px-2 py-1 text-xs'}`}
                    >
                      {t['lobby.demo']}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <GameLauncher t={t} variant={variant} />
    </div>
  );
}
