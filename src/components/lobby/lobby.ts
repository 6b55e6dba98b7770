// What a lobby page shows, from its URL: the group asked for (or the page's first), the platform code asked for
// (letters, digits, '_' and '-', at most 20), and the group tabs (groups with a live platform, plus the current one).
// The desktop and mobile lobby pages share these rules.
import type { AstroGlobal } from 'astro';
import type { MessageKey } from '../../i18n/index.ts';

interface LobbyChoice {
  group: string;
  code: string;
}

export function lobbyChoice(params: URLSearchParams, groups: readonly string[]): LobbyChoice {
  const asked = params.get('group') ?? '';
  const group = groups.includes(asked) ? asked : (groups[0] ?? '');
  const code = (params.get('code') ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 20);
  return { group, code };
}

/** The tabs in the page's order: every group with a live platform, and the current group even without one. */
export function lobbyTabs(groups: readonly string[], current: string, live: Iterable<string>): string[] {
  const open = new Set(live);
  return groups.filter((g) => g === current || open.has(g));
}

/** What both lobby pages' frontmatter needs: the language, the choice, the tabs and the server-rendered games. */
export async function lobbyPage(astro: AstroGlobal, groups: readonly string[]) {
  const { locale, t } = astro.locals;
  const { group, code } = lobbyChoice(astro.url.searchParams, groups);
  const tabs = lobbyTabs(groups, group, (await astro.locals.platformGroups?.()) ?? groups);
  const name = (g: string) => t(`lobby.group.${g}` as MessageKey);
  const initialGames = (await astro.locals.games?.({ group })) ?? undefined;
  return { locale, group, code, tabs, name, initialGames };
}
