// The mobile member page: account, level, central wallet and shortcuts for a player; a login prompt for a visitor.
import { useStore } from '@nanostores/react';
import { $sessionReady, $user, endSession, loadUser } from '../../stores/session.ts';
import { $loginDialog, showConfirm } from '../../stores/ui.ts';
import { formatDecimal } from '../../shared/money.ts';
import { openAvatar } from '../../stores/account.ts';
import { JOIN_KEYS, joinText } from '../account/join.ts';

export const MOBILE_MINE_KEYS = [
  'mobile.mine.join_day', 'mobile.mine.level', 'mobile.mine.balance', 'mobile.mine.visitor', 'header.login', 'login.register_link',
  'header.deposit', 'header.transfer', 'header.withdrawal', 'header.sign_out', 'header.sign_out_confirm', 'header.refresh',
  'protection.title', 'kyc.page.title', 'page.wallet', 'page.trans_record', 'page.bet_record', 'page.actions_record', 'page.message_center', 'page.feedback_list', 'page.vip', 'page.user_info', 'common.loading',
  'cashier.ui.bank_cards', 'page.promotions', 'account.avatar.change', ...JOIN_KEYS,
] as const;
type T = Record<(typeof MOBILE_MINE_KEYS)[number], string>;

interface Props {
  t: T;
  paths: Record<'home' | 'register' | 'deposit' | 'transfer' | 'withdraw' | 'wallet' | 'records' | 'bets' | 'turnover' | 'messages' | 'feedback' | 'vip' | 'info' | 'cards' | 'promotions' | 'protection' | 'kyc', string>;
}

export default function MobileMine({ t, paths }: Props) {
  // Hydrate with the stores' initial values, as the server rendered them: another island may already have
  // loaded the session, and reading that during hydration would not match the server's HTML.
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  if (!ready) return <p className="p-6 text-center text-slate-500" aria-busy="true">{t['common.loading']}</p>;
  if (!user) {
    return (
      <div className="rounded-lg bg-white p-6 text-center shadow-sm" data-testid="mine-visitor">
        <p className="mb-4 text-slate-600">{t['mobile.mine.visitor']}</p>
        <div className="flex gap-3">
          <button type="button" className="btn-primary flex-1" onClick={() => $loginDialog.set(true)}>{t['header.login']}</button>
          <a className="btn-secondary flex-1" href={paths.register}>{t['login.register_link']}</a>
        </div>
      </div>
    );
  }
  const signOut = () => showConfirm({
    message: t['header.sign_out_confirm'],
    onConfirm: () => void endSession(paths.home),
  });
  const links: Array<[string, string]> = [
    [paths.wallet, t['page.wallet']], [paths.records, t['page.trans_record']], [paths.bets, t['page.bet_record']], [paths.turnover, t['page.actions_record']],
    [paths.promotions, t['page.promotions']], [paths.messages, t['page.message_center']], [paths.feedback, t['page.feedback_list']], [paths.vip, t['page.vip']], [paths.info, t['page.user_info']], [paths.cards, t['cashier.ui.bank_cards']],
    [paths.protection, t['protection.title']],
    [paths.kyc, t['kyc.page.title']],
  ];
  return (
    <div data-testid="mine-player">
      <section className="rounded-lg bg-brand-700 p-4 text-white shadow">
        <div className="flex items-center gap-3">
          <button type="button" onClick={openAvatar} aria-label={t['account.avatar.change']} className="shrink-0 rounded-full" data-testid="mine-avatar">
            <img src={`/avatars/${user.avatar}`} alt="" width="56" height="56" className="h-14 w-14 rounded-full bg-white/20" />
          </button>
          <div>
            <p className="text-lg font-semibold" data-testid="mine-account">{user.account}</p>
            {user.level.if_show_frontend && <p className="flex items-center gap-1 text-sm text-gold-300"><img src={`/levels/level-${Math.min(10, Math.max(0, user.level.id))}.svg`} alt="" width="18" height="18" className="h-[18px] w-[18px]" />{t['mobile.mine.level']}: {user.level.name_frontend}</p>}
            <p className="text-xs text-slate-300" data-testid="mine-join">{joinText(t, user.join_day, 'member')}</p>
          </div>
        </div>
        <div className="mt-4 flex items-end justify-between">
          <div>
            <p className="text-xs text-slate-300">{t['mobile.mine.balance']}</p>
            <p className="text-2xl font-bold text-gold-300" data-testid="mine-balance">{formatDecimal(user.amount)}</p>
          </div>
          <button type="button" className="text-sm text-slate-200 underline" onClick={() => void loadUser()}>{t['header.refresh']}</button>
        </div>
      </section>
      <div className="mt-4 grid grid-cols-3 gap-3 text-center text-sm">
        <a className="rounded-lg bg-white py-3 shadow-sm" href={paths.deposit}>{t['header.deposit']}</a>
        <a className="rounded-lg bg-white py-3 shadow-sm" href={paths.transfer}>{t['header.transfer']}</a>
        <a className="rounded-lg bg-white py-3 shadow-sm" href={paths.withdraw}>{t['header.withdrawal']}</a>
      </div>
      <ul className="mt-4 divide-y divide-slate-100 rounded-lg bg-white shadow-sm">
        {links.map(([href, label]) => (
          <li key={href}><a className="flex justify-between px-4 py-3" href={href}><span>{label}</span><span aria-hidden="true">›</span></a></li>
        ))}
      </ul>
      <button type="button" onClick={signOut} className="btn-secondary mt-4 w-full" data-testid="mobile-sign-out">{t['header.sign_out']}</button>
    </div>
  );
}
