// Bulk actions on the player list's selection: a message, a level with its lock, a tag added or removed (and new
// tags defined), disabling with a reason. Each opens the site's dialog with its fields, names how many players it
// touches, and reports what changed, what already was so and which players it could not touch.
import { useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi } from '../kit/api.ts';
import { useBoData } from '../kit/data.ts';
import { cls, fill, type CommonT } from '../kit/common.tsx';
import { Dialog } from '../../common/Dialog.tsx';
import { NoticeBanner, useBoAction } from '../kit/form.tsx';
import type { BulkResult } from '../../../shared/schemas/backoffice/desk.ts';

export const BULK_KEYS = [
  'bo.desk.bulk.message',
  'bo.desk.bulk.level',
  'bo.desk.bulk.tag',
  'bo.desk.bulk.disable',
  'bo.desk.bulk.for',
  'bo.desk.bulk.done',
  'bo.desk.bulk.title',
  'bo.desk.bulk.body',
  'bo.desk.bulk.level_id',
  'bo.desk.bulk.locked',
  'bo.desk.bulk.reason',
  'bo.desk.bulk.tag_pick',
  'bo.desk.bulk.tag_add',
  'bo.desk.bulk.tag_remove',
  'bo.desk.bulk.tag_new',
  'bo.desk.bulk.tag_create',
  'bo.desk.bulk.tag_created',
  'bo.desk.bulk.submit',
  'bo.desk.bulk.failed_one',
  'bo.desk.fail.not_found',
  'bo.desk.fail.account_disabled',
  'bo.desk.fail.other',
] as const;
type T = CommonT & Record<(typeof BULK_KEYS)[number], string>;
type Kind = 'message' | 'level' | 'tag' | 'disable';

const PERMISSION: Record<Kind, string> = { message: 'player_messages.send', level: 'vip.manage', tag: 'players.tags', disable: 'players.manage' };

export function BulkActions({
  t,
  selected,
  tags,
  onTagsChanged,
  onDone,
}: {
  t: T;
  selected: Map<number, string>;
  tags: Array<{ id: number; name: string }>;
  onTagsChanged: () => void;
  onDone: () => void;
}) {
  const staff = useStore($boStaff);
  const [open, setOpen] = useState<Kind | null>(null);
  const [form, setForm] = useState({ title: '', body: '', level: '0', locked: true, reason: '', tag: '', tagAction: 'add' as 'add' | 'remove', newTag: '' });
  const action = useBoAction(t);
  const ids = [...selected.keys()];
  const kinds = (['message', 'level', 'tag', 'disable'] as const).filter((k) => hasPermission(staff, PERMISSION[k]));
  // The level is picked by name from the VIP levels, read only by those who may set a level.
  const levels = useBoData(kinds.includes('level') ? 'GET /vip/levels' : null);

  const report = (r: BulkResult) => {
    const failures = r.failed.map((f) =>
      fill(t['bo.desk.bulk.failed_one'], {
        account: selected.get(f.id) ?? `#${f.id}`,
        why: t[`bo.desk.fail.${f.message}` as keyof T] ?? t['bo.desk.fail.other'],
      }),
    );
    return [fill(t['bo.desk.bulk.done'], { changed: r.changed, unchanged: r.unchanged, failed: r.failed.length }), ...failures].join(' ');
  };

  const submit = async () => {
    const call = (): Promise<BulkResult> => {
      switch (open) {
        case 'message':
          return boApi('POST /players/bulk/message', { body: { ids, title: form.title, body: form.body } });
        case 'level':
          return boApi('POST /players/bulk/level', { body: { ids, level_id: Number(form.level), locked: form.locked, reason: form.reason } });
        case 'tag':
          return boApi('POST /players/bulk/tag', { body: { ids, tag_id: Number(form.tag), action: form.tagAction } });
        default:
          return boApi('POST /players/bulk/disable', { body: { ids, reason: form.reason } });
      }
    };
    const done = await action.run(call, report);
    if (done) {
      setOpen(null);
      onDone();
    }
  };

  const createTag = async () => {
    const made = await action.run(
      () => boApi('POST /player-tags', { body: { name: form.newTag } }),
      (g) => fill(t['bo.desk.bulk.tag_created'], { name: g.name }),
    );
    if (made) {
      setForm({ ...form, newTag: '', tag: String(made.id) });
      onTagsChanged();
    }
  };

  const field = (label: string, control: ReactNode) => (
    <label className="mb-3 block text-sm">
      <span className={cls.label}>{label}</span>
      {control}
    </label>
  );
  return (
    <>
      {kinds.map((k) => (
        <button
          key={k}
          type="button"
          className={k === 'disable' ? cls.btnDanger : cls.btnSmall}
          disabled={!ids.length}
          onClick={() => {
            action.setNotice(null);
            setOpen(k);
          }}
          data-testid={`bulk-${k}`}
        >
          {t[`bo.desk.bulk.${k}`]}
        </button>
      ))}
      <div className="basis-full">
        <NoticeBanner notice={open ? null : action.notice} testId="bulk-notice" />
      </div>
      <Dialog open={open !== null} title={open ? t[`bo.desk.bulk.${open}`] : ''} onClose={() => setOpen(null)} labelClose={t['bo.close']} width={500}>
        <form
          data-testid="bulk-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="mb-4 text-sm text-slate-600">{fill(t['bo.desk.bulk.for'], { n: ids.length })}</p>
          {open === 'message' && (
            <>
              {field(
                t['bo.desk.bulk.title'],
                <input
                  className={`${cls.input} w-full`}
                  maxLength={100}
                  value={form.title}
                  onChange={(e) => setForm({ ...form, title: e.target.value })}
                  name="title"
                />,
              )}
              {field(
                t['bo.desk.bulk.body'],
                <textarea
                  className={cls.textarea}
                  rows={4}
                  maxLength={5000}
                  value={form.body}
                  onChange={(e) => setForm({ ...form, body: e.target.value })}
                  name="body"
                />,
              )}
            </>
          )}
          {open === 'level' && (
            <>
              {field(
                t['bo.desk.bulk.level_id'],
                <select
                  className={`${cls.input} w-full`}
                  value={form.level}
                  onChange={(e) => setForm({ ...form, level: e.target.value })}
                  name="level_id"
                  data-testid="bulk-level-pick"
                >
                  {(levels.data ?? []).map((l) => (
                    <option key={l.id} value={l.id}>{`Lv.${l.id} ${l.name}`}</option>
                  ))}
                </select>,
              )}
              <label className="mb-3 flex items-center gap-2 text-sm">
                <input type="checkbox" checked={form.locked} onChange={(e) => setForm({ ...form, locked: e.target.checked })} name="locked" />
                {t['bo.desk.bulk.locked']}
              </label>
            </>
          )}
          {open === 'tag' && (
            <>
              {field(
                t['bo.desk.bulk.tag_pick'],
                <select
                  className={`${cls.input} w-full`}
                  value={form.tag}
                  onChange={(e) => setForm({ ...form, tag: e.target.value })}
                  name="tag_id"
                  data-testid="bulk-tag-pick"
                >
                  <option value="">—</option>
                  {tags.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </select>,
              )}
              <div className="mb-3 flex gap-4 text-sm">
                {(['add', 'remove'] as const).map((a) => (
                  <label key={a} className="flex items-center gap-1">
                    <input type="radio" name="tag_action" checked={form.tagAction === a} onChange={() => setForm({ ...form, tagAction: a })} />
                    {t[`bo.desk.bulk.tag_${a}`]}
                  </label>
                ))}
              </div>
              <div className="mb-3 flex items-end gap-2">
                {field(
                  t['bo.desk.bulk.tag_new'],
                  <input
                    className={`${cls.input} w-56`}
                    maxLength={30}
                    value={form.newTag}
                    onChange={(e) => setForm({ ...form, newTag: e.target.value })}
                    name="new_tag"
                    data-testid="bulk-tag-new"
                  />,
                )}
                <button
                  type="button"
                  className={`${cls.btnGhost} mb-3`}
                  disabled={!form.newTag.trim() || action.busy}
                  onClick={() => void createTag()}
                  data-testid="bulk-tag-create"
                >
                  {t['bo.desk.bulk.tag_create']}
                </button>
              </div>
            </>
          )}
          {(open === 'level' || open === 'disable') &&
            field(
              t['bo.desk.bulk.reason'],
              <textarea
                className={cls.textarea}
                rows={2}
                maxLength={200}
                value={form.reason}
                onChange={(e) => setForm({ ...form, reason: e.target.value })}
                name="reason"
              />,
            )}
          <NoticeBanner notice={action.notice} />
          <div className="mt-4 flex justify-end gap-3">
            <button type="button" className={cls.btnGhost} onClick={() => setOpen(null)}>
              {t['bo.cancel']}
            </button>
            <button
              type="submit"
              className={open === 'disable' ? cls.btnDanger.replace('h-7', 'h-9') : cls.btn}
              disabled={action.busy}
              data-testid="bulk-submit"
            >
              {t['bo.desk.bulk.submit']}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
