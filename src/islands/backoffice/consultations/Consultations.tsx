// The consultation desk: the queue on the left (by state, assignee and account, unseen player
// messages first), the selected thread on the right with the player's account, level and wallet beside it,
// a reply form with images, assignment and ending. The selected thread travels in the query (?id=).
import { useCallback, useEffect, useState } from 'react';
import { BoFailure, boApi, boPath } from '../kit/api.ts';
import { Banner, COMMON_KEYS, ConfirmDialog, Guard, ListState, Pager, cls, errorText, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import type { BoStaff } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { formatDecimal } from '../../../shared/money.ts';
import {
  CONSULTATION_IMAGES_MAX,
  CONSULTATION_TEXT_MAX,
  type ConsultationImageView,
  type ConsultationState,
  type DeskDetailView,
  type DeskListView,
} from '../../../shared/schemas/consultations.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';
import type { Notice } from '../kit/form.tsx';

export const CONSULT_DESK_KEYS = [
  ...COMMON_KEYS,
  'bo.consult.state.all',
  'bo.consult.state.consulting',
  'bo.consult.state.ended',
  'bo.consult.assignee.any',
  'bo.consult.assignee.me',
  'bo.consult.assignee.none',
  'bo.consult.account',
  'bo.consult.unread',
  'bo.consult.unassigned',
  'bo.consult.pick',
  'bo.consult.player',
  'bo.consult.level',
  'bo.consult.central',
  'bo.consult.joined',
  'bo.consult.last_login',
  'bo.consult.player_disabled',
  'bo.consult.open_player',
  'bo.consult.assign_to',
  'bo.consult.assign',
  'bo.consult.assigned',
  'bo.consult.reply',
  'bo.consult.send',
  'bo.consult.sent',
  'bo.consult.end',
  'bo.consult.end_confirm',
  'bo.consult.ended',
  'bo.consult.ended_note',
  'bo.consult.player_label',
  'bo.consult.staff_label',
  'bo.consult.source.chat',
  'bo.consult.attach',
  'bo.consult.attach_hint',
  'bo.consult.remove',
  'bo.consult.content_required',
  'bo.consult.image_alt',
  'bo.consult.opened',
] as const;
type K = (typeof CONSULT_DESK_KEYS)[number];
type T = IslandProps<K>['t'];

const PAGE_SIZE = 20;
type StateFilter = ConsultationState | 'all';
type AssigneeFilter = 'any' | 'me' | 'none';

export default function Consultations({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="consultations.read">
      {(staff) => <Desk t={t} locale={locale} staff={staff} />}
    </Guard>
  );
}

function Desk({ t, locale, staff }: { t: T; locale: Locale; staff: BoStaff }) {
  const [state, setState] = useState<StateFilter>('consulting');
  const [assignee, setAssignee] = useState<AssigneeFilter>('any');
  const [typed, setTyped] = useState('');
  const [account, setAccount] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<DeskListView | null>(null);
  const [listError, setListError] = useState<unknown>(null);
  const [selected, setSelected] = useState<number | null>(() => {
    const id = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('id');
    return id && /^\d{1,15}$/.test(id) ? Number(id) : null;
  });
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  // New consultations and player replies arrive without a socket on the desk: the queue is read again every 30 s.
  useEffect(() => {
    const timer = setInterval(refresh, 30_000);
    return () => clearInterval(timer);
  }, [refresh]);

  useEffect(() => {
    let live = true;
    boApi('GET /consultations', {
      query: {
        page,
        pageSize: PAGE_SIZE,
        state: state === 'all' ? undefined : state,
        assignee: assignee === 'any' ? undefined : assignee,
        account: account || undefined,
      },
    })
      .then((r) => {
        if (live) {
          setList(r);
          setListError(null);
        }
      })
      .catch((err) => {
        if (live) setListError(err);
      });
    return () => {
      live = false;
    };
  }, [state, assignee, account, page, tick]);

  const choose = (id: number) => {
    setSelected(id);
    const url = new URL(window.location.href);
    url.searchParams.set('id', String(id));
    window.history.replaceState(null, '', url);
  };
  const canManage = staff.permissions.includes('consultations.manage');

  return (
    <div className="grid max-w-7xl grid-cols-[22rem_1fr] gap-4">
      <aside className="space-y-3">
        <div className="flex gap-1 rounded bg-slate-100 p-1 text-sm" role="tablist">
          {(['consulting', 'ended', 'all'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={state === s}
              data-testid={`desk-state-${s}`}
              className={`flex-1 rounded px-2 py-1 ${state === s ? 'bg-white font-semibold text-brand-700 shadow-sm' : 'text-slate-600'}`}
              onClick={() => {
                setState(s);
                setPage(1);
              }}
            >
              {t[`bo.consult.state.${s}`]}
            </button>
          ))}
        </div>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setAccount(typed.trim());
            setPage(1);
          }}
        >
          <select
            className={`${cls.input} w-28`}
            value={assignee}
            aria-label={t['bo.consult.assign_to']}
            data-testid="desk-assignee"
            onChange={(e) => {
              setAssignee(e.target.value as AssigneeFilter);
              setPage(1);
            }}
          >
            {(['any', 'me', 'none'] as const).map((a) => (
              <option key={a} value={a}>
                {t[`bo.consult.assignee.${a}`]}
              </option>
            ))}
          </select>
          <input
            className={`${cls.input} min-w-0 flex-1`}
            value={typed}
            maxLength={12}
            placeholder={t['bo.consult.account']}
            aria-label={t['bo.consult.account']}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="desk-search"
          />
          <button type="submit" className={cls.btnGhost}>
            {t['bo.search']}
          </button>
        </form>
        <section className="rounded-lg border border-slate-200 bg-white shadow-sm">
          <div className={list && !listError ? '' : 'px-3 pt-3'}>
            <ListState t={t} loading={!list} error={listError} empty={list?.data.length === 0} retry={refresh}>
              {list && (
                <ul className="divide-y divide-slate-100" data-testid="desk-queue">
                  {list.data.map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        onClick={() => choose(c.id)}
                        data-testid="desk-row"
                        aria-current={selected === c.id}
                        className={`block w-full px-3 py-2 text-left text-sm hover:bg-slate-50 ${selected === c.id ? 'bg-brand-50' : ''}`}
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className="truncate font-medium">{c.title}</span>
                          {c.staff_unread > 0 && (
                            <span className="shrink-0 rounded-full bg-red-600 px-1.5 text-xs text-white" data-testid="desk-unread">
                              {fill(t['bo.consult.unread'], { n: c.staff_unread })}
                            </span>
                          )}
                        </span>
                        <span className="mt-0.5 flex justify-between gap-2 text-xs text-slate-500">
                          <span>
                            {c.account}
                            {c.source === 'chat' ? ` · ${t['bo.consult.source.chat']}` : ''}
                          </span>
                          <span>{c.assignee_name ?? t['bo.consult.unassigned']}</span>
                        </span>
                        <span className="block text-xs text-slate-400">{formatTime(c.last_message_at, locale)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </ListState>
          </div>
        </section>
        {list && list.total > PAGE_SIZE && <Pager t={t} page={page} total={list.total} pageSize={PAGE_SIZE} onPage={setPage} />}
      </aside>
      <main>
        {selected === null ? (
          <section className={cls.card}>
            <p className="py-12 text-center text-sm text-slate-500">{t['bo.consult.pick']}</p>
          </section>
        ) : (
          <Thread key={selected} id={selected} t={t} locale={locale} staffList={list?.staff ?? []} canManage={canManage} onChanged={refresh} tick={tick} />
        )}
      </main>
    </div>
  );
}

function Images({ images, t }: { images: ConsultationImageView[]; t: T }) {
  if (!images.length) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {images.map((img, i) => (
        <a
          key={img.id}
          href={img.url}
          target="_blank"
          rel="noopener noreferrer"
          className="block h-24 w-24 overflow-hidden rounded border border-slate-200 bg-slate-50"
        >
          <img
            src={img.url}
            alt={fill(t['bo.consult.image_alt'], { n: i + 1 })}
            loading="lazy"
            className="h-full w-full object-cover"
            data-testid="desk-image"
          />
        </a>
      ))}
    </div>
  );
}

function Thread({
  id,
  t,
  locale,
  staffList,
  canManage,
  onChanged,
  tick,
}: {
  id: number;
  t: T;
  locale: Locale;
  staffList: DeskListView['staff'];
  canManage: boolean;
  onChanged: () => void;
  tick: number;
}) {
  const [view, setView] = useState<DeskDetailView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<{ id: number; url: string }[]>([]);
  const [assignTo, setAssignTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);

  useEffect(() => {
    let live = true;
    boApi('GET /consultations/:id', { params: { id } })
      .then((v) => {
        if (!live) return;
        setView(v);
        setAssignTo(v.assignee_id === null ? '' : String(v.assignee_id));
        setError(null);
      })
      .catch((err) => {
        if (live) setError(err);
      });
    return () => {
      live = false;
    };
  }, [id, tick]);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      await run();
      setNotice({ kind: 'success', text: done });
      onChanged();
      return true;
    } catch (err) {
      setNotice({
        kind: 'error',
        text: err instanceof BoFailure ? (err.field('content') ?? err.field('image_ids') ?? err.field('staff_id') ?? errorText(err, t)) : errorText(err, t),
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    await act(async () => {
      const res = await boApi('POST /uploads/images', { body: form, query: { visibility: 'private' } });
      setImages((list) => [...list, ...res.files].slice(0, CONSULTATION_IMAGES_MAX));
    }, '');
    setNotice(null);
  };

  if (!view || error)
    return (
      <section className={cls.card}>
        <ListState t={t} loading={!view} error={error} retry={onChanged} />
      </section>
    );
  const c = view.consultation;
  const p = view.player;
  const open = c.state === 'consulting';

  return (
    <div className="grid grid-cols-[1fr_16rem] gap-4" data-testid="desk-thread">
      <section className={`${cls.card} space-y-4`}>
        {notice && notice.text && <Banner kind={notice.kind}>{notice.text}</Banner>}
        <header className="border-b border-slate-100 pb-3">
          <h2 className="text-lg font-semibold" data-testid="desk-title">
            {c.title}
          </h2>
          <p className="text-xs text-slate-500">
            {t['bo.consult.opened']}: {formatTime(c.created_at, locale)} · {t[`bo.consult.state.${c.state}`]}
            {c.source === 'chat' ? ` · ${t['bo.consult.source.chat']}` : ''}
          </p>
          <p className="mt-3 whitespace-pre-wrap break-words text-sm">{c.information}</p>
          <Images images={c.images} t={t} />
        </header>
        <ol className="space-y-3">
          {c.messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-lg px-3 py-2 text-sm ${m.author === 'staff' ? 'ml-10 bg-amber-50' : 'mr-10 bg-slate-50'}`}
              data-testid={`desk-msg-${m.author}`}
            >
              <p className="text-xs font-semibold text-slate-500">
                {m.author === 'staff' ? `${t['bo.consult.staff_label']}${m.staff_name ? ` (${m.staff_name})` : ''}` : t['bo.consult.player_label']} ·{' '}
                {formatTime(m.created_at, locale)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
              <Images images={m.images} t={t} />
            </li>
          ))}
        </ol>
        {!open ? (
          <Banner kind="info">{t['bo.consult.ended_note']}</Banner>
        ) : (
          canManage && (
            <form
              className="space-y-2 border-t border-slate-100 pt-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (!content.trim()) {
                  setNotice({ kind: 'error', text: t['bo.consult.content_required'] });
                  return;
                }
                void act(
                  () => boApi('POST /consultations/:id/reply', { params: { id }, body: { content: content.trim(), image_ids: images.map((i) => i.id) } }),
                  t['bo.consult.sent'],
                ).then((ok) => {
                  if (ok) {
                    setContent('');
                    setImages([]);
                  }
                });
              }}
            >
              <label className={cls.label} htmlFor="desk-reply">
                {t['bo.consult.reply']}
              </label>
              <textarea
                id="desk-reply"
                className={`${cls.textarea} h-28`}
                value={content}
                maxLength={CONSULTATION_TEXT_MAX}
                onChange={(e) => setContent(e.target.value)}
                data-testid="desk-reply"
              />
              <div className="flex flex-wrap items-center gap-2">
                {images.map((img) => (
                  <span key={img.id} className="relative h-14 w-14 overflow-hidden rounded border border-slate-200">
                    <img src={img.url} alt="" className="h-full w-full object-cover" />
                    <button
                      type="button"
                      className="absolute right-0 top-0 bg-black/60 px-1 text-xs text-white"
                      aria-label={t['bo.consult.remove']}
                      onClick={() => setImages((list) => list.filter((x) => x.id !== img.id))}
                    >
                      ×
                    </button>
                  </span>
                ))}
                {images.length < CONSULTATION_IMAGES_MAX && (
                  <label className={`${cls.btnSmall} cursor-pointer`}>
                    {t['bo.consult.attach']}
                    <input
                      type="file"
                      className="sr-only"
                      accept="image/png,image/jpeg,image/webp,image/gif"
                      disabled={busy}
                      onChange={(e) => {
                        void attach(e.target.files?.[0]);
                        e.target.value = '';
                      }}
                    />
                  </label>
                )}
                <span className="text-xs text-slate-500">{t['bo.consult.attach_hint']}</span>
              </div>
              <div className="flex justify-between">
                <button type="submit" className={cls.btn} disabled={busy} data-testid="desk-send">
                  {t['bo.consult.send']}
                </button>
                <button type="button" className={`${cls.btnGhost} text-red-700`} disabled={busy} onClick={() => setConfirmEnd(true)} data-testid="desk-end">
                  {t['bo.consult.end']}
                </button>
              </div>
            </form>
          )
        )}
        <ConfirmDialog
          t={t}
          open={confirmEnd}
          message={t['bo.consult.end_confirm']}
          busy={busy}
          onCancel={() => setConfirmEnd(false)}
          onConfirm={() => {
            setConfirmEnd(false);
            void act(() => boApi('POST /consultations/:id/end', { params: { id } }), t['bo.consult.ended']);
          }}
        />
      </section>
      <aside className="space-y-4">
        <section className={cls.card} data-testid="desk-player">
          <h3 className="mb-2 text-sm font-semibold text-slate-600">{t['bo.consult.player']}</h3>
          <p className="text-base font-semibold">{p.account}</p>
          {p.status !== PLAYER_STATUS.active && <p className="text-xs font-semibold text-red-700">{t['bo.consult.player_disabled']}</p>}
          <dl className="mt-2 space-y-1 text-sm">
            <div className="flex justify-between gap-2">
              <dt className="text-slate-500">{t['bo.consult.level']}</dt>
              <dd>
                Lv.{p.level_id} {p.level_name}
              </dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-slate-500">{t['bo.consult.central']}</dt>
              <dd className="tabular-nums">{formatDecimal(p.central)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-slate-500">{t['bo.consult.joined']}</dt>
              <dd className="text-xs">{formatTime(p.created_at, locale)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-slate-500">{t['bo.consult.last_login']}</dt>
              <dd className="text-xs">{formatTime(p.last_login_at, locale)}</dd>
            </div>
          </dl>
          <a className="mt-3 inline-block text-sm text-brand-600 hover:underline" href={`${boPath(locale, 'player')}?id=${p.id}`}>
            {t['bo.consult.open_player']}
          </a>
        </section>
        {canManage && (
          <section className={cls.card}>
            <label className={cls.label} htmlFor="desk-assign">
              {t['bo.consult.assign_to']}
            </label>
            <select id="desk-assign" className={`${cls.input} w-full`} value={assignTo} onChange={(e) => setAssignTo(e.target.value)} data-testid="desk-assign">
              <option value="">{t['bo.consult.unassigned']}</option>
              {staffList.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.username}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={`${cls.btnGhost} mt-2 w-full`}
              disabled={busy || assignTo === (view.assignee_id === null ? '' : String(view.assignee_id))}
              onClick={() =>
                void act(
                  () => boApi('POST /consultations/:id/assign', { params: { id }, body: { staff_id: assignTo ? Number(assignTo) : null } }),
                  t['bo.consult.assigned'],
                )
              }
            >
              {t['bo.consult.assign']}
            </button>
          </section>
        )}
      </aside>
    </div>
  );
}
