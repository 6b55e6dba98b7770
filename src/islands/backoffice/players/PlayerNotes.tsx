// The player page's notes and tags: staff notes with their author and time, newest first, and the tags the player
// carries (put on and taken off from the player list). Writing a note needs players.notes; the server audits it.
import { useState } from 'react';
import { boApi } from '../kit/api.ts';
import { ListState, cls, fill, formatTime, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { NoticeBanner, useBoAction } from '../kit/form.tsx';
import type { Locale } from '../../../shared/constants.ts';

export const NOTES_KEYS = [
  'bo.desk.notes.title',
  'bo.desk.notes.add',
  'bo.desk.notes.placeholder',
  'bo.desk.notes.empty',
  'bo.desk.notes.by',
  'bo.desk.tags.title',
  'bo.desk.tags.none',
] as const;
type T = CommonT & Record<(typeof NOTES_KEYS)[number], string>;

export function NotesSection({ t, locale, playerId, canWrite }: { t: T; locale: Locale; playerId: number; canWrite: boolean }) {
  const notes = useBoData('GET /players/:id/notes', { params: { id: playerId } });
  const tags = useBoData('GET /players/:id/tags', { params: { id: playerId } });
  const [body, setBody] = useState('');
  const action = useBoAction(t);

  const add = async () => {
    const saved = await action.run(() => boApi('POST /players/:id/notes', { params: { id: playerId }, body: { body } }), undefined, ['body']);
    if (saved) {
      notes.setData(saved);
      setBody('');
    }
  };

  return (
    <section className={cls.card} data-testid="bo-player-notes" aria-labelledby="player-notes">
      <h2 className="mb-2 text-base font-semibold text-brand-800">{t['bo.desk.tags.title']}</h2>
      <p className="mb-4 flex flex-wrap gap-1 text-sm" data-testid="bo-player-tags">
        {tags.data &&
          (tags.data.length ? (
            tags.data.map((g) => (
              <span key={g.id} className="rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-800">
                {g.name}
              </span>
            ))
          ) : (
            <span className="text-slate-500">{t['bo.desk.tags.none']}</span>
          ))}
      </p>
      <h2 id="player-notes" className="mb-2 text-base font-semibold text-brand-800">
        {t['bo.desk.notes.title']}
      </h2>
      {canWrite && (
        <form
          className="mb-4"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <textarea
            className={cls.textarea}
            rows={2}
            maxLength={1000}
            value={body}
            placeholder={t['bo.desk.notes.placeholder']}
            aria-label={t['bo.desk.notes.title']}
            onChange={(e) => setBody(e.target.value)}
            data-testid="note-body"
          />
          <NoticeBanner notice={action.notice} />
          <button type="submit" className={`${cls.btn} mt-2`} disabled={action.busy || !body.trim()} data-testid="note-add">
            {t['bo.desk.notes.add']}
          </button>
        </form>
      )}
      <ListState t={t} {...notes.state} emptyText={t['bo.desk.notes.empty']}>
        {notes.data && (
          <ul className="space-y-3">
            {notes.data.data.map((n) => (
              <li key={n.id} className="rounded border border-slate-200 px-3 py-2" data-testid="note">
                <p className="whitespace-pre-wrap text-sm">{n.body}</p>
                <p className="mt-1 text-xs text-slate-500">{fill(t['bo.desk.notes.by'], { name: n.staff_name, time: formatTime(n.created_at, locale) })}</p>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
