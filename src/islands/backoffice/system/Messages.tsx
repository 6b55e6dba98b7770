// The notice-bar messages (slot 'pc-top'): publish a new one, edit the text, show or hide.
import { useState } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Guard, StatusPill, cls, errorText, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, headerColumns } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { SystemMessageView } from '../../../shared/schemas/backoffice/content.ts';
import { SYSTEM_MESSAGE_STATUS } from '../../../shared/statuses.ts';
import type { Notice } from '../kit/form.tsx';

export const MESSAGES_KEYS = [
  ...COMMON_KEYS,
  'bo.messages.hint',
  'bo.messages.new',
  'bo.messages.message',
  'bo.messages.message_en',
  'bo.messages.status',
  'bo.messages.active',
  'bo.messages.inactive',
  'bo.messages.create',
  'bo.messages.activate',
  'bo.messages.deactivate',
  'bo.messages.created',
  'bo.save',
  'bo.saving',
  'bo.saved',
  'bo.edit',
] as const;
type K = (typeof MESSAGES_KEYS)[number];
type T = IslandProps<K>['t'];

type Message = SystemMessageView;
const PAGE_SIZE = 10;

export default function Messages({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="messages.manage">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const list = useBoData('GET /messages', { pageSize: PAGE_SIZE });
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <div className="max-w-6xl space-y-5">
      <p className="text-sm text-slate-500">{t['bo.messages.hint']}</p>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <CreateForm
        t={t}
        onDone={() => {
          setNotice({ kind: 'success', text: t['bo.saved'] });
          list.go(1);
        }}
      />
      <section className={cls.card}>
        <BoTable
          t={t}
          list={list}
          rowKey={(m) => m.id}
          testId="bo-messages"
          columns={[
            { key: 'id', header: 'bo.messages.message', headerCell: '#', cell: () => null },
            {
              key: 'message',
              header: 'bo.messages.message',
              headerCell: (
                <>
                  {t['bo.messages.message']} / {t['bo.messages.message_en']}
                </>
              ),
              cell: () => null,
            },
            ...headerColumns<Message, K>('bo.messages.status', 'bo.messages.created', 'bo.actions'),
          ]}
          rowElement={(m) => (
            <Row key={m.id} t={t} locale={locale} message={m} onSaved={() => void list.reload()} onError={(text) => setNotice({ kind: 'error', text })} />
          )}
        />
      </section>
    </div>
  );
}

function CreateForm({ t, onDone }: { t: T; onDone: () => void }) {
  const [message, setMessage] = useState('');
  const [messageEn, setMessageEn] = useState('');
  const [active, setActive] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async () => {
    setBusy(true);
    setError('');
    setFields({});
    try {
      await boApi('POST /messages', { body: { message, message_en: messageEn, status: active ? SYSTEM_MESSAGE_STATUS.shown : SYSTEM_MESSAGE_STATUS.hidden } });
      setMessage('');
      setMessageEn('');
      onDone();
    } catch (err) {
      if (err instanceof BoFailure) setFields(Object.fromEntries(['message', 'message_en'].flatMap((f) => (err.field(f) ? [[f, err.field(f)!]] : []))));
      setError(errorText(err, t));
    }
    setBusy(false);
  };
  return (
    <form
      className={cls.card}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="message-create"
    >
      <h2 className="mb-4 text-base font-semibold text-brand-800">{t['bo.messages.new']}</h2>
      {error && <Banner kind="error">{error}</Banner>}
      <div className="grid grid-cols-2 gap-5">
        <label className="block">
          <span className={cls.label}>{t['bo.messages.message']}</span>
          <textarea name="message" rows={2} maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} className={cls.textarea} />
          {fields.message && <span className={cls.fieldError}>{fields.message}</span>}
        </label>
        <label className="block">
          <span className={cls.label}>{t['bo.messages.message_en']}</span>
          <textarea name="message_en" rows={2} maxLength={500} value={messageEn} onChange={(e) => setMessageEn(e.target.value)} className={cls.textarea} />
          {fields.message_en && <span className={cls.fieldError}>{fields.message_en}</span>}
        </label>
      </div>
      <div className="mt-4 flex items-center gap-5">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t['bo.messages.active']}
        </label>
        <button type="submit" className={cls.btn} disabled={busy || !message.trim()}>
          {busy ? t['bo.saving'] : t['bo.messages.create']}
        </button>
      </div>
    </form>
  );
}

function Row({ t, locale, message, onSaved, onError }: { t: T; locale: Locale; message: Message; onSaved: () => void; onError: (text: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.message);
  const [textEn, setTextEn] = useState(message.message_en);
  const [busy, setBusy] = useState(false);
  const update = async (body: Record<string, unknown>) => {
    setBusy(true);
    try {
      await boApi('PUT /messages/:id', { params: { id: message.id }, body });
      setEditing(false);
      onSaved();
    } catch (err) {
      onError(errorText(err, t));
    }
    setBusy(false);
  };
  return (
    <tr data-message-id={message.id}>
      <td className={`${cls.td} text-slate-500`}>{message.id}</td>
      <td className={`${cls.td} w-full`}>
        {editing ? (
          <div className="space-y-2">
            <textarea
              rows={2}
              maxLength={500}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className={cls.textarea}
              aria-label={t['bo.messages.message']}
            />
            <textarea
              rows={2}
              maxLength={500}
              value={textEn}
              onChange={(e) => setTextEn(e.target.value)}
              className={cls.textarea}
              aria-label={t['bo.messages.message_en']}
            />
          </div>
        ) : (
          <>
            <p>{message.message}</p>
            {message.message_en && <p className="mt-1 text-xs text-slate-500">{message.message_en}</p>}
          </>
        )}
      </td>
      <td className={cls.td}>
        <StatusPill on={message.status === SYSTEM_MESSAGE_STATUS.shown} onText={t['bo.messages.active']} offText={t['bo.messages.inactive']} />
      </td>
      <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(message.created_at, locale)}</td>
      <td className={`${cls.td} whitespace-nowrap`}>
        <div className="flex gap-2">
          {editing ? (
            <>
              <button type="button" className={cls.btnSmall} disabled={busy || !text.trim()} onClick={() => void update({ message: text, message_en: textEn })}>
                {t['bo.save']}
              </button>
              <button
                type="button"
                className={cls.btnSmall}
                onClick={() => {
                  setEditing(false);
                  setText(message.message);
                  setTextEn(message.message_en);
                }}
              >
                {t['bo.cancel']}
              </button>
            </>
          ) : (
            <>
              <button type="button" className={cls.btnSmall} onClick={() => setEditing(true)}>
                {t['bo.edit']}
              </button>
              <button
                type="button"
                className={cls.btnSmall}
                disabled={busy}
                onClick={() =>
                  void update({ status: message.status === SYSTEM_MESSAGE_STATUS.shown ? SYSTEM_MESSAGE_STATUS.hidden : SYSTEM_MESSAGE_STATUS.shown })
                }
              >
                {message.status === SYSTEM_MESSAGE_STATUS.shown ? t['bo.messages.deactivate'] : t['bo.messages.activate']}
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
