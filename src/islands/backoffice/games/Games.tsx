// Games (/backoffice/games): switched on or off, their order in the lobby, names in both languages, and the
// thumbnail each language shows, picked among the pictures the site already serves with a preview. Each row
// saves on its own; open lobbies reload their lists when it does.
import { useEffect, useMemo, useState } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Guard, Switch, cls, errorText, fill, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, headerColumns } from '../kit/BoTable.tsx';
import { GAME_GROUP_LIST, GROUP_KEYS, labelOf } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { StaffGameView, StaffPlatformView, ThumbnailsView } from '../../../shared/schemas/backoffice/catalogue.ts';
import { GAME_STATUS } from '../../../shared/statuses.ts';

export const GAMES_KEYS = [
  ...COMMON_KEYS,
  ...GROUP_KEYS,
  'bo.games.hint',
  'bo.games.platform',
  'bo.games.all_platforms',
  'bo.games.group',
  'bo.games.all_groups',
  'bo.games.game',
  'bo.games.names',
  'bo.games.name',
  'bo.games.name_en',
  'bo.games.thumbnails',
  'bo.games.thumb.cn',
  'bo.games.thumb.en',
  'bo.games.thumb.th',
  'bo.games.status',
  'bo.games.sort',
  'bo.games.saved',
  'bo.games.unsaved',
  'bo.games.no_demo',
  'bo.games.none',
  'bo.save',
  'bo.saving',
  'bo.v.sort',
  'bo.v.game.name_required',
] as const;
type K = (typeof GAMES_KEYS)[number];
type T = IslandProps<K>['t'];

const LANGS = ['cn', 'en', 'th'] as const;
type Lang = (typeof LANGS)[number];
type Thumbs = Record<Lang, string>;

type Game = StaffGameView;
interface Draft {
  name: string;
  name_en: string;
  status: number;
  sort: string;
  thumbnails: Thumbs;
}
const PAGE_SIZE = 20;

const draftOf = (g: Game): Draft => ({ name: g.name, name_en: g.name_en, status: g.status, sort: String(g.sort), thumbnails: { ...g.thumbnails } });

export default function Games({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="games.manage">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [code, setCode] = useState('');
  const [group, setGroup] = useState('');
  const [platforms, setPlatforms] = useState<StaffPlatformView[]>([]);
  const [pictures, setPictures] = useState<ThumbnailsView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useBoData('GET /games', { query: { code: code || undefined, group: group || undefined }, pageSize: PAGE_SIZE });

  useEffect(() => {
    boApi('GET /platforms').then(setPlatforms, () => setPlatforms([]));
    boApi('GET /games/thumbnails').then(setPictures, () => setPictures({ cn: [], en: [], th: [] }));
  }, []);
  const codes = useMemo(() => [...new Map(platforms.map((p) => [p.code, p])).values()], [platforms]);

  return (
    <div className="max-w-[1400px]">
      <p className="mb-4 max-w-3xl text-sm text-slate-500">{t['bo.games.hint']}</p>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <select value={code} onChange={(e) => setCode(e.target.value)} aria-label={t['bo.games.platform']} className={cls.input} data-testid="games-platform">
          <option value="">{t['bo.games.all_platforms']}</option>
          {codes.map((p) => (
            <option key={p.code} value={p.code}>
              {p.code} · {locale === 'en' ? p.name_en : p.name}
            </option>
          ))}
        </select>
        <select value={group} onChange={(e) => setGroup(e.target.value)} aria-label={t['bo.games.group']} className={cls.input} data-testid="games-group">
          <option value="">{t['bo.games.all_groups']}</option>
          {GAME_GROUP_LIST.map((g) => (
            <option key={g} value={g}>
              {t[`bo.group.${g}`]}
            </option>
          ))}
        </select>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>
          {t['bo.refresh']}
        </button>
      </div>
      {notice && <Banner kind="success">{notice}</Banner>}
      <section className={`${cls.card} overflow-x-auto`}>
        {/* The rows wait for the picture list too: each row's pickers offer those pictures. */}
        <BoTable
          t={t}
          list={{ ...list, state: { ...list.state, loading: !list.data || !pictures } }}
          rowKey={(g) => g.id}
          testId="bo-games"
          columns={headerColumns<Game, K>('bo.games.game', 'bo.games.names', 'bo.games.thumbnails', 'bo.games.status', 'bo.games.sort', 'bo.actions')}
          rowElement={(g) =>
            pictures && (
              <Row
                key={g.id}
                t={t}
                game={g}
                pictures={pictures}
                onSaved={(next) => {
                  setNotice(fill(t['bo.games.saved'], { name: locale === 'en' ? next.name_en : next.name }));
                  void list.reload();
                }}
              />
            )
          }
        />
      </section>
    </div>
  );
}

function Row({ t, game, pictures, onSaved }: { t: T; game: Game; pictures: ThumbnailsView; onSaved: (g: Game) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(game));
  const [saving, setSaving] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setDraft(draftOf(game)), [game]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(game));
  const set = <F extends keyof Draft>(field: F, value: Draft[F]) => setDraft((d) => ({ ...d, [field]: value }));

  const save = async () => {
    const errs: Record<string, string> = {};
    if (!draft.name.trim()) errs.name = t['bo.v.game.name_required'];
    if (!draft.name_en.trim()) errs.name_en = t['bo.v.game.name_required'];
    if (!/^\d{1,6}$/.test(draft.sort) || Number(draft.sort) > 100_000) errs.sort = t['bo.v.sort'];
    setFields(errs);
    setFailure(null);
    if (Object.keys(errs).length) return;
    setSaving(true);
    try {
      // Only pictures that were chosen are sent; an empty slot stays as it is.
      const thumbnails = Object.fromEntries(
        LANGS.filter((l) => draft.thumbnails[l] && draft.thumbnails[l] !== game.thumbnails[l]).map((l) => [l, draft.thumbnails[l]]),
      );
      const next = await boApi('PUT /games/:id', {
        params: { id: game.id },
        body: {
          name: draft.name.trim(),
          name_en: draft.name_en.trim(),
          status: draft.status,
          sort: Number(draft.sort),
          ...(Object.keys(thumbnails).length ? { thumbnails } : {}),
        },
      });
      onSaved(next);
    } catch (err) {
      if (err instanceof BoFailure) {
        const f: Record<string, string> = {};
        for (const name of ['name', 'name_en', 'status', 'sort', ...LANGS.map((l) => `thumbnails.${l}`)]) if (err.field(name)) f[name] = err.field(name)!;
        setFields(f);
      }
      setFailure(errorText(err, t));
    }
    setSaving(false);
  };

  const fieldError = (name: string) =>
    fields[name] ? (
      <p className={cls.fieldError} role="alert">
        {fields[name]}
      </p>
    ) : null;
  return (
    <tr data-testid="game-row" data-game={game.game_code} className={dirty ? 'bg-amber-50/50' : ''}>
      <td className={cls.td}>
        <div className="whitespace-nowrap font-mono text-sm font-medium">{game.game_code}</div>
        <div className="whitespace-nowrap text-xs text-slate-500">
          <span className="font-mono">{game.code}</span> · {labelOf(t, `bo.group.${game.group}`, game.group)}
        </div>
        {!game.has_demo && <div className="text-xs text-slate-400">{t['bo.games.no_demo']}</div>}
      </td>
      <td className={`${cls.td} w-48`}>
        <input
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          maxLength={60}
          aria-label={t['bo.games.name']}
          placeholder={t['bo.games.name']}
          aria-invalid={!!fields.name}
          className={`${cls.input} mb-1.5 w-full`}
          data-testid="game-name"
        />
        {fieldError('name')}
        <input
          value={draft.name_en}
          onChange={(e) => set('name_en', e.target.value)}
          maxLength={60}
          aria-label={t['bo.games.name_en']}
          placeholder={t['bo.games.name_en']}
          aria-invalid={!!fields.name_en}
          className={`${cls.input} w-full`}
          data-testid="game-name-en"
        />
        {fieldError('name_en')}
      </td>
      <td className={cls.td}>
        <div className="flex gap-3">
          {LANGS.map((lang) => (
            <div key={lang} className="w-36">
              <div className="mb-1 text-xs font-medium text-slate-500">{t[`bo.games.thumb.${lang}`]}</div>
              <div className="mb-1.5 flex aspect-[4/3] w-36 items-center justify-center overflow-hidden rounded border border-slate-200 bg-slate-100">
                {draft.thumbnails[lang] ? (
                  <img src={draft.thumbnails[lang]} alt="" loading="lazy" className="h-full w-full object-contain" data-testid={`thumb-preview-${lang}`} />
                ) : (
                  <span className="text-xs text-slate-400">{t['bo.games.none']}</span>
                )}
              </div>
              <select
                value={draft.thumbnails[lang]}
                aria-label={t[`bo.games.thumb.${lang}`]}
                aria-invalid={!!fields[`thumbnails.${lang}`]}
                onChange={(e) => set('thumbnails', { ...draft.thumbnails, [lang]: e.target.value })}
                className={`${cls.input} h-8 w-full px-1 text-xs`}
                data-testid={`thumb-${lang}`}
              >
                {!draft.thumbnails[lang] && <option value="">{t['bo.games.none']}</option>}
                {draft.thumbnails[lang] && !LANGS.some((l) => pictures[l].includes(draft.thumbnails[lang])) && (
                  <option value={draft.thumbnails[lang]}>{draft.thumbnails[lang]}</option>
                )}
                {LANGS.map((folder) => (
                  <optgroup key={folder} label={`/games/${folder}/`}>
                    {pictures[folder].map((path) => (
                      <option key={path} value={path}>
                        {path.slice('/games/'.length)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {fieldError(`thumbnails.${lang}`)}
            </div>
          ))}
        </div>
      </td>
      <td className={cls.td}>
        <Switch
          checked={draft.status === GAME_STATUS.on}
          onChange={(on) => set('status', on ? GAME_STATUS.on : GAME_STATUS.off)}
          label={t['bo.games.status']}
          testId="game-status"
        />
      </td>
      <td className={cls.td}>
        <input
          type="number"
          min={0}
          max={100000}
          value={draft.sort}
          onChange={(e) => set('sort', e.target.value)}
          aria-label={t['bo.games.sort']}
          aria-invalid={!!fields.sort}
          className={`${cls.input} w-20`}
          data-testid="game-sort"
        />
        {fieldError('sort')}
      </td>
      <td className={cls.td}>
        <button type="button" className={cls.btnSmall} disabled={!dirty || saving} onClick={() => void save()} data-testid="game-save">
          {saving ? t['bo.saving'] : t['bo.save']}
        </button>
        {dirty && !saving && <div className="mt-1 whitespace-nowrap text-xs text-amber-700">{t['bo.games.unsaved']}</div>}
        {failure && (
          <p className="mt-1 max-w-40 text-xs text-red-700" role="alert">
            {failure}
          </p>
        )}
      </td>
    </tr>
  );
}
