// The main nav's hover panel (SPEC.md section 2): the platforms of the item's groups with front_show = 1 as
// 156 px tiles, each a link into its lobby. The panel is shown by CSS (hover and keyboard focus); this island
// hydrates when it first becomes visible and loads the platform list once for the page.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { configureApi } from '../../stores/api.ts';
import type { Locale } from '../../shared/constants.ts';
import { $platforms, $platformsFailed, isShown, loadPlatforms } from './platforms.ts';
import { PlatformFace, TILE_KEYS } from './PlatformTile.tsx';

export const NAV_PANEL_KEYS = [...TILE_KEYS, 'lobby.loading', 'lobby.load_failed', 'lobby.no_platforms', 'error.network'] as const;
type T = Record<(typeof NAV_PANEL_KEYS)[number], string>;

interface Props {
  t: T;
  locale: Locale;
  /** The groups this nav item lists, with the lobby path of each (the platform's code is added as ?code=). */
  lobbies: Array<{ group: string; href: string }>;
}

export default function NavPanel({ t, locale, lobbies }: Props) {
  useState(() => {
    if (typeof window !== 'undefined') configureApi(locale, t['error.network']);
    return true;
  });
  const platforms = useStore($platforms, { ssr: 'initial' });
  const failed = useStore($platformsFailed, { ssr: 'initial' });
  useEffect(() => {
    void loadPlatforms();
  }, []);

  if (!platforms) {
    return (
      <p className="px-2 py-6 text-sm text-slate-300" aria-busy={!failed}>
        {failed ? t['lobby.load_failed'] : t['lobby.loading']}
      </p>
    );
  }
  const hrefOf = new Map(lobbies.map((l) => [l.group, l.href]));
  const shown = platforms.filter((p) => hrefOf.has(p.group) && isShown(p));
  if (!shown.length) return <p className="px-2 py-6 text-sm text-slate-300">{t['lobby.no_platforms']}</p>;
  return (
    <ul className="flex flex-wrap gap-3" data-testid="nav-panel-tiles">
      {shown.map((p) => (
        <li key={`${p.gp_code}-${p.group}`}>
          <a
            href={`${hrefOf.get(p.group)}&code=${encodeURIComponent(p.gp_code)}`}
            data-code={p.gp_code}
            data-testid="platform-tile"
            className="block rounded-lg bg-white text-slate-800 shadow ring-gold-500 transition hover:ring-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
          >
            <PlatformFace t={t} platform={p} />
          </a>
        </li>
      ))}
    </ul>
  );
}
