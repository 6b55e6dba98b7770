// The member centre's left menu (SPEC.md section 2). The member layout checks the login on mount:
// a visitor gets a prompt instead of the menu.
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { formatDecimal } from '../../shared/money.ts';

export const MEMBER_KEYS = [
  'member.join_info', 'member.login_needed', 'member.menu', 'mobile.mine.level', 'header.central_wallet', 'header.deposit',
  'header.transfer', 'header.withdrawal', 'common.loading', 'common.back_home',
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
  return (
    <aside className="w-full shrink-0 rounded-lg bg-white p-4 shadow-sm md:w-60" aria-label={t['member.menu']}>
      {!ready ? (
        <p className="py-6 text-center text-slate-500" aria-busy="true">{t['common.loading']}</p>
      ) : !user ? (
        <div className="py-4 text-center" data-testid="member-login-needed">
          <p className="mb-3 text-slate-600">{t['member.login_needed']}</p>
          <a className="btn-primary" href={paths.home}>{t['common.back_home']}</a>
        </div>
      ) : (
        <div className="flex items-center gap-3 border-b border-slate-100 pb-4">
          <img src={`/avatars/${user.avatar}`} alt="" width="48" height="48" className="h-12 w-12 rounded-full bg-slate-200" />
          <div className="min-w-0">
            <p className="truncate font-semibold" data-testid="member-account">{user.account}</p>
            {user.level.if_show_frontend && <p className="flex items-center gap-1 text-xs text-gold-600" data-testid="member-level"><img src={`/levels/level-${user.level.id}.svg`} alt="" width="16" height="16" className="h-4 w-4" />{t['mobile.mine.level']}: {user.level.name_frontend}</p>}
            <p className="text-xs text-slate-500">{t['member.join_info'].replace('{n}', String(user.join_day))}</p>
          </div>
        </div>
      )}
      {user && (
        <>
          <p className="mt-3 flex justify-between text-sm"><span>{t['header.central_wallet']}</span><span className="font-semibold">{formatDecimal(user.amount)}</span></p>
          <div className="mt-3 grid grid-cols-3 gap-2 text-center text-xs">
            <a className="rounded bg-gold-500 py-1.5 font-semibold text-brand-900" href={paths.deposit}>{t['header.deposit']}</a>
            <a className="rounded bg-brand-600 py-1.5 text-white" href={paths.transfer}>{t['header.transfer']}</a>
            <a className="rounded bg-brand-600 py-1.5 text-white" href={paths.withdraw}>{t['header.withdrawal']}</a>
          </div>
        </>
      )}
      <nav className="mt-4">
        <ul className="space-y-1 text-sm">
          {menu.map((m) => (
            <li key={m.href}>
              <a href={m.href} aria-current={m.active ? 'page' : undefined}
                className={`block rounded px-3 py-2 ${m.active ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-50'}`}>{m.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
