// The announcement list dialog opened from the notice bar: every active notice, and a button to the message
// centre. Downloaded on the first click (src/islands/shell/site-extras.ts), never with the page.
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Dialog } from '../common/Dialog.tsx';
import { SYSTEM_MESSAGE_STATUS } from '../../shared/statuses.ts';
import type { NoticesView } from '../../shared/schemas/system.ts';

type NoticeText = Record<'notice.list.title' | 'notice.list.empty' | 'notice.to_messages' | 'msg.loading' | 'msg.error' | 'msg.retry' | 'popup.close', string>;

type Notice = NoticesView['pc-top'][number];

function NoticeList({ t, locale, messagesPath, onClose }: { t: NoticeText; locale: string; messagesPath: string; onClose: () => void }) {
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [error, setError] = useState(false);
  const load = () => {
    setError(false);
    setNotices(null);
    fetch('/api/system/messages', { headers: { 'x-locale': locale } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body: { data: NoticesView }) => setNotices(body.data['pc-top'].filter((n) => n.status === SYSTEM_MESSAGE_STATUS.shown)))
      .catch(() => setError(true));
  };
  useEffect(load, []);
  return (
    <Dialog open title={t['notice.list.title']} onClose={onClose} width={500} labelClose={t['popup.close']}>
      <div className="p-4" data-testid="notice-list">
        {error ? (
          <div className="py-4 text-center" role="alert">
            <p className="text-sm text-red-700">{t['msg.error']}</p>
            <button type="button" className="btn-secondary mt-3 px-4" onClick={load}>
              {t['msg.retry']}
            </button>
          </div>
        ) : !notices ? (
          <p className="py-4 text-center text-sm text-slate-500" aria-busy="true">
            {t['msg.loading']}
          </p>
        ) : !notices.length ? (
          <p className="py-4 text-center text-sm text-slate-500">{t['notice.list.empty']}</p>
        ) : (
          <ol className="max-h-[50vh] space-y-3 overflow-y-auto text-sm leading-relaxed">
            {notices.map((n, i) => (
              <li key={i} className="rounded bg-brand-50 px-3 py-2 text-brand-900">
                {n.message}
              </li>
            ))}
          </ol>
        )}
        <a href={messagesPath} className="btn-primary mt-4 block w-full py-2 text-center" data-testid="notice-to-messages">
          {t['notice.to_messages']}
        </a>
      </div>
    </Dialog>
  );
}

let root: Root | null = null;

export function openNoticeList(t: NoticeText, locale: string, messagesPath: string): void {
  if (!root) {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  const r = root;
  r.render(<NoticeList t={t} locale={locale} messagesPath={messagesPath} onClose={() => r.render(null)} />);
}
