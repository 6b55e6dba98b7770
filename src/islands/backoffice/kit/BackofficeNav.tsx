// The left menu of the back office: the sections the signed-in role may open, who is signed in, sign out.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boReady, $boStaff, clearBoSession, hasPermission } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { boApi, boPath, configureBo, startBackoffice } from './api.ts';
import { useHydrated } from './common.tsx';

export const NAV_KEYS = [
  'bo.nav.menu',
  'bo.nav.logout',
  'bo.nav.signed_in_as',
  'bo.loading',
  'bo.error.network',
  'bo.role.admin',
  'bo.role.finance',
  'bo.role.service',
  'bo.role.marketing',
] as const;

export interface NavItem {
  key: string;
  href: string;
  label: string;
  permission: string;
  /** The group heading the entry stands under (a key of NavGroup). */
  group: string;
}

export interface NavGroup {
  key: string;
  label: string;
}

interface Props {
  t: Record<(typeof NAV_KEYS)[number], string>;
  locale: Locale;
  items: NavItem[];
  /** The group headings in the order shown; a group none of whose entries the role may open is left out. */
  groups: NavGroup[];
  current: string;
}

export default function BackofficeNav({ t, locale, items, groups, current }: Props) {
  useEffect(() => {
    configureBo(locale, t['bo.error.network']);
    void startBackoffice();
  }, []);
  const hydrated = useHydrated();
  const readyNow = useStore($boReady);
  const staffNow = useStore($boStaff);
  const ready = hydrated && readyNow;
  const staff = hydrated ? staffNow : null;
  const [leaving, setLeaving] = useState(false);
  const visible = staff ? items.filter((i) => hasPermission(staff, i.permission)) : [];

  const logout = async () => {
    setLeaving(true);
    try {
      await boApi('POST /auth/logout');
    } catch {
      // Signing out locally is what matters; the session expires on the server regardless.
    }
    clearBoSession();
    window.location.assign(boPath(locale));
  };

  return (
    <div className="flex h-full flex-col">
      <nav aria-label={t['bo.nav.menu']} className="flex-1 py-3" data-testid="bo-nav">
        {!ready && <p className="px-5 py-2 text-sm text-slate-400">{t['bo.loading']}</p>}
        {groups.map((group) => {
          const entries = visible.filter((i) => i.group === group.key);
          if (entries.length === 0) return null;
          const headingId = `bo-nav-group-${group.key}`;
          return (
            <section key={group.key} aria-labelledby={headingId} data-nav-group={group.key} className="mb-2">
              <h2 id={headingId} className="px-5 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-slate-400">
                {group.label}
              </h2>
              <ul>
                {entries.map((item) => (
                  <NavLink key={item.key} item={item} active={item.key === current} />
                ))}
              </ul>
            </section>
          );
        })}
      </nav>
      {staff && (
        <div className="border-t border-white/10 px-5 py-4 text-sm">
          <p className="text-xs text-slate-400">{t['bo.nav.signed_in_as']}</p>
          <p className="font-semibold text-white" data-testid="bo-username">
            {staff.username}
          </p>
          <p className="mb-3 text-xs text-slate-300">{t[`bo.role.${staff.role}` as keyof typeof t] ?? staff.role}</p>
          <button
            type="button"
            onClick={() => void logout()}
            disabled={leaving}
            data-testid="bo-logout"
            className="w-full rounded border border-white/20 px-3 py-1.5 text-sm text-slate-100 hover:bg-white/10 disabled:opacity-50"
          >
            {t['bo.nav.logout']}
          </button>
        </div>
      )}
    </div>
  );
}

/** One entry of the menu, marked when it is the page on screen. */
function NavLink({ item, active }: { item: NavItem; active: boolean }) {
  return (
    <li>
      <a
        href={item.href}
        aria-current={active ? 'page' : undefined}
        data-nav={item.key}
        className={`block border-l-4 px-5 py-2 text-sm ${
          active ? 'border-gold-500 bg-white/10 font-semibold text-gold-300' : 'border-transparent text-slate-200 hover:bg-white/5 hover:text-white'
        }`}
      >
        {item.label}
      </a>
    </li>
  );
}
