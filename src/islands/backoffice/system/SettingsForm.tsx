// The system settings of SPEC.md section 9: switches for 0/1 values, numbers, text and lists, grouped by
// what they govern. Only changed keys are sent; the server checks each against its default's type.
import { useEffect, useMemo, useState } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Guard, ListState, cls, errorText, fill, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { SETTING_KINDS } from '../../../shared/schemas/backoffice/content.ts';
import { SETTING_CHOICES } from '../../../shared/schemas/backoffice/system.ts';
import { ACTIVITY_RULE_KEYS } from '../kit/codes.ts';

export const SETTINGS_KEYS = [
  ...COMMON_KEYS,
  'bo.settings.hint',
  'bo.settings.default',
  'bo.settings.list_hint',
  'bo.settings.nothing_changed',
  'bo.settings.group.access',
  'bo.settings.group.register',
  'bo.settings.group.deposit',
  'bo.settings.group.display',
  'bo.settings.group.other',
  'bo.settings.zero_unset',
  'bo.save',
  'bo.saving',
  'bo.saved',
  'bo.on',
  'bo.off',
  'bo.settings.methods_off',
  'bo.settings.off.bank_transfer',
  'bo.settings.off.usdt',
  'bo.settings.off.tripartite',
  'bo.settings.off.online_banking',
  'bo.settings.all_methods_on',
  ...ACTIVITY_RULE_KEYS,
] as const;
type K = (typeof SETTINGS_KEYS)[number];

type Kind = (typeof SETTING_KINDS)[number];
type Value = number | string | boolean | string[];
/**
 * The settings answer read by key: the form walks whatever keys the server sends. StaffSettingsView must stay
 * assignable to it, so a renamed or retyped field of the answer breaks the type check here.
 */
type Loaded = { values: Record<string, Value>; kinds: Record<string, Kind>; defaults: Record<string, Value> };

const GROUPS: Array<[group: string, test: (key: string) => boolean]> = [
  ['register', (k) => k.startsWith('register_') || k === 'player_account_max' || k === 'enable_mobile_verification_retrieve_password'],
  ['deposit', (k) => /deposit|withdraw|receiving_bank|usdt_address|bank_card_max/.test(k)],
  ['access', (k) => k.startsWith('allow_player_') || k === 'location_after_login' || k === 'enable_login_verification'],
  ['display', (k) => k.startsWith('auto_redirect_') || k.startsWith('banner_') || k === 'enable_platform_maintenance_display'],
  ['other', () => true],
];
const ORDER = ['access', 'register', 'deposit', 'display', 'other'];

/**
 * Settings the server still keeps but that govern nothing on this site, so the screen does not offer them: a switch
 * that does nothing is a defect. banner_show_mb: the mobile home page has no banner to show or hide.
 * enable_adjustment_limit_record: the player's turnover-requirement record is part of the withdrawal rules, which a
 * player must always be able to read, so it is never switched off.
 */
const NOT_SHOWN = new Set(['banner_show_mb', 'enable_adjustment_limit_record']);

function groupOf(key: string): string {
  return GROUPS.find(([, test]) => test(key))![0];
}

/** Text the form edits, per kind: numbers and lists are typed as text and parsed on save. */
function toText(kind: Kind, value: Value): string {
  if (kind === 'list') return (value as string[]).join(', ');
  return String(value);
}
function fromText(kind: Kind, text: string, original: Value): Value {
  if (kind === 'list')
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (kind === 'number') return /^\d+$/.test(text.trim()) ? Number(text.trim()) : (text as unknown as number);
  if (kind === 'text' || kind === 'url' || kind === 'choice') return text;
  return original;
}

export default function SettingsForm({ t, locale, labels }: IslandProps<K> & { labels: Record<string, string> }) {
  return (
    <Guard t={t} locale={locale} permission="settings.manage">
      {() => <Form t={t} labels={labels} />}
    </Guard>
  );
}

function Form({ t, labels }: { t: IslandProps<K>['t']; labels: Record<string, string> }) {
  const initial = useBoData('GET /settings');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [draft, setDraft] = useState<Record<string, Value>>({});
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const accept = (data: Loaded) => {
    setLoaded(data);
    setDraft(data.values);
    setTexts(Object.fromEntries(Object.entries(data.values).map(([k, v]) => [k, toText(data.kinds[k] ?? 'text', v)])));
  };
  useEffect(() => {
    if (initial.data) accept(initial.data);
  }, [initial.data]);

  const grouped = useMemo(() => {
    const out = new Map<string, string[]>();
    for (const key of Object.keys(loaded?.kinds ?? {})) {
      if (NOT_SHOWN.has(key)) continue;
      const g = groupOf(key);
      out.set(g, [...(out.get(g) ?? []), key]);
    }
    return ORDER.filter((g) => out.has(g)).map((g) => [g, out.get(g)!] as const);
  }, [loaded]);

  const current = (key: string): Value => {
    const kind = loaded!.kinds[key]!;
    return kind === 'toggle' || kind === 'boolean' ? draft[key]! : fromText(kind, texts[key] ?? '', loaded!.values[key]!);
  };

  const save = async () => {
    if (!loaded) return;
    const patch: Record<string, Value> = {};
    for (const key of Object.keys(loaded.kinds)) {
      const value = current(key);
      if (JSON.stringify(value) !== JSON.stringify(loaded.values[key])) patch[key] = value;
    }
    setFields({});
    if (!Object.keys(patch).length) {
      setNotice({ kind: 'info', text: t['bo.settings.nothing_changed'] });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      accept(await boApi('PUT /settings', { body: patch }));
      setNotice({ kind: 'success', text: t['bo.saved'] });
    } catch (err) {
      if (err instanceof BoFailure && err.body?.error) {
        setFields(Object.fromEntries(Object.keys(patch).flatMap((k) => (err.field(k) ? [[k, err.field(k)!]] : []))));
      }
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };

  if (!loaded) return <ListState t={t} loading error={initial.error} retry={initial.reload} />;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
      data-testid="bo-settings"
      className="max-w-5xl"
    >
      <p className="mb-4 text-sm text-slate-600">{t['bo.settings.hint']}</p>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <div className="space-y-5">
        {grouped.map(([group, keys]) => (
          <section key={group} className={cls.card}>
            <h2 className="mb-4 text-base font-semibold text-brand-800">{t[`bo.settings.group.${group}` as K]}</h2>
            {group === 'deposit' && <MethodsOff t={t} value={current} />}
            <div className="grid grid-cols-2 gap-x-8 gap-y-4">
              {keys.map((key) => (
                <Field
                  key={key}
                  name={key}
                  label={labels[`bo.setting.${key}`] ?? key}
                  help={labels[`bo.setting.help.${key}`]}
                  kind={loaded.kinds[key]!}
                  t={t}
                  value={draft[key]!}
                  text={texts[key] ?? ''}
                  defaultValue={loaded.defaults[key]!}
                  error={fields[key]}
                  changed={JSON.stringify(current(key)) !== JSON.stringify(loaded.values[key])}
                  onToggle={(v) => setDraft({ ...draft, [key]: v })}
                  onText={(v) => setTexts({ ...texts, [key]: v })}
                />
              ))}
            </div>
          </section>
        ))}
      </div>
      <div className="sticky bottom-0 mt-5 flex items-center gap-4 border-t border-slate-200 bg-slate-100/95 py-4">
        <button type="submit" className={cls.btn} disabled={busy} data-testid="settings-save">
          {busy ? t['bo.saving'] : t['bo.save']}
        </button>
      </div>
    </form>
  );
}

/** The words for one value of a choice setting. */
function choiceLabel(t: Record<string, string>, name: string, value: string): string {
  if (name === 'protection_activity_wallet_rule') return t[`bo.code.activity_rule.${value}`] ?? value;
  return value;
}

function Field(props: {
  name: string;
  label: string;
  help?: string;
  kind: Kind;
  t: IslandProps<K>['t'];
  value: Value;
  text: string;
  defaultValue: Value;
  error?: string;
  changed: boolean;
  onToggle: (v: Value) => void;
  onText: (v: string) => void;
}) {
  const { name, label, kind, t, value, text, defaultValue, error, changed } = props;
  const id = `setting-${name}`;
  const caption = (
    <span className="flex items-center gap-2">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      {changed && <span className="h-2 w-2 rounded-full bg-gold-500" aria-hidden="true" />}
    </span>
  );
  // What the setting does, in the operator's language, then its key for support.
  const hint = (
    <>
      {props.help && (
        <span className="mt-0.5 block text-xs text-slate-600" data-testid={`setting-help-${name}`}>
          {props.help}
        </span>
      )}
      <span className="mt-0.5 block font-mono text-[11px] text-slate-600">{name}</span>
    </>
  );
  if (kind === 'choice') {
    // One of a few values, each named in the operator's language (never typed as free text).
    const options = SETTING_CHOICES[name as keyof typeof SETTING_CHOICES] ?? [];
    return (
      <label className="block rounded border border-slate-100 px-3 py-2" htmlFor={id}>
        {caption}
        {hint}
        <select
          id={id}
          name={name}
          value={text}
          onChange={(e) => props.onText(e.target.value)}
          data-setting={name}
          aria-invalid={!!error}
          className={`${cls.input} mt-1.5 w-full`}
        >
          {options.map((o) => (
            <option key={o} value={o}>
              {choiceLabel(t, name, o)}
            </option>
          ))}
        </select>
        {error && <span className={cls.fieldError}>{error}</span>}
      </label>
    );
  }
  if (kind === 'toggle' || kind === 'boolean') {
    const on = kind === 'toggle' ? value === 1 : value === true;
    const flip = () => props.onToggle(kind === 'toggle' ? (on ? 0 : 1) : !on);
    return (
      <div className="flex items-center justify-between gap-4 rounded border border-slate-100 px-3 py-2">
        <div>
          <span id={`${id}-label`}>{caption}</span>
          {hint}
          {error && <span className={cls.fieldError}>{error}</span>}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          onClick={flip}
          data-setting={name}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${on ? 'bg-emerald-500' : 'bg-slate-300'}`}
        >
          <span className="sr-only">{on ? t['bo.on'] : t['bo.off']}</span>
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0.5'}`}
          />
        </button>
      </div>
    );
  }
  return (
    <label className="block rounded border border-slate-100 px-3 py-2" htmlFor={id}>
      {caption}
      {hint}
      <input
        id={id}
        name={name}
        value={text}
        onChange={(e) => props.onText(e.target.value)}
        data-setting={name}
        inputMode={kind === 'number' ? 'numeric' : undefined}
        type={kind === 'url' ? 'url' : 'text'}
        aria-invalid={!!error}
        className={`${cls.input} mt-1.5 w-full`}
      />
      <span className="mt-1 block text-xs text-slate-500">
        {kind === 'list'
          ? t['bo.settings.list_hint']
          : kind === 'number' && defaultValue === 0
            ? t['bo.settings.zero_unset']
            : fill(t['bo.settings.default'], { value: toText(kind, defaultValue) || '—' })}
      </span>
      {error && <span className={cls.fieldError}>{error}</span>}
    </label>
  );
}

/**
 * Which deposit methods players cannot use with the values on screen, and why: bank
 * transfer and USDT show only once their receiving details are set, the gateway methods follow their switches.
 */
function MethodsOff({ t, value }: { t: IslandProps<K>['t']; value: (key: string) => Value }) {
  const text = (key: string) => String(value(key) ?? '').trim();
  const off: K[] = [];
  if (!text('receiving_bank_account')) off.push('bo.settings.off.bank_transfer');
  if (!text('usdt_address')) off.push('bo.settings.off.usdt');
  if (Number(value('tripartite_deposit')) !== 1) off.push('bo.settings.off.tripartite');
  if (Number(value('web_bank_deposit')) !== 1) off.push('bo.settings.off.online_banking');
  if (!off.length)
    return (
      <p className="mb-4 text-sm text-emerald-700" data-testid="methods-off">
        {t['bo.settings.all_methods_on']}
      </p>
    );
  return (
    <div className="mb-4 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="methods-off">
      <p className="font-semibold">{t['bo.settings.methods_off']}</p>
      <ul className="mt-1 list-disc pl-5">
        {off.map((k) => (
          <li key={k} data-off={k.split('.').pop()}>
            {t[k]}
          </li>
        ))}
      </ul>
    </div>
  );
}
