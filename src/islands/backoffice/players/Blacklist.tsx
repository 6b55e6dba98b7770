// The player's game blacklist: game types they may not play, everywhere or only on some platforms.
import { useEffect, useState } from 'react';
import { boApi } from '../kit/api.ts';
import { cls, fill, type CommonT } from '../kit/common.tsx';
import { GAME_GROUP_LIST, GROUP_KEYS, labelOf } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { PlatformInfo, PlayerSummary } from './types.ts';
import { NoticeBanner, useBoAction } from '../kit/form.tsx';

export const BLACKLIST_KEYS = [
  ...GROUP_KEYS,
  'bo.blacklist.title',
  'bo.blacklist.hint',
  'bo.blacklist.types',
  'bo.blacklist.platforms',
  'bo.blacklist.none',
  'bo.blacklist.everywhere',
  'bo.blacklist.summary',
  'bo.save',
  'bo.saving',
  'bo.saved',
] as const;

type T = CommonT & Record<(typeof BLACKLIST_KEYS)[number], string>;
type Blacklist = PlayerSummary['blacklist'];

const same = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function BlacklistEditor({
  t,
  locale,
  player,
  platforms,
  canEdit,
  onSaved,
}: {
  t: T;
  locale: Locale;
  player: PlayerSummary;
  platforms: PlatformInfo[];
  canEdit: boolean;
  onSaved: (b: Blacklist) => void;
}) {
  const [form, setForm] = useState<Blacklist>(player.blacklist);
  const { busy, notice, run } = useBoAction(t);
  useEffect(() => setForm(player.blacklist), [player.id, player.blacklist]);

  const codes = platforms.filter((p, i) => platforms.findIndex((q) => q.code === p.code) === i);
  const dirty = !same(form.type, player.blacklist.type) || !same(form.game_platform_code, player.blacklist.game_platform_code);
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((x) => x !== value));
  const groupName = (g: string) => labelOf(t, `bo.group.${g}`, g);

  const save = async () => {
    const next = await run(() => boApi('PUT /players/:id/blacklist', { params: { id: player.id }, body: form }), t['bo.saved'], ['type', 'game_platform_code']);
    if (next) onSaved(next);
  };

  const saved = player.blacklist;
  const summary =
    saved.type.length === 0
      ? t['bo.blacklist.none']
      : fill(t['bo.blacklist.summary'], {
          types: saved.type.map(groupName).join(locale === 'en' ? ', ' : '、'),
          where: saved.game_platform_code.length ? saved.game_platform_code.join(', ') : t['bo.blacklist.everywhere'],
        });

  return (
    <section className={cls.card} data-testid="bo-blacklist">
      <h2 className="mb-1 text-base font-semibold text-brand-800">{t['bo.blacklist.title']}</h2>
      <p className="mb-3 text-sm">
        <span className={saved.type.length ? 'font-medium text-red-700' : 'text-slate-500'} data-testid="blacklist-summary">
          {summary}
        </span>
      </p>
      <NoticeBanner notice={notice} />
      {canEdit && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <p className="mb-3 text-xs text-slate-500">{t['bo.blacklist.hint']}</p>
          <fieldset className="mb-3">
            <legend className={cls.label}>{t['bo.blacklist.types']}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {GAME_GROUP_LIST.map((g) => (
                <label key={g} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    data-group={g}
                    checked={form.type.includes(g)}
                    onChange={(e) => setForm({ ...form, type: toggle(form.type, g, e.target.checked) })}
                  />
                  {groupName(g)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="mb-4">
            <legend className={cls.label}>{t['bo.blacklist.platforms']}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {codes.map((p) => (
                <label key={p.code} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    data-code={p.code}
                    checked={form.game_platform_code.includes(p.code)}
                    onChange={(e) => setForm({ ...form, game_platform_code: toggle(form.game_platform_code, p.code, e.target.checked) })}
                  />
                  <span className="font-mono">{p.code}</span>
                  <span className="text-slate-500">{locale === 'en' ? p.name_en : p.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={cls.btn} disabled={busy || !dirty} data-testid="blacklist-save">
            {busy ? t['bo.saving'] : t['bo.save']}
          </button>
        </form>
      )}
    </section>
  );
}
