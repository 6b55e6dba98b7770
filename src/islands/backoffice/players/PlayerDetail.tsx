// The player page (/backoffice/player?id=N): who the player is, their wallets and activity wallets with the
// grant form, pending transfers, the game blacklist and the ledger history. Each part shows only for the
// roles that may use it; roles without the player list find a player by account here.
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi, boPath } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Guard, ListState, StatusPill, cls, errorText, formatTime, type IslandProps } from '../kit/common.tsx';
import { WALLETS_KEYS, WalletsSection } from '../wallet/Wallets.tsx';
import { GRANT_KEYS, GrantForm } from '../wallet/GrantForm.tsx';
import { BLACKLIST_KEYS, BlacklistEditor } from './Blacklist.tsx';
import { HISTORY_KEYS, History } from '../wallet/History.tsx';
import { SECURITY_KEYS, SecuritySection } from './Security.tsx';
import { VIP_PLAYER_KEYS, VipSection } from '../vip/VipSection.tsx';
import type { PlatformInfo, PlayerSummary } from './types.ts';
import { PROTECTION_SECTION_KEYS, ProtectionSection } from '../protection/Protection.tsx';
import { PROFILE_KEYS, ProfileSection } from './Profile.tsx';
import { NOTES_KEYS, NotesSection } from './PlayerNotes.tsx';
import { LINKED_KEYS, LinkedAccountsSection } from '../risk/LinkedAccounts.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';

export const PLAYER_KEYS = [
  ...new Set([
    ...COMMON_KEYS,
    ...WALLETS_KEYS,
    ...GRANT_KEYS,
    ...BLACKLIST_KEYS,
    ...HISTORY_KEYS,
    ...SECURITY_KEYS,
    ...PROTECTION_SECTION_KEYS,
    ...VIP_PLAYER_KEYS,
    ...PROFILE_KEYS,
    ...NOTES_KEYS,
    ...LINKED_KEYS,
    'bo.player.lookup',
    'bo.player.lookup_placeholder',
    'bo.player.lookup_hint',
    'bo.player.open',
    'bo.player.back_to_list',
    'bo.player.id',
    'bo.player.account',
    'bo.player.level',
    'bo.player.status',
    'bo.player.online',
    'bo.player.registered',
    'bo.player.last_login',
    'bo.player.auto_transfer',
    'bo.player.not_found',
    'bo.players.active',
    'bo.players.disabled',
    'bo.yes',
    'bo.no',
    'bo.on',
    'bo.off',
  ] as const),
];
type K = (typeof PLAYER_KEYS)[number];
type T = IslandProps<K>['t'];

export default function PlayerDetail({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="player.detail">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function idFromUrl(): number | null {
  const raw = new URLSearchParams(window.location.search).get('id') ?? '';
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const can = (p: string) => hasPermission(staff, p);
  // undefined until the address was read, then null when it names no player.
  const [playerId, setPlayerId] = useState<number | null | undefined>(undefined);
  const [player, setPlayer] = useState<PlayerSummary | null>(null);
  const [platforms, setPlatforms] = useState<PlatformInfo[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  /** Bumped by an edit of the personal details, whose new phone or name may link or unlink accounts. */
  const [linksVersion, setLinksVersion] = useState(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setPlayerId(idFromUrl());
    boApi('GET /platforms').then(setPlatforms, () => setPlatforms([]));
    const onPop = () => setPlayerId(idFromUrl());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (!playerId) return;
    let live = true;
    setPlayer(null);
    setError(null);
    boApi('GET /players/:id', { params: { id: playerId } }).then(
      (p) => {
        if (live) setPlayer(p);
      },
      (err) => {
        if (live) setError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [playerId, attempt]);

  const open = (p: PlayerSummary) => {
    window.history.pushState(null, '', `?id=${p.id}`);
    setPlayerId(p.id);
    setPlayer(p);
    setError(null);
  };
  const bump = () => setVersion((v) => v + 1);

  return (
    <div className="max-w-7xl space-y-5">
      <Lookup t={t} locale={locale} onFound={open} showBack={can('players.read')} />
      {playerId === null ? (
        <Banner kind="info">{t['bo.player.lookup_hint']}</Banner>
      ) : playerId === undefined || error || !player ? (
        <ListState t={t} loading error={error} retry={() => setAttempt((n) => n + 1)} />
      ) : (
        <>
          <Summary t={t} locale={locale} player={player} />
          {can('players.read') && (
            <ProfileSection
              t={t}
              locale={locale}
              playerId={player.id}
              canManage={can('players.manage')}
              onStatus={(status) => setPlayer({ ...player, status })}
              onEdited={() => setLinksVersion((v) => v + 1)}
            />
          )}
          {can('players.read') && <NotesSection t={t} locale={locale} playerId={player.id} canWrite={can('players.notes')} />}
          {can('wallets.read') ? (
            <WalletsSection
              t={t}
              locale={locale}
              playerId={player.id}
              version={version}
              canRecheck={can('reconciliation.manage')}
              grant={can('bonus.grant') ? <GrantForm t={t} locale={locale} player={player} platforms={platforms} onGranted={bump} /> : undefined}
            />
          ) : can('bonus.grant') ? (
            <section className={cls.card}>
              <GrantForm t={t} locale={locale} player={player} platforms={platforms} onGranted={bump} />
            </section>
          ) : null}
          <BlacklistEditor
            t={t}
            locale={locale}
            player={player}
            platforms={platforms}
            canEdit={can('blacklist.manage')}
            onSaved={(blacklist) => setPlayer({ ...player, blacklist })}
          />
          {can('players.security') && <SecuritySection t={t} locale={locale} playerId={player.id} />}
          {can('risk.read') && (
            <LinkedAccountsSection key={`links-${linksVersion}`} t={t} locale={locale} playerId={player.id} canManage={can('risk.manage')} />
          )}
          {can('protection.read') && <ProtectionSection t={t} locale={locale} playerId={player.id} canManage={can('protection.manage')} />}
          <VipSection t={t} locale={locale} playerId={player.id} canEdit={can('vip.manage')} />
          {can('wallets.read') && <History t={t} locale={locale} playerId={player.id} version={version} showBets={can('bets.read')} platforms={platforms} />}
        </>
      )}
    </div>
  );
}

function Lookup({ t, locale, onFound, showBack }: { t: T; locale: Locale; onFound: (p: PlayerSummary) => void; showBack: boolean }) {
  const [account, setAccount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const find = async () => {
    const q = account.trim();
    if (!q) return;
    setBusy(true);
    setError(null);
    try {
      // Digits alone may be an ID as well as an account; the account is tried first.
      const p = await boApi('GET /players/lookup', { query: { account: q } }).catch(async (err) =>
        /^\d{1,10}$/.test(q) ? boApi('GET /players/:id', { params: { id: q } }) : Promise.reject(err instanceof Error ? err : new Error(String(err))),
      );
      onFound(p);
      setAccount('');
    } catch (err) {
      setError((err as { status?: number }).status === 404 ? t['bo.player.not_found'] : errorText(err, t));
    }
    setBusy(false);
  };
  return (
    <div>
      <form
        className="flex items-center gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <input
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          placeholder={t['bo.player.lookup_placeholder']}
          aria-label={t['bo.player.lookup']}
          maxLength={32}
          className={`${cls.input} w-64`}
          name="account"
          data-testid="player-lookup"
        />
        <button type="submit" className={cls.btn} disabled={busy || !account.trim()}>
          {t['bo.player.open']}
        </button>
        {showBack && (
          <a href={boPath(locale, 'players')} className="ml-auto text-sm text-brand-600 hover:underline">
            {t['bo.player.back_to_list']}
          </a>
        )}
      </form>
      {error && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Summary({ t, locale, player }: { t: T; locale: Locale; player: PlayerSummary }) {
  const facts: Array<[string, ReactNode]> = [
    [t['bo.player.id'], player.id],
    [t['bo.player.level'], player.level_id],
    [t['bo.player.status'], player.status === PLAYER_STATUS.active ? t['bo.players.active'] : <span className="text-red-700">{t['bo.players.disabled']}</span>],
    [t['bo.player.online'], <StatusPill on={player.online} onText={t['bo.yes']} offText={t['bo.no']} />],
    [t['bo.player.auto_transfer'], player.auto_transfer ? t['bo.on'] : t['bo.off']],
    [t['bo.player.registered'], formatTime(player.created_at, locale)],
    [t['bo.player.last_login'], formatTime(player.last_login_at, locale)],
  ];
  return (
    <section className={`${cls.card} flex flex-wrap items-center gap-x-8 gap-y-3`} data-testid="bo-player-summary">
      <div>
        <p className="text-xs text-slate-500">{t['bo.player.account']}</p>
        <p className="text-2xl font-bold text-brand-800" data-testid="player-account">
          {player.account}
        </p>
      </div>
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="mt-0.5 whitespace-nowrap">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
