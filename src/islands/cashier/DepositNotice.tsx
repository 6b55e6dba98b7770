// The realtime outcome of a deposit (SPEC.md section 4: deposit-success and deposit-fail): the session has
// already reloaded the balance; this dialog says what happened and offers the deposit page or the records.
import { useStore } from '@nanostores/react';
import { $depositEvent } from '../../stores/session.ts';
import { formatDecimal } from '../../shared/money.ts';
import { Dialog } from '../common/Dialog.tsx';
import { fill } from '../../shared/text.ts';

export const DEPOSIT_NOTICE_KEYS = [
  'cashier.ui.notice_success_title',
  'cashier.ui.notice_success',
  'cashier.ui.notice_fail_title',
  'cashier.ui.notice_fail',
  'cashier.ui.go_deposit',
  'cashier.ui.go_records',
  'common.close',
] as const;
type T = Record<(typeof DEPOSIT_NOTICE_KEYS)[number], string>;

export function DepositNotice({ t, paths }: { t: T; paths: { deposit: string; records: string } }) {
  const event = useStore($depositEvent);
  if (!event) return null;
  const ok = event.kind === 'success';
  const close = () => $depositEvent.set(null);
  return (
    <Dialog open title={ok ? t['cashier.ui.notice_success_title'] : t['cashier.ui.notice_fail_title']} onClose={close} labelClose={t['common.close']}>
      <p role="alert" className="mb-4" data-testid={ok ? 'deposit-success-notice' : 'deposit-fail-notice'}>
        {ok
          ? fill(t['cashier.ui.notice_success'], { amount: event.amount ? formatDecimal(event.amount) : '' })
          : fill(t['cashier.ui.notice_fail'], { id: event.id })}
      </p>
      <div className="flex gap-3">
        <a className="btn-secondary flex-1" href={paths.deposit} data-testid="notice-go-deposit">
          {t['cashier.ui.go_deposit']}
        </a>
        <a className="btn-primary flex-1" href={paths.records} data-testid="notice-go-records">
          {t['cashier.ui.go_records']}
        </a>
      </div>
    </Dialog>
  );
}
