// The dialogs of starting a game: the game choice (try when a demo exists, or play now), the wallet's transfer
// dialog before a game when automatic transfer is off, the automatic-transfer result that closes itself after
// 3 s, and a link to the game when the browser refused to open a tab.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from '../common/Dialog.tsx';
import { GameEntryTransferDialog, GAME_ENTRY_KEYS, AUTO_TRANSFER_DIALOG_MS } from '../wallet/GameEntryTransferDialog.tsx';
import { $launch, LAUNCH_KEYS, launch, playNow, playWithoutTransfer, type LaunchContext } from './launch.ts';

export const LAUNCHER_KEYS = [
  ...LAUNCH_KEYS,
  ...GAME_ENTRY_KEYS,
  'lobby.choice.title',
  'lobby.choice.try',
  'lobby.choice.play',
  'lobby.choice.checking',
  'lobby.choice.no_demo',
  'lobby.ready.title',
  'lobby.ready.text',
  'lobby.ready.open',
  'lobby.auto_title',
] as const;
type LauncherText = Record<(typeof LAUNCHER_KEYS)[number], string>;

export function GameLauncher({ t, variant }: { t: LauncherText; variant: LaunchContext['variant'] }) {
  const state = useStore($launch);
  const ctx: LaunchContext = { t, variant };
  const close = () => $launch.set(null);

  useEffect(() => {
    if (state?.kind !== 'auto') return;
    const timer = window.setTimeout(() => {
      if ($launch.get() === state) close();
    }, AUTO_TRANSFER_DIALOG_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  if (!state) return null;

  if (state.kind === 'choice') {
    const { game, platform, demo } = state;
    return (
      <Dialog open title={t['lobby.choice.title']} onClose={close} width={400} labelClose={t['common.close']}>
        <div data-testid="game-choice" className="text-center">
          <p className="text-lg font-semibold text-brand-700">{game.name}</p>
          <p className="text-sm text-slate-500">{platform.name}</p>
          <div className="mt-5 flex flex-col gap-3">
            {demo === 'checking' ? (
              <p className="text-sm text-slate-500" aria-busy="true" data-testid="choice-checking">
                {t['lobby.choice.checking']}
              </p>
            ) : demo ? (
              <a href={demo} target="_blank" rel="noopener noreferrer" className="btn-secondary h-11" data-testid="choice-try" onClick={close}>
                {t['lobby.choice.try']}
              </a>
            ) : (
              <p className="text-sm text-slate-500" data-testid="choice-no-demo">
                {t['lobby.choice.no_demo']}
              </p>
            )}
            <button type="button" className="btn-primary h-11" data-testid="choice-play" onClick={() => playNow(game, platform, ctx)}>
              {t['lobby.choice.play']}
            </button>
          </div>
        </div>
      </Dialog>
    );
  }

  if (state.kind === 'entry') {
    const { game, platform } = state;
    return (
      <GameEntryTransferDialog
        t={t}
        open
        code={platform.gp_code}
        name={platform.name}
        onClose={() => {
          if ($launch.get() === state) close();
        }}
        onPlay={() => playWithoutTransfer(game, ctx)}
        onTransferred={() => void launch(game, ctx)}
      />
    );
  }

  if (state.kind === 'auto') {
    const text =
      state.status === 'applied' ? t['wallet.entry.success'] : state.status === 'pending' ? t['lobby.transfer_pending'] : t['lobby.transfer_refunded'];
    return (
      <Dialog open title={t['lobby.auto_title']} onClose={close} width={400} labelClose={t['common.close']}>
        <div className="text-center" data-testid="auto-transfer-result" data-status={state.status}>
          <p role="status" className={`text-lg font-semibold ${state.status === 'applied' ? 'text-emerald-700' : 'text-amber-700'}`}>
            {text}
          </p>
          <p className="mt-2 text-xs text-slate-500">{t['wallet.entry.closing']}</p>
          <button type="button" className="btn-primary mt-4 w-full" onClick={close}>
            {t['common.ok']}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open title={t['lobby.ready.title']} onClose={close} width={400} labelClose={t['common.close']}>
      <div className="text-center" data-testid="game-ready">
        <p className="font-semibold text-brand-700">{state.name}</p>
        <p className="mt-2 text-sm text-slate-600">{t['lobby.ready.text']}</p>
        <a href={state.url} target="_blank" rel="noopener noreferrer" className="btn-primary mt-4 h-11 w-full" onClick={close} data-testid="game-ready-open">
          {t['lobby.ready.open']}
        </a>
      </div>
    </Dialog>
  );
}
