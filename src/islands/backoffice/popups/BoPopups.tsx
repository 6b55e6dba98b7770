// The back office's popup editor: the queue of popups (order, on or off, window), and a form with every field
// of the popup settings (SPEC.md section 3), a picture uploaded as public operator content, and a preview in
// either language through the players' own overlay, with the HTML as the server's sanitizer leaves it.
import { useState } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Guard, StatusPill, cls, errorText, formatTime, useConfirm, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { POPUP_COOKIE_MINUTES, POPUP_DEFAULTS, type BoPopup, type PopupView } from '../../../shared/schemas/messages.ts';
import PopupOverlay from '../../popup/PopupOverlay.tsx';
import { POPUP_STATUS } from '../../../shared/statuses.ts';

export const BO_POPUPS_KEYS = [
  ...COMMON_KEYS,
  'bo.pop.hint',
  'bo.pop.new',
  'bo.pop.edit',
  'bo.pop.title_zh',
  'bo.pop.title_en',
  'bo.pop.status',
  'bo.pop.on',
  'bo.pop.off',
  'bo.pop.sort',
  'bo.pop.starts',
  'bo.pop.ends',
  'bo.pop.show_mode',
  'bo.pop.show_mode.1',
  'bo.pop.show_mode.2',
  'bo.pop.show_type',
  'bo.pop.show_type.1',
  'bo.pop.show_type.2',
  'bo.pop.close_mode',
  'bo.pop.close_mode.1',
  'bo.pop.close_mode.2',
  'bo.pop.frame',
  'bo.pop.frame.1',
  'bo.pop.frame.2',
  'bo.pop.frame.3',
  'bo.pop.layout',
  'bo.pop.layout.1',
  'bo.pop.layout.2',
  'bo.pop.layout.3',
  'bo.pop.layout.5',
  'bo.pop.styling',
  'bo.pop.title_color',
  'bo.pop.header_bg',
  'bo.pop.background',
  'bo.pop.border',
  'bo.pop.width',
  'bo.pop.content',
  'bo.pop.content.1',
  'bo.pop.content.2',
  'bo.pop.image',
  'bo.pop.image_alt',
  'bo.pop.upload',
  'bo.pop.uploading',
  'bo.pop.html_zh',
  'bo.pop.html_en',
  'bo.pop.redirect',
  'bo.pop.redirect_type',
  'bo.pop.redirect_type.2',
  'bo.pop.redirect_type.3',
  'bo.pop.preview_zh',
  'bo.pop.preview_en',
  'bo.pop.save',
  'bo.pop.saved',
  'bo.pop.delete',
  'bo.pop.confirm_delete',
  'popup.close',
  'popup.deposit',
  'popup.register',
  'popup.deposit_info',
  'popup.registration',
] as const;
type K = (typeof BO_POPUPS_KEYS)[number];
type T = IslandProps<K>['t'];

type Form = Omit<BoPopup, 'id' | 'updated_at' | 'image_url'> & { image_url: string | null };
const EMPTY: Form = {
  status: POPUP_STATUS.on,
  sort: 0,
  title: '',
  title_en: '',
  html_code: '',
  html_code_en: '',
  image: null,
  image_url: null,
  starts_at: null,
  ends_at: null,
  settings: { ...POPUP_DEFAULTS },
};

/** datetime-local inputs speak local wall time; the API speaks ISO instants. */
const toLocalInput = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

export default function BoPopups({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="popups.manage">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const { data: rows, error: loadError, reload: load } = useBoData('GET /popups');
  const confirm = useConfirm(t);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<{ id: number | null; form: Form } | null>(null);
  const [notice, setNotice] = useState('');
  const remove = async (id: number) => {
    if (!(await confirm.ask(t['bo.pop.confirm_delete']))) return;
    try {
      await boApi('DELETE /popups/:id', { params: { id } });
      await load();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <div className="max-w-6xl space-y-5">
      {confirm.dialog}
      <p className="text-sm text-slate-500">{t['bo.pop.hint']}</p>
      {error && <Banner kind="error">{error}</Banner>}
      {notice && (
        <Banner kind="success" testId="bo-popup-saved">
          {notice}
        </Banner>
      )}
      <section className={cls.card}>
        <div className="mb-3 flex justify-end">
          <button
            type="button"
            className={cls.btn}
            onClick={() => {
              setNotice('');
              setEditing({ id: null, form: { ...EMPTY, settings: { ...EMPTY.settings } } });
            }}
            data-testid="bo-popup-new"
          >
            {t['bo.pop.new']}
          </button>
        </div>
        <BoTable
          t={t}
          rows={rows}
          state={{ loading: !rows, error: loadError, empty: rows?.length === 0, retry: load }}
          rowKey={(r) => r.id}
          testId="bo-popups"
          columns={[
            { key: 'sort', header: 'bo.pop.sort', cell: (r) => r.sort },
            {
              key: 'title',
              header: 'bo.pop.title_zh',
              cell: (r) => (
                <>
                  {r.title}
                  <div className="text-xs text-slate-500">{r.title_en}</div>
                </>
              ),
            },
            {
              key: 'status',
              header: 'bo.pop.status',
              cell: (r) => <StatusPill on={r.status === POPUP_STATUS.on} onText={t['bo.pop.on']} offText={t['bo.pop.off']} />,
            },
            { key: 'starts', header: 'bo.pop.starts', cell: (r) => formatTime(r.starts_at, locale) },
            { key: 'ends', header: 'bo.pop.ends', cell: (r) => formatTime(r.ends_at, locale) },
            {
              key: 'actions',
              header: 'bo.actions',
              cell: (r) => (
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={cls.btnSmall}
                    onClick={() => {
                      setNotice('');
                      setEditing({ id: r.id, form: { ...r } });
                    }}
                  >
                    {t['bo.pop.edit']}
                  </button>
                  <button type="button" className={cls.btnDanger} onClick={() => void remove(r.id)}>
                    {t['bo.pop.delete']}
                  </button>
                </div>
              ),
            },
          ]}
        />
      </section>
      {editing && (
        <Editor
          key={editing.id ?? 'new'}
          t={t}
          id={editing.id}
          initial={editing.form}
          onSaved={() => {
            setNotice(t['bo.pop.saved']);
            setEditing(null);
            void load();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function Editor({ t, id, initial, onSaved, onCancel }: { t: T; id: number | null; initial: Form; onSaved: () => void; onCancel: () => void }) {
  const [f, setF] = useState<Form>(initial);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<PopupView | null>(null);
  // Each preview mounts a fresh overlay (its own queue of one).
  const [previewSeq, setPreviewSeq] = useState(0);
  const s = f.settings;
  const set = (patch: Partial<Form>) => setF((x) => ({ ...x, ...patch }));
  const setS = (patch: Partial<Form['settings']>) => setF((x) => ({ ...x, settings: { ...x.settings, ...patch } }));
  const err = (name: string) => (fields[name] ? <p className={cls.fieldError}>{fields[name]}</p> : null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError('');
    try {
      const data = new FormData();
      data.append('file', file);
      const res = await boApi('POST /uploads/images', { body: data });
      const first = res.files[0];
      if (first) set({ image: first.id, image_url: first.url });
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setUploading(false);
    }
  };
  const save = async () => {
    setBusy(true);
    setError('');
    setFields({});
    try {
      const { image_url: _u, settings, ...rest } = f;
      const body = { ...rest, ...settings };
      if (id === null) await boApi('POST /popups', { body });
      else await boApi('PUT /popups/:id', { params: { id }, body });
      onSaved();
    } catch (e) {
      if (e instanceof BoFailure) {
        const names = ['title', 'title_en', 'html_code', 'html_code_en', 'image', 'ends_at', 'starts_at', ...Object.keys(s)];
        setFields(Object.fromEntries(names.flatMap((n) => (e.field(n) ? [[n, e.field(n)!]] : []))));
      }
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  const showPreview = async (lang: 'zh' | 'en') => {
    setError('');
    try {
      // The same sanitizer as saving, so the preview shows what players will see.
      const clean = await boApi('POST /player-messages/preview', { body: { body: f.html_code, body_en: f.html_code_en } });
      setPreviewSeq((n) => n + 1);
      setPreview({
        id: 0,
        version: 'preview',
        title: lang === 'en' && f.title_en ? f.title_en : f.title,
        ...s,
        image: f.image_url,
        html_code: lang === 'en' && clean.body_en ? clean.body_en : clean.body,
        cookie_minutes: POPUP_COOKIE_MINUTES,
        // The preview never sets the players' cookie and never leaves the editor.
        show_mode: 1,
        page_3_redirect: '',
      });
    } catch (e) {
      setError(errorText(e, t));
    }
  };

  const radio = <N extends keyof Form['settings']>(name: N, values: ReadonlyArray<Form['settings'][N]>, label: string) => (
    <fieldset className="mb-3">
      <legend className={cls.label}>{label}</legend>
      <div className="flex flex-wrap gap-4">
        {values.map((v) => (
          <label key={String(v)} className="flex items-center gap-1.5 text-sm">
            <input type="radio" name={`pop-${String(name)}`} checked={s[name] === v} onChange={() => setS({ [name]: v } as Partial<Form['settings']>)} />
            {
              t[
                `bo.pop.${String(name).replace('_setting', '').replace('page_2_frame_type', 'layout').replace('page_3_redirect_type', 'redirect_type').replace('content_type', 'content')}.${String(v)}` as K
              ]
            }
          </label>
        ))}
      </div>
      {err(String(name))}
    </fieldset>
  );

  return (
    <section className={cls.card} data-testid="bo-popup-editor">
      <h2 className="mb-3 text-base font-semibold">{id === null ? t['bo.pop.new'] : `${t['bo.pop.edit']} #${id}`}</h2>
      {error && <Banner kind="error">{error}</Banner>}
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label className={cls.label} htmlFor="pop-title">
            {t['bo.pop.title_zh']}
          </label>
          <input id="pop-title" className={`${cls.input} w-full`} maxLength={100} value={f.title} onChange={(e) => set({ title: e.target.value })} />
          {err('title')}
        </div>
        <div>
          <label className={cls.label} htmlFor="pop-title-en">
            {t['bo.pop.title_en']}
          </label>
          <input id="pop-title-en" className={`${cls.input} w-full`} maxLength={100} value={f.title_en} onChange={(e) => set({ title_en: e.target.value })} />
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={f.status === POPUP_STATUS.on}
              onChange={(e) => set({ status: e.target.checked ? POPUP_STATUS.on : POPUP_STATUS.off })}
            />
            {t['bo.pop.on']}
          </label>
          <label className="text-sm">
            {t['bo.pop.sort']}
            <input
              type="number"
              min={0}
              max={9999}
              className={`${cls.input} ml-2 w-24`}
              value={f.sort}
              onChange={(e) => set({ sort: Math.max(0, Math.min(9999, Number(e.target.value) || 0)) })}
            />
          </label>
        </div>
        <div className="flex flex-wrap gap-4">
          <label className="text-sm">
            {t['bo.pop.starts']}
            <input
              type="datetime-local"
              className={`${cls.input} ml-2`}
              value={toLocalInput(f.starts_at)}
              onChange={(e) => set({ starts_at: fromLocalInput(e.target.value) })}
            />
          </label>
          <label className="text-sm">
            {t['bo.pop.ends']}
            <input
              type="datetime-local"
              className={`${cls.input} ml-2`}
              value={toLocalInput(f.ends_at)}
              onChange={(e) => set({ ends_at: fromLocalInput(e.target.value) })}
            />
          </label>
          {err('ends_at')}
        </div>
      </div>
      <div className="mt-4 grid gap-x-8 md:grid-cols-2">
        <div>
          {radio('show_mode', [1, 2], t['bo.pop.show_mode'])}
          {radio('show_type', [1, 2], t['bo.pop.show_type'])}
          {radio('close_mode', [1, 2], t['bo.pop.close_mode'])}
          {radio('frame_setting', [1, 2, 3], t['bo.pop.frame'])}
          {radio('page_2_frame_type', [1, 2, 3, 5], t['bo.pop.layout'])}
        </div>
        <div>
          {s.frame_setting === 2 && (
            <fieldset className="mb-3 rounded border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium">{t['bo.pop.styling']}</legend>
              <div className="grid grid-cols-2 gap-2 text-sm">
                {(
                  [
                    ['page_1_title_color', 'bo.pop.title_color'],
                    ['page_1_header_background', 'bo.pop.header_bg'],
                    ['page_1_background', 'bo.pop.background'],
                    ['page_1_border_color', 'bo.pop.border'],
                  ] as const
                ).map(([name, key]) => (
                  <label key={name} className="flex items-center gap-2">
                    <input type="color" value={s[name]} onChange={(e) => setS({ [name]: e.target.value })} />
                    {t[key]}
                  </label>
                ))}
                <label className="col-span-2">
                  {t['bo.pop.width']}
                  <input
                    type="number"
                    min={280}
                    max={900}
                    className={`${cls.input} ml-2 w-24`}
                    value={s.page_1_width}
                    onChange={(e) => setS({ page_1_width: Number(e.target.value) || 500 })}
                  />{' '}
                  px
                </label>
                {err('page_1_width')}
              </div>
            </fieldset>
          )}
          {radio('content_type', [1, 2], t['bo.pop.content'])}
          {s.content_type === 1 && (
            <div className="mb-3 space-y-2">
              <div className="flex items-center gap-3">
                {f.image_url && <img src={f.image_url} alt="" className="h-16 rounded border border-slate-200" />}
                <label className={cls.btnGhost}>
                  {uploading ? t['bo.pop.uploading'] : t['bo.pop.upload']}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp,image/gif"
                    className="sr-only"
                    onChange={(e) => void upload(e.target.files?.[0])}
                  />
                </label>
              </div>
              {err('image')}
              <label className="block text-sm">
                {t['bo.pop.image_alt']}
                <input className={`${cls.input} ml-2`} maxLength={200} value={s.image_alt} onChange={(e) => setS({ image_alt: e.target.value })} />
              </label>
            </div>
          )}
          {radio('page_3_redirect_type', [2, 3], t['bo.pop.redirect_type'])}
          <label className="block text-sm">
            {t['bo.pop.redirect']}
            <input
              className={`${cls.input} ml-2 w-72`}
              maxLength={500}
              value={s.page_3_redirect}
              placeholder="/member/deposit"
              onChange={(e) => setS({ page_3_redirect: e.target.value })}
            />
          </label>
          {err('page_3_redirect')}
        </div>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <label className={cls.label} htmlFor="pop-html">
            {t['bo.pop.html_zh']}
          </label>
          <textarea
            id="pop-html"
            className={cls.textarea}
            rows={6}
            maxLength={20_000}
            value={f.html_code}
            onChange={(e) => set({ html_code: e.target.value })}
          />
          {err('html_code')}
        </div>
        <div>
          <label className={cls.label} htmlFor="pop-html-en">
            {t['bo.pop.html_en']}
          </label>
          <textarea
            id="pop-html-en"
            className={cls.textarea}
            rows={6}
            maxLength={20_000}
            value={f.html_code_en}
            onChange={(e) => set({ html_code_en: e.target.value })}
          />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={cls.btnGhost} onClick={() => void showPreview('zh')}>
          {t['bo.pop.preview_zh']}
        </button>
        <button type="button" className={cls.btnGhost} onClick={() => void showPreview('en')}>
          {t['bo.pop.preview_en']}
        </button>
        <button type="button" className={cls.btn} disabled={busy} onClick={() => void save()} data-testid="bo-popup-save">
          {t['bo.pop.save']}
        </button>
        <button type="button" className={cls.btnGhost} onClick={onCancel}>
          {t['bo.cancel']}
        </button>
      </div>
      {preview && (
        <div
          onClickCapture={(e) => {
            if ((e.target as HTMLElement).closest('[data-testid="popup-close"]')) setTimeout(() => setPreview(null));
          }}
        >
          <PopupOverlay key={previewSeq} popups={[preview]} t={t} paths={{ deposit: '#', register: '#' }} signedIn={false} />
        </div>
      )}
    </section>
  );
}
