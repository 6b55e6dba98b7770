// The reality-check dialog: time played and the net result of this session, with continue or log
// out. Loaded only when it first appears. The net result is read when the dialog opens, so it is current.
import { useEffect, useState } from 'react';
import { Dialog } from '../common/Dialog.tsx';
import { api } from '../../stores/api.ts';
import { formatDecimal } from '../../shared/money.ts';

type Keys = 'protection.reality_title' | 'protection.reality_text' | 'protection.continue' | 'protection.logout';

export default function RealityCheck({
  t,
  minutes,
  onContinue,
  onLogout,
}: {
  t: Record<Keys, string>;
  minutes: number;
  onContinue: () => void;
  onLogout: () => void;
}) {
  const [net, setNet] = useState<string | null>(null);
  useEffect(() => {
    void api('GET /protection/status').then(
      (s) => setNet(s.session.net_result),
      () => setNet('0.00'),
    );
  }, []);
  const text = t['protection.reality_text'].replace('{minutes}', String(minutes)).replace('{net}', net === null ? '…' : formatDecimal(net));
  return (
    <Dialog open title={t['protection.reality_title']} width={400}>
      <div className="space-y-4 p-4" data-testid="reality-check">
        <p>{text}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onLogout} data-testid="reality-logout">
            {t['protection.logout']}
          </button>
          <button type="button" className="btn-primary" onClick={onContinue} data-testid="reality-continue">
            {t['protection.continue']}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
