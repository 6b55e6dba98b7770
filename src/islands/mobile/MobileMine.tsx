// The mobile member page: account, level, central wallet and shortcuts for a player; a login prompt for a visitor.
import { useStore } from '@nanostores/react';
import { $sessionReady, $user, endSession, loadUser } from '../../stores/session.ts';
import { $loginDialog, showConfirm } from '../../stores/ui.ts';
import { formatDecimal } from '../../shared/money.ts';
import { openAvatar } from '../../stores/account.ts';
import { JOIN_KEYS, joinText } from '../account/join.ts';

export const MOBILE_MINE_KEYS = [
  'mobile.mine.join_day',
  'mobile.mine.level',
  'mobile.mine.balance',
  'mobile.mine.visitor',
  'header.login',
  'login.register_link',
  'header.deposit',
  'header.transfer',
  'header.withdrawal',
  'header.sign_out',
  'header.sign_out_confirm',
  'header.refresh',
  'protection.title',
  'kyc.page.title',
  'page.wallet',
  'page.trans_record',
  'page.bet_record',
  'page.actions_record',
  'page.message_center',
  'page.feedback_list',
  'page.vip',
  'page.user_info',
  'common.loading',
  'cashier.ui.bank_cards',
  'page.promotions',
  'account.avatar.change',
  'mobile.mine.partners',
  'page.cooperation',
  'mobile.mine.partner_portal',
  ...JOIN_KEYS,
] as const;
type T = Record<(typeof MOBILE_MINE_KEYS)[number], string>;

/** What a figure's place holds until the figure is known: a space, so the line keeps its height and shows no number. */
const PENDING = '\u00a0';
/**
 * The frame's avatar: a blank face in the avatar's place, painted at first paint. The player's own avatar is then
 * written into the same image, and being no larger it does not become the page's largest paint, which would wait for
 * the island and the session call (an image only the island knows was the page's LCP element, at about 3 s).
 */
const PENDING_AVATAR = '/avatars/pending.svg';

interface Props {
  t: T;
  paths: Record<
    | 'home'
    | 'register'
    | 'deposit'
    | 'transfer'
    | 'withdraw'
    | 'wallet'
    | 'records'
    | 'bets'
    | 'turnover'
    | 'messages'
    | 'feedback'
    | 'vip'
    | 'info'
    | 'cards'
    | 'promotions'
    | 'protection'
    | 'kyc'
    | 'cooperation'
    | 'partnerPortal',
    string
  >;
}

/**
 * The way into the partner programme and the partner portal, as the desktop footer offers it. A visitor and a
 * player both see it: a partner need not be a player, and the phone's footer has room only for its five tabs.
 */
function PartnerLinks({ t, paths }: Props) {
  const links: Array<[string, string, string]> = [
    [paths.cooperation, t['page.cooperation'], 'mine-partner-programme'],
    [paths.partnerPortal, t['mobile.mine.partner_portal'], 'mine-partner-portal'],
  ];
  return (
    <nav aria-label={t['mobile.mine.partners']} className="mt-4 text-left">
      <h2 className="mb-2 px-1 text-sm font-semibold text-slate-600">{t['mobile.mine.partners']}</h2>
      <ul className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm">
        {links.map(([href, label, testId]) => (
          <li key={href}>
            <a className="flex justify-between px-4 py-3" href={href} data-testid={testId}>
              <span>{label}</span>
              <span aria-hidden="true">›</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function MobileMine({ t, paths }: Props) {
  // Hydrate with the stores' initial values, as the server rendered them: another island may already have
  // loaded the session, and reading that during hydration would not match the server's HTML.
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  if (ready && !user) {
    return (
      <div className="rounded-lg bg-white p-6 text-center shadow-sm" data-testid="mine-visitor">
        <p className="mb-4 text-slate-600">{t['mobile.mine.visitor']}</p>
        <div className="flex gap-3">
          <button type="button" className="btn-primary flex-1" onClick={() => $loginDialog.set(true)}>
            {t['header.login']}
          </button>
          <a className="btn-secondary flex-1" href={paths.register}>
            {t['login.register_link']}
          </a>
        </div>
        <PartnerLinks t={t} paths={paths} />
      </div>
    );
  }
  const signOut = () =>
    showConfirm({
      message: t['header.sign_out_confirm'],
      onConfirm: () => void endSession(paths.home),
    });
  const links: Array<[string, string]> = [
    [paths.wallet, t['page.wallet']],
    [paths.records, t['page.trans_record']],
    [paths.bets, t['page.bet_record']],
    [paths.turnover, t['page.actions_record']],
    [paths.promotions, t['page.promotions']],
    [paths.messages, t['page.message_center']],
    [paths.feedback, t['page.feedback_list']],
    [paths.vip, t['page.vip']],
    [paths.info, t['page.user_info']],
    [paths.cards, t['cashier.ui.bank_cards']],
    [paths.protection, t['protection.title']],
    [paths.kyc, t['kyc.page.title']],
  ];
  // Until the session call answers, a signed-in player (html[data-session], set before the first paint) sees the
  // page's frame: its words, its links and the room of the figures, with no figure in it; a visitor sees the loader
  // and then the invitation to log in. The frame's elements are the ones the figures are written into, so the first
  // paint already shows the page's largest text and what arrives later moves nothing. The controls that need the
  // player (avatar, refresh, sign out) are disabled until then; the links work before the island runs.
  const known = !!user;
  return (
    <>
      {!ready && (
        <p className="visitor-only p-6 text-center text-slate-500" aria-busy="true">
          {t['common.loading']}
        </p>
      )}
      <div data-testid={known ? 'mine-player' : undefined} className={known ? undefined : 'player-only'} aria-busy={!known || undefined}>
        <section className="rounded-lg bg-brand-700 p-4 text-white shadow">
          <div className="flex items-center gap-3">
            <button
              type="button"
              onClick={openAvatar}
              disabled={!known}
              aria-label={t['account.avatar.change']}
              className="shrink-0 rounded-full"
              data-testid={known ? 'mine-avatar' : undefined}
            >
              <img src={user ? `/avatars/${user.avatar}` : PENDING_AVATAR} alt="" width="56" height="56" className="h-14 w-14 rounded-full bg-white/20" />
            </button>
            <div>
              <p className="text-lg font-semibold" data-testid={known ? 'mine-account' : undefined}>
                {user ? user.account : PENDING}
              </p>
              {/* The level's line keeps its height when the level is not shown, so the frame (which cannot know) has the
                  same height as every player's header. */}
              <p className="flex h-5 items-center gap-1 text-sm text-gold-300">
                {user?.level.if_show_frontend && (
                  <>
                    <img src={`/levels/level-${Math.min(10, Math.max(0, user.level.id))}.svg`} alt="" width="18" height="18" className="h-[18px] w-[18px]" />
                    {t['mobile.mine.level']}: {user.level.name_frontend}
                  </>
                )}
              </p>
              <p className="text-xs text-slate-300" data-testid={known ? 'mine-join' : undefined}>
                {user ? joinText(t, user.join_day, 'member') : PENDING}
              </p>
            </div>
          </div>
          <div className="mt-4 flex items-end justify-between">
            <div>
              <p className="text-xs text-slate-300">{t['mobile.mine.balance']}</p>
              <p className="text-2xl font-bold text-gold-300" data-testid={known ? 'mine-balance' : undefined}>
                {user ? formatDecimal(user.amount) : PENDING}
              </p>
            </div>
            <button type="button" className="text-sm text-slate-200 underline disabled:opacity-60" disabled={!known} onClick={() => void loadUser()}>
              {t['header.refresh']}
            </button>
          </div>
        </section>
        <div className="mt-4 grid grid-cols-3 gap-3 text-center text-sm">
          <a className="rounded-lg bg-white py-3 shadow-sm" href={paths.deposit}>
            {t['header.deposit']}
          </a>
          <a className="rounded-lg bg-white py-3 shadow-sm" href={paths.transfer}>
            {t['header.transfer']}
          </a>
          <a className="rounded-lg bg-white py-3 shadow-sm" href={paths.withdraw}>
            {t['header.withdrawal']}
          </a>
        </div>
        <ul className="mt-4 divide-y divide-slate-100 rounded-lg bg-white shadow-sm">
          {links.map(([href, label]) => (
            <li key={href}>
              <a className="flex justify-between px-4 py-3" href={href}>
                <span>{label}</span>
                <span aria-hidden="true">›</span>
              </a>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={signOut}
          disabled={!known}
          className="btn-secondary mt-4 w-full disabled:opacity-60"
          data-testid={known ? 'mobile-sign-out' : undefined}
        >
          {t['header.sign_out']}
        </button>
        <PartnerLinks t={t} paths={paths} />
      </div>
    </>
  );
}
