// Opens or closes the player site, with the maintenance message in both languages.
import { useEffect, useState } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, COMMON_KEYS, ConfirmDialog, Guard, ListState, StatusPill, cls, errorText, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import type { StaffWebsiteStatusView } from '../../../shared/schemas/backoffice/content.ts';
import type { Notice } from '../kit/form.tsx';

export const WEBSITE_KEYS = [
  ...COMMON_KEYS,
  'bo.website.current',
  'bo.website.open',
  'bo.website.closed',
  'bo.website.state',
  'bo.website.msg',
  'bo.website.msg_en',
  'bo.website.hint',
  'bo.website.confirm_close',
  'bo.save',
  'bo.saving',
  'bo.saved',
] as const;
type K = (typeof WEBSITE_KEYS)[number];

type Status = StaffWebsiteStatusView;

export default function WebsiteStatus({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="website.manage">
      {() => <Form t={t} />}
    </Guard>
  );
}

function Form({ t }: { t: IslandProps<K>['t'] }) {
  const loaded = useBoData('GET /website-status');
  const [saved, setSaved] = useState<Status | null>(null);
  const [form, setForm] = useState<Status>({ status: true, msg: '', msg_en: '' });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  useEffect(() => {
    if (loaded.data) {
      setSaved(loaded.data);
      setForm(loaded.data);
    }
  }, [loaded.data]);

  const save = async () => {
    setConfirming(false);
    setBusy(true);
    setNotice(null);
    setFields({});
    try {
      const next = await boApi('PUT /website-status', { body: form });
      setSaved(next);
      setForm(next);
      setNotice({ kind: 'success', text: t['bo.saved'] });
    } catch (err) {
      if (err instanceof BoFailure) {
        setFields(Object.fromEntries(['status', 'msg', 'msg_en'].flatMap((f) => (err.field(f) ? [[f, err.field(f)!]] : []))));
      }
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };

  if (!saved) return <ListState t={t} loading error={loaded.error} retry={loaded.reload} />;
  const closing = saved.status && !form.status;
  return (
    <div className={`${cls.card} max-w-3xl`} data-testid="bo-website">
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <div className="mb-5 flex items-center gap-3">
        <span className="text-sm text-slate-500">{t['bo.website.current']}</span>
        <StatusPill on={saved.status} onText={t['bo.website.open']} offText={t['bo.website.closed']} />
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (closing) setConfirming(true);
          else void save();
        }}
        noValidate
      >
        <fieldset className="mb-5">
          <legend className={cls.label}>{t['bo.website.state']}</legend>
          <div className="flex gap-6">
            {([true, false] as const).map((value) => (
              <label key={String(value)} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="status"
                  checked={form.status === value}
                  onChange={() => setForm({ ...form, status: value })}
                  data-testid={value ? 'website-open' : 'website-close'}
                />
                {value ? t['bo.website.open'] : t['bo.website.closed']}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="mb-4 block">
          <span className={cls.label}>{t['bo.website.msg']}</span>
          <textarea name="msg" rows={3} maxLength={500} value={form.msg} onChange={(e) => setForm({ ...form, msg: e.target.value })} className={cls.textarea} />
          {fields.msg && <span className={cls.fieldError}>{fields.msg}</span>}
        </label>
        <label className="mb-4 block">
          <span className={cls.label}>{t['bo.website.msg_en']}</span>
          <textarea
            name="msg_en"
            rows={3}
            maxLength={500}
            value={form.msg_en}
            onChange={(e) => setForm({ ...form, msg_en: e.target.value })}
            className={cls.textarea}
          />
          {fields.msg_en && <span className={cls.fieldError}>{fields.msg_en}</span>}
        </label>
        <p className="mb-5 text-xs text-slate-500">{t['bo.website.hint']}</p>
        <button type="submit" className={cls.btn} disabled={busy} data-testid="website-save">
          {busy ? t['bo.saving'] : t['bo.save']}
        </button>
      </form>
      <ConfirmDialog
        t={t}
        open={confirming}
        message={t['bo.website.confirm_close']}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
        busy={busy}
      />
    </div>
  );
}
