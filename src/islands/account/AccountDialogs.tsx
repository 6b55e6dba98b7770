// The account dialogs on every page: forgot password (three steps, 500 px), the identity check
// after too many wrong passwords, and the avatar choice. They open through src/stores/account.ts.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $accountDialog, closeAccountDialog } from '../../stores/account.ts';
import { api } from '../../stores/api.ts';
import { Dialog } from '../common/Dialog.tsx';
import { AvatarPicker, ForgotPasswordForm, PhoneLoginForm, type AccountT } from './forms.tsx';
import type { ACCOUNT_DIALOG_KEYS } from './keys.ts';

interface Props {
  t: Record<(typeof ACCOUNT_DIALOG_KEYS)[number], string>;
  homePath: string;
}

export default function AccountDialogs({ t, homePath }: Props) {
  // The desktop pages send a visitor to the contact page, the mobile ones to the customer-service tab.
  const en = homePath.startsWith('/en');
  const contactPath = homePath.includes('/mobile') ? `${en ? '/en' : ''}/mobile/f-customer/customer` : `${en ? '/en' : ''}/contact-us`;
  const dialog = useStore($accountDialog);
  const [recovery, setRecovery] = useState<boolean | null>(null);
  useEffect(() => {
    if (dialog?.kind !== 'forgot' || recovery !== null) return;
    api('GET /system/settings')
      .then((s) => setRecovery(!!Number(s.enable_mobile_verification_retrieve_password)))
      .catch(() => setRecovery(true));
  }, [dialog]);
  if (!dialog) return null;
  const at = t as AccountT;
  if (dialog.kind === 'forgot') {
    return (
      <Dialog open title={t['account.forgot.title']} width={500} onClose={closeAccountDialog} labelClose={t['common.close']}>
        {recovery === false ? (
          <div data-testid="forgot-contact">
            <p className="mb-4 text-slate-700">{t['forget.contact_service']}</p>
            <a className="btn-primary w-full" href={contactPath}>
              {t['page.customer']}
            </a>
          </div>
        ) : (
          <ForgotPasswordForm t={at} onDone={closeAccountDialog} />
        )}
      </Dialog>
    );
  }
  if (dialog.kind === 'identity') {
    return (
      <Dialog open title={t['account.identity.title']} width={480} onClose={closeAccountDialog} labelClose={t['common.close']}>
        <p className="mb-4 text-sm text-slate-700" data-testid="identity-text">
          {dialog.phone ? t['account.identity.text'].replace('{phone}', dialog.phone) : t['account.identity.text_no_phone']}
        </p>
        <PhoneLoginForm t={at} homePath={homePath} />
      </Dialog>
    );
  }
  return (
    <Dialog open title={t['account.avatar.title']} width={480} onClose={closeAccountDialog} labelClose={t['common.close']}>
      <AvatarPicker t={at} onDone={closeAccountDialog} />
    </Dialog>
  );
}
