// Marketing material for partners: operators upload a banner (the site's picture upload, re-encoded and checked by
// the server), name it and state its size (read from the picture), and partners find it in their portal.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Banner, ListState, cls, fill, formatTime, useConfirm, type IslandProps } from '../kit/common.tsx';
import { useBoAction } from '../kit/form.tsx';
import { boApi } from '../kit/api.ts';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { pbApi, usePbData } from './api.ts';
import { PB_KEYS, PbGuard } from './shared.tsx';

export const MATERIALS_BO_KEYS = [
  ...PB_KEYS,
  'bo.pt.mat.upload',
  'bo.pt.mat.uploading',
  'bo.pt.mat.title',
  'bo.pt.mat.size',
  'bo.pt.mat.add',
  'bo.pt.mat.added',
  'bo.pt.mat.remove',
  'bo.pt.mat.remove_confirm',
  'bo.pt.mat.empty',
  'bo.pt.mat.created',
] as const;
type K = (typeof MATERIALS_BO_KEYS)[number];
type T = IslandProps<K>['t'];

export default function PartnerMaterials({ t, locale }: IslandProps<K>) {
  return (
    <PbGuard t={t} locale={locale} permission="partners.read">
      {() => <Body t={t} locale={locale} />}
    </PbGuard>
  );
}

/** The picture's own size, read by the browser, so the size partners see is the picture's. */
function sizeOf(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = reject;
    img.src = url;
  });
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const canManage = hasPermission(staff, 'partners.manage');
  const list = usePbData('GET /materials');
  const [draft, setDraft] = useState<{ upload_id: number; url: string; width: number; height: number } | null>(null);
  const [title, setTitle] = useState('');
  const action = useBoAction(t);
  const { ask, dialog } = useConfirm(t);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const data = new FormData();
    data.append('file', file);
    const res = await action.run(() => boApi('POST /uploads/images', { body: data }));
    const first = res?.files[0];
    if (!first) return;
    const size = await sizeOf(first.url).catch(() => ({ width: 0, height: 0 }));
    setDraft({ upload_id: first.id, url: first.url, ...size });
  };
  const add = async () => {
    if (!draft) return;
    const done = await action.run(
      () => pbApi('POST /materials', { body: { upload_id: draft.upload_id, title: title.trim(), width: draft.width, height: draft.height } }),
      t['bo.pt.mat.added'],
      ['title', 'width', 'upload_id'],
    );
    if (done) {
      setDraft(null);
      setTitle('');
      void list.reload();
    }
  };
  const remove = async (id: number, name: string) => {
    if (!(await ask(fill(t['bo.pt.mat.remove_confirm'], { title: name })))) return;
    if ((await action.run(() => pbApi('DELETE /materials/:id', { params: { id } }))) !== undefined) void list.reload();
  };
  return (
    <div className="max-w-[1400px] space-y-4">
      {action.notice && <Banner kind={action.notice.kind}>{action.notice.text}</Banner>}
      {canManage && (
        <section className={cls.card}>
          <form
            noValidate
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
          >
            <label className={cls.btnGhost}>
              {action.busy && !draft ? t['bo.pt.mat.uploading'] : t['bo.pt.mat.upload']}
              <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="sr-only" onChange={(e) => void upload(e.target.files?.[0])} />
            </label>
            {draft && <img src={draft.url} alt="" className="h-16 w-auto rounded border border-slate-200" />}
            {draft && <span className="text-sm text-slate-600">{fill(t['bo.pt.mat.size'], { width: draft.width, height: draft.height })}</span>}
            <label className="block">
              <span className={cls.label}>{t['bo.pt.mat.title']}</span>
              <input name="title" value={title} maxLength={60} className={`${cls.input} w-64`} onChange={(e) => setTitle(e.target.value)} />
            </label>
            <button type="submit" className={cls.btn} disabled={!draft || action.busy}>
              {t['bo.pt.mat.add']}
            </button>
          </form>
        </section>
      )}
      <ListState t={t} loading={list.state.loading} error={list.error} retry={list.reload} empty={list.data?.length === 0} emptyText={t['bo.pt.mat.empty']}>
        <ul className="grid grid-cols-3 gap-4">
          {(list.data ?? []).map((m) => (
            <li key={m.id} className={cls.card}>
              <img src={m.url} alt={m.title} className="mb-2 h-auto max-h-40 max-w-full object-contain" loading="lazy" />
              <p className="font-medium">{m.title}</p>
              <p className="text-xs text-slate-500">
                {fill(t['bo.pt.mat.size'], { width: m.width, height: m.height })} · {t['bo.pt.mat.created']} {formatTime(m.created_at, locale)}
              </p>
              {canManage && (
                <button type="button" className={`${cls.btnDanger} mt-2`} onClick={() => void remove(m.id, m.title)}>
                  {t['bo.pt.mat.remove']}
                </button>
              )}
            </li>
          ))}
        </ul>
      </ListState>
      {dialog}
    </div>
  );
}
