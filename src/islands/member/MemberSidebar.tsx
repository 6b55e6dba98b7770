// The member centre's left menu (SPEC.md section 2): avatar (opens the avatar dialog), account, level name
// and icon, join days, the central wallet and the deposit / transfer / withdrawal buttons, then the menu.
// The member layout checks the login on mount: a visitor gets a prompt instead of the menu.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { openAvatar } from '../../stores/account.ts';
import { $badgeCount, startCounters } from '../../stores/messages.ts';
import { formatDecimal } from '../../shared/money.ts';
import { JOIN_KEYS, joinText } from '../account/join.ts';

export const MEMBER_KEYS = [
  'member.join_info',
  'member.login_needed',
  'member.menu',
  'mobile.mine.level',
  'header.central_wallet',
  'header.deposit',
  'header.transfer',
  'header.withdrawal',
  'common.loading',
  'common.back_home',
  'account.avatar.change',
  'account.menu.level_icon',
  ...JOIN_KEYS,
] as const;
type T = Record<(typeof MEMBER_KEYS)[number], string>;

interface Props {
  t: T;
  menu: Array<{ href: string; label: string; active: boolean }>;
  paths: Record<'home' | 'deposit' | 'transfer' | 'withdraw', string>;
}

export default function MemberSidebar({ t, menu, paths }: Props) {
  // Hydrate with the stores' initial values, as the server rendered them: another island may already have
  // loaded the session, and reading that during hydration would not match the server's HTML.
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  // The message centre entry carries the same unread count as the header badge (SPEC.md section 2).
  const unread = useStore($badgeCount, { ssr: 'initial' });
  useEffect(() => {
    if (user) startCounters();
  }, [!!user]);
  return (
    <aside className="w-full shrink-0 rounded-lg bg-white p-4 shadow-sm md:w-64" aria-label={t['member.menu']} data-testid="member-sidebar">
      {!ready ? (
        <p className="py-6 text-center text-slate-500" aria-busy="true">
          {t['common.loading']}
        </p>
      ) : !user ? (
        <div className="py-4 text-center" data-testid="member-login-needed">
          <p className="mb-3 text-slate-600">{t['member.login_needed']}</p>
          <a className="btn-primary" href={paths.home}>
            {t['common.back_home']}
          </a>
        </div>
      ) : (
        <div className="flex items-center gap-3 border-b border-slate-100 pb-4">
          <button
            type="button"
            onClick={openAvatar}
            title={t['account.avatar.change']}
            aria-label={t['account.avatar.change']}
            className="shrink-0 rounded-full ring-2 ring-transparent hover:ring-gold-500"
            data-testid="member-avatar"
          >
            <img src={`/avatars/${user.avatar}`} alt="" width="48" height="48" className="h-12 w-12 rounded-full bg-slate-200" />
          </button>
          <div className="min-w-0">
            <p className="truncate font-semibold" data-testid="member-account">
              {user.account}
            </p>
            {user.level.if_show_frontend && (
              <p className="flex items-center gap-1 text-xs text-gold-600" data-testid="member-level">
                <img
                  src={`/levels/level-${Math.min(10, Math.max(0, user.level.id))}.svg`}
                  alt={t['account.menu.level_icon'].replace('{n}', String(user.level.id))}
                  width="16"
                  height="16"
                  className="h-4 w-4"
                />
                {user.level.name_frontend}
              </p>
            )}
            <p className="text-xs text-slate-500" data-testid="member-join">
              {joinText(t, user.join_day, 'joined')}
            </p>
          </div>
        </div>
      )}
      {user && (
        <>
          <p className="mt-3 flex justify-between text-sm">
            <span>{t['header.central_wallet']}</span>
            <span className="font-semibold">{formatDecimal(user.amount)}</span>
          </p>
          {/* Each button is as wide as its word needs, so 'Withdrawal' is never cut in English. */}
          <div className="mt-3 flex gap-1.5 text-center text-xs" data-testid="member-quick">
            <a className="flex-auto whitespace-nowrap rounded bg-gold-500 px-2 py-1.5 font-semibold text-brand-900" href={paths.deposit}>
              {t['header.deposit']}
            </a>
            <a className="flex-auto whitespace-nowrap rounded bg-brand-600 px-2 py-1.5 text-white" href={paths.transfer}>
              {t['header.transfer']}
            </a>
            <a className="flex-auto whitespace-nowrap rounded bg-brand-600 px-2 py-1.5 text-white" href={paths.withdraw}>
              {t['header.withdrawal']}
            </a>
          </div>
        </>
      )}
      <nav className="mt-4">
        <ul className="space-y-1 text-sm">
          {menu.map((m) => (
            <li key={m.href}>
              <a
                href={m.href}
                aria-current={m.active ? 'page' : undefined}
                className={`flex items-center justify-between rounded px-3 py-2 ${m.active ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-50'}`}
              >
                {m.label}
                {user && unread > 0 && /\/member\/message-center$/.test(m.href) && (
                  <span className="rounded-full bg-red-600 px-1.5 text-[11px] font-semibold leading-[18px] text-white" data-testid="member-message-badge">
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
