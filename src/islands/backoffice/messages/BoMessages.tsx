// The back office's messages desk: compose a system, personal (accounts, levels or a registration window, with
// a count preview of the recipients) or platform message, preview it in both languages exactly as it will be
// stored (the server's sanitizer), send it, and the sent list with recipients, read counts and withdrawal.
import { useState } from 'react';
import { BoFailure, boApi, type BoAnswer } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Guard, StatusPill, cls, errorText, fill, formatTime, useConfirm, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { MESSAGE_KINDS, type BoMessage, type MessageKind } from '../../../shared/schemas/messages.ts';
import { MESSAGE_STATUS } from '../../../shared/statuses.ts';

export const BO_MESSAGES_KEYS = [
  ...COMMON_KEYS,
  'bo.pm.hint',
  'bo.pm.compose',
  'bo.pm.kind',
  'bo.pm.kind.system',
  'bo.pm.kind.personal',
  'bo.pm.kind.platform',
  'bo.pm.title_zh',
  'bo.pm.title_en',
  'bo.pm.body_zh',
  'bo.pm.body_en',
  'bo.pm.html_hint',
  'bo.pm.marketing',
  'bo.pm.marketing_hint',
  'bo.pm.platform',
  'bo.pm.segment',
  'bo.pm.seg.accounts',
  'bo.pm.seg.level',
  'bo.pm.seg.registered',
  'bo.pm.accounts_hint',
  'bo.pm.levels',
  'bo.pm.from',
  'bo.pm.to',
  'bo.pm.count',
  'bo.pm.count_result',
  'bo.pm.skipped',
  'bo.pm.unknown',
  'bo.pm.too_many',
  'bo.pm.preview',
  'bo.pm.preview_zh',
  'bo.pm.preview_en',
  'bo.pm.send',
  'bo.pm.sending',
  'bo.pm.sent',
  'bo.pm.sent_list',
  'bo.pm.all',
  'bo.pm.recipients',
  'bo.pm.reads',
  'bo.pm.everyone',
  'bo.pm.by',
  'bo.pm.withdraw',
  'bo.pm.republish',
  'bo.pm.status.on',
  'bo.pm.status.off',
  'bo.pm.confirm_send',
] as const;
type K = (typeof BO_MESSAGES_KEYS)[number];
type T = IslandProps<K>['t'];

type Sent = BoMessage;
type SegmentType = 'accounts' | 'level' | 'registered';
const LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const PAGE_SIZE = 20;

export default function BoMessages({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="player_messages.read">
      {(staff) => <Body t={t} locale={locale} canSend={staff.permissions.includes('player_messages.send')} />}
    </Guard>
  );
}

function Body({ t, locale, canSend }: { t: T; locale: Locale; canSend: boolean }) {
  const [filter, setFilter] = useState<MessageKind | ''>('');
  const list = useBoData('GET /player-messages', { query: { kind: filter || undefined }, pageSize: PAGE_SIZE });
  const columns: Array<BoColumn<Sent, K>> = [
    { key: 'id', header: 'bo.pm.kind', headerCell: '#', cell: (m) => m.id },
    {
      key: 'kind',
      header: 'bo.pm.kind',
      cell: (m) => (
        <>
          {t[`bo.pm.kind.${m.kind}`]}
          {m.platform_code ? ` · ${m.platform_code}` : ''}
          {m.marketing ? ` · ${t['bo.pm.marketing']}` : ''}
        </>
      ),
    },
    {
      key: 'title',
      header: 'bo.pm.title_zh',
      cell: (m) => (
        <>
          <div className="font-medium">{m.title}</div>
          <div className="text-xs text-slate-500">{m.title_en}</div>
        </>
      ),
    },
    { key: 'recipients', header: 'bo.pm.recipients', cell: (m) => m.recipients ?? t['bo.pm.everyone'] },
    { key: 'reads', header: 'bo.pm.reads', cell: (m) => m.reads },
    { key: 'by', header: 'bo.pm.by', cell: (m) => m.staff ?? '—' },
    { key: 'time', header: 'bo.time', cell: (m) => formatTime(m.created_at, locale) },
    {
      key: 'actions',
      header: 'bo.actions',
      cell: (m) => (
        <div className="flex items-center gap-2">
          <StatusPill on={m.status === MESSAGE_STATUS.published} onText={t['bo.pm.status.on']} offText={t['bo.pm.status.off']} />
          {canSend && <StatusButton t={t} message={m} onDone={() => void list.reload()} />}
        </div>
      ),
    },
  ];
  return (
    <div className="max-w-6xl space-y-5">
      <p className="text-sm text-slate-500">{t['bo.pm.hint']}</p>
      {canSend && <Compose t={t} onSent={() => list.go(1)} />}
      <section className={cls.card}>
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 className="text-base font-semibold">{t['bo.pm.sent_list']}</h2>
          <select className={cls.input} value={filter} onChange={(e) => setFilter(e.target.value as MessageKind | '')} aria-label={t['bo.pm.kind']}>
            <option value="">{t['bo.pm.all']}</option>
            {MESSAGE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t[`bo.pm.kind.${k}`]}
              </option>
            ))}
          </select>
        </div>
        <BoTable t={t} list={list} columns={columns} rowKey={(m) => m.id} testId="bo-sent-messages" scroll rowData={(m) => ({ 'data-id': m.id })} />
      </section>
    </div>
  );
}

function StatusButton({ t, message, onDone }: { t: T; message: Sent; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await boApi('PUT /player-messages/:id/status', {
        params: { id: message.id },
        body: { status: message.status === MESSAGE_STATUS.published ? MESSAGE_STATUS.withdrawn : MESSAGE_STATUS.published },
      });
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={cls.btnSmall} disabled={busy} onClick={() => void toggle()}>
      {message.status === MESSAGE_STATUS.published ? t['bo.pm.withdraw'] : t['bo.pm.republish']}
    </button>
  );
}

function Compose({ t, onSent }: { t: T; onSent: () => void }) {
  const confirm = useConfirm(t);
  const [kind, setKind] = useState<MessageKind>('system');
  const [title, setTitle] = useState('');
  const [titleEn, setTitleEn] = useState('');
  const [body, setBody] = useState('');
  const [bodyEn, setBodyEn] = useState('');
  const [marketing, setMarketing] = useState(false);
  const [platform, setPlatform] = useState('');
  const [segType, setSegType] = useState<SegmentType>('accounts');
  const [accounts, setAccounts] = useState('');
  const [levels, setLevels] = useState<number[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [count, setCount] = useState<BoAnswer<'POST /player-messages/recipients'> | null>(null);
  const [preview, setPreview] = useState<BoAnswer<'POST /player-messages/preview'> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  const segment = () =>
    segType === 'accounts' ? { type: 'accounts', accounts } : segType === 'level' ? { type: 'level', levels } : { type: 'registered', from, to };
  const fail = (err: unknown) => {
    if (err instanceof BoFailure) {
      const names = ['title', 'title_en', 'body', 'body_en', 'platform_code', 'segment', 'segment.accounts', 'segment.to', 'segment.levels', 'segment.from'];
      setFields(Object.fromEntries(names.flatMap((f) => (err.field(f) ? [[f, err.field(f)!]] : []))));
    }
    setError(errorText(err, t));
  };
  const reset = () => {
    setError('');
    setDone('');
    setFields({});
  };
  const countRecipients = async () => {
    reset();
    setBusy(true);
    try {
      setCount(await boApi('POST /player-messages/recipients', { body: { segment: segment(), marketing } }));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const showPreview = async () => {
    reset();
    setBusy(true);
    try {
      setPreview(await boApi('POST /player-messages/preview', { body: { body, body_en: bodyEn } }));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    reset();
    if (!(await confirm.ask(t['bo.pm.confirm_send']))) return;
    setBusy(true);
    try {
      const res = await boApi('POST /player-messages', {
        body: {
          kind,
          title,
          title_en: titleEn,
          body,
          body_en: bodyEn,
          ...(kind === 'personal' ? { marketing, segment: segment() } : {}),
          ...(kind === 'platform' ? { platform_code: platform } : {}),
        },
      });
      setDone(fill(t['bo.pm.sent'], { id: res.id, count: res.recipients ?? t['bo.pm.everyone'], skipped: res.skipped }));
      setTitle('');
      setTitleEn('');
      setBody('');
      setBodyEn('');
      setPreview(null);
      setCount(null);
      onSent();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const err = (name: string) => (fields[name] ? <p className={cls.fieldError}>{fields[name]}</p> : null);

  return (
    <section className={cls.card} data-testid="bo-compose">
      {confirm.dialog}
      <h2 className="mb-3 text-base font-semibold">{t['bo.pm.compose']}</h2>
      {error && <Banner kind="error">{error}</Banner>}
      {done && (
        <Banner kind="success" testId="bo-compose-done">
          {done}
        </Banner>
      )}
      <div className="mb-3 flex gap-4" role="radiogroup" aria-label={t['bo.pm.kind']}>
        {MESSAGE_KINDS.map((k) => (
          <label key={k} className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name="pm-kind"
              value={k}
              checked={kind === k}
              onChange={() => {
                setKind(k);
                setCount(null);
              }}
            />
            {t[`bo.pm.kind.${k}`]}
          </label>
        ))}
      </div>
      {kind === 'personal' && (
        <fieldset className="mb-4 rounded border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">{t['bo.pm.segment']}</legend>
          <div className="mb-2 flex gap-4">
            {(['accounts', 'level', 'registered'] as const).map((s) => (
              <label key={s} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name="pm-seg"
                  value={s}
                  checked={segType === s}
                  onChange={() => {
                    setSegType(s);
                    setCount(null);
                  }}
                />
                {t[`bo.pm.seg.${s}`]}
              </label>
            ))}
          </div>
          {segType === 'accounts' && (
            <>
              <textarea
                className={cls.textarea}
                rows={3}
                value={accounts}
                maxLength={14_000}
                onChange={(e) => {
                  setAccounts(e.target.value);
                  setCount(null);
                }}
                placeholder={t['bo.pm.accounts_hint']}
                aria-label={t['bo.pm.seg.accounts']}
                data-testid="bo-pm-accounts"
              />
              {err('segment.accounts')}
            </>
          )}
          {segType === 'level' && (
            <div className="flex flex-wrap gap-3" aria-label={t['bo.pm.levels']}>
              {LEVELS.map((l) => (
                <label key={l} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={levels.includes(l)}
                    onChange={(e) => {
                      setLevels((ls) => (e.target.checked ? [...ls, l] : ls.filter((x) => x !== l)));
                      setCount(null);
                    }}
                  />
                  Lv.{l}
                </label>
              ))}
            </div>
          )}
          {segType === 'registered' && (
            <div className="flex flex-wrap items-end gap-3">
              <label className="text-sm">
                {t['bo.pm.from']}
                <input
                  type="date"
                  className={`${cls.input} ml-2`}
                  value={from}
                  onChange={(e) => {
                    setFrom(e.target.value);
                    setCount(null);
                  }}
                />
              </label>
              <label className="text-sm">
                {t['bo.pm.to']}
                <input
                  type="date"
                  className={`${cls.input} ml-2`}
                  value={to}
                  onChange={(e) => {
                    setTo(e.target.value);
                    setCount(null);
                  }}
                />
              </label>
              {err('segment.to')}
            </div>
          )}
          {err('segment')}
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={marketing}
              onChange={(e) => {
                setMarketing(e.target.checked);
                setCount(null);
              }}
            />
            {t['bo.pm.marketing']}
            <span className="text-xs text-slate-500">{t['bo.pm.marketing_hint']}</span>
          </label>
          <div className="mt-3 flex items-center gap-3">
            <button type="button" className={cls.btnGhost} disabled={busy} onClick={() => void countRecipients()} data-testid="bo-pm-count">
              {t['bo.pm.count']}
            </button>
            {count && (
              <span className="text-sm" data-testid="bo-pm-count-result">
                {fill(t['bo.pm.count_result'], { count: count.count })}
                {count.skipped > 0 && ` · ${fill(t['bo.pm.skipped'], { count: count.skipped })}`}
                {count.too_many && <span className="text-red-700"> · {t['bo.pm.too_many']}</span>}
                {count.unknown.length > 0 && (
                  <span className="text-red-700">
                    {' '}
                    · {t['bo.pm.unknown']}: {count.unknown.slice(0, 20).join(', ')}
                    {count.unknown.length > 20 ? '…' : ''}
                  </span>
                )}
              </span>
            )}
          </div>
        </fieldset>
      )}
      {kind === 'platform' && (
        <div className="mb-3">
          <label className={cls.label} htmlFor="pm-platform">
            {t['bo.pm.platform']}
          </label>
          <input
            id="pm-platform"
            className={cls.input}
            value={platform}
            maxLength={20}
            onChange={(e) => setPlatform(e.target.value.toUpperCase())}
            placeholder="SLX"
          />
          {err('platform_code')}
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label className={cls.label} htmlFor="pm-title">
            {t['bo.pm.title_zh']}
          </label>
          <input id="pm-title" className={`${cls.input} w-full`} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          {err('title')}
          <label className={`${cls.label} mt-3`} htmlFor="pm-body">
            {t['bo.pm.body_zh']}
          </label>
          <textarea
            id="pm-body"
            className={cls.textarea}
            rows={6}
            value={body}
            maxLength={20_000}
            onChange={(e) => {
              setBody(e.target.value);
              setPreview(null);
            }}
          />
          {err('body')}
        </div>
        <div>
          <label className={cls.label} htmlFor="pm-title-en">
            {t['bo.pm.title_en']}
          </label>
          <input id="pm-title-en" className={`${cls.input} w-full`} value={titleEn} maxLength={200} onChange={(e) => setTitleEn(e.target.value)} />
          {err('title_en')}
          <label className={`${cls.label} mt-3`} htmlFor="pm-body-en">
            {t['bo.pm.body_en']}
          </label>
          <textarea
            id="pm-body-en"
            className={cls.textarea}
            rows={6}
            value={bodyEn}
            maxLength={20_000}
            onChange={(e) => {
              setBodyEn(e.target.value);
              setPreview(null);
            }}
          />
          {err('body_en')}
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-500">{t['bo.pm.html_hint']}</p>
      {preview && (
        <div className="mt-4 grid gap-4 md:grid-cols-2" data-testid="bo-pm-preview">
          {(
            [
              ['zh', title, preview.body],
              ['en', titleEn || title, preview.body_en || preview.body],
            ] as const
          ).map(([lang, ti, html]) => (
            <div key={lang} className="rounded border border-slate-200 p-3">
              <p className="mb-2 text-xs font-medium text-slate-500">{t[lang === 'zh' ? 'bo.pm.preview_zh' : 'bo.pm.preview_en']}</p>
              <h3 className="font-semibold">{ti}</h3>
              {/* The server's sanitizer produced this, exactly what players will be shown. */}
              <div className="operator-html mt-2 text-sm" dangerouslySetInnerHTML={{ __html: html }} />
            </div>
          ))}
        </div>
      )}
      <div className="mt-4 flex gap-3">
        <button type="button" className={cls.btnGhost} disabled={busy} onClick={() => void showPreview()} data-testid="bo-pm-preview-button">
          {t['bo.pm.preview']}
        </button>
        <button type="button" className={cls.btn} disabled={busy || !title.trim() || !body.trim()} onClick={() => void send()} data-testid="bo-pm-send">
          {busy ? t['bo.pm.sending'] : t['bo.pm.send']}
        </button>
      </div>
    </section>
  );
}
