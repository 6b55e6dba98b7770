// The page's one dialog host: the shared alert or confirm, the notice that the server ended this session, and the
// domains' own dialogs (the cashier's deposit result, the account forms). It composes domain islands, so it stands
// above them in islands/shell rather than in islands/common, which the domains build on.
import { useStore } from '@nanostores/react';
import { $alert, closeAlert } from '../../stores/ui.ts';
import { $sessionEnded } from '../../stores/session.ts';
import { Dialog } from '../common/Dialog.tsx';
import { DepositNotice, DEPOSIT_NOTICE_KEYS } from '../cashier/DepositNotice.tsx';
import { lazy, Suspense, useId } from 'react';
import { $accountDialog } from '../../stores/account.ts';
import { ACCOUNT_DIALOG_KEYS } from '../account/keys.ts';

// The account dialogs (forgot password, identity check, avatars) load the first time one opens.
const AccountDialogs = lazy(() => import('../account/AccountDialogs.tsx'));

export const DIALOG_KEYS = [
  'common.ok',
  'common.cancel',
  'common.close',
  'session.other_device',
  'session.kicked',
  'session.ended_title',
  ...DEPOSIT_NOTICE_KEYS,
  ...ACCOUNT_DIALOG_KEYS,
] as const;

/** The page's one dialog host (in the desktop header or the mobile footer), so every page shows these notices. */
export function DialogHost({
  t,
  homePath,
  depositPaths,
}: {
  t: Record<(typeof DIALOG_KEYS)[number], string>;
  homePath: string;
  /** Where the deposit-result notice leads (SPEC.md section 4: the deposit page or the records). */
  depositPaths?: { deposit: string; records: string };
}) {
  const account = useStore($accountDialog);
  const accountDialogs = account ? (
    <Suspense fallback={null}>
      <AccountDialogs t={t} homePath={homePath} />
    </Suspense>
  ) : null;
  return (
    <>
      {accountDialogs}
      <Notices t={t} homePath={homePath} depositPaths={depositPaths} />
    </>
  );
}

function Notices({ t, homePath, depositPaths }: Parameters<typeof DialogHost>[0]) {
  const alert = useStore($alert);
  const ended = useStore($sessionEnded);
  const messageId = useId();
  if (ended) {
    const go = () => window.location.assign(homePath);
    return (
      <Dialog open title={t['session.ended_title']} onClose={go} labelClose={t['common.close']}>
        <p role="alert" data-testid="session-ended" className="mb-4">
          {ended === 'double-login' ? t['session.other_device'] : t['session.kicked']}
        </p>
        <button type="button" className="btn-primary w-full" onClick={go}>
          {t['common.ok']}
        </button>
      </Dialog>
    );
  }
  if (!alert) return depositPaths ? <DepositNotice t={t} paths={depositPaths} /> : null;
  const confirm = () => {
    closeAlert();
    alert.onConfirm?.();
  };
  const cancel = () => {
    closeAlert();
    alert.onCancel?.();
  };
  return (
    <Dialog open title={alert.title} onClose={cancel} labelClose={t['common.close']} labelledBy={messageId}>
      <p id={messageId} role="alert" className="mb-4 whitespace-pre-line">
        {alert.message}
      </p>
      <div className="flex gap-3">
        {alert.onConfirm && (
          <button type="button" className="btn-secondary flex-1" onClick={cancel}>
            {alert.cancelText ?? t['common.cancel']}
          </button>
        )}
        <button type="button" className="btn-primary flex-1" onClick={confirm}>
          {alert.confirmText ?? t['common.ok']}
        </button>
      </div>
    </Dialog>
  );
}
