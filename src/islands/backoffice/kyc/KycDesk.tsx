// The back office's identity verification: the queue of players with documents waiting, and a player's
// review with the documents beside the personal info and bank cards, approve or reject with a reason, the history;
// below, the settings. A document's file is fetched only when staff ask to see it (the server audits every view) and
// shown from memory, never by a link another person could open.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, $boToken, hasPermission } from '../../../stores/backoffice.ts';

import type { Locale } from '../../../shared/constants.ts';
import { KYC_REJECT_REASONS, type KycRejectReason } from '../../../shared/schemas/kyc/constants.ts';
import type { KycReviewView } from '../../../shared/schemas/kyc/backoffice.ts';
import { boApi, boPath } from '../kit/api.ts';
import { COMMON_KEYS, Guard, ListState, cls, fill, formatTime, useConfirm, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { NoticeBanner, fieldError, useBoAction } from '../kit/form.tsx';
import { KycSettings, KYC_SETTINGS_KEYS } from './KycSettings.tsx';

const KIND_KEYS = [
  'bo.audit.v.kyc.kind.id_front',
  'bo.audit.v.kyc.kind.id_back',
  'bo.audit.v.kyc.kind.selfie',
  'bo.audit.v.kyc.kind.address',
  'bo.audit.v.kyc.kind.funds',
] as const;
const STATUS_KEYS = [
  'bo.audit.v.kyc.status.submitted',
  'bo.audit.v.kyc.status.approved',
  'bo.audit.v.kyc.status.rejected',
  'bo.audit.v.kyc.status.expired',
] as const;
const REASON_KEYS = KYC_REJECT_REASONS.map((r) => `bo.audit.v.kyc.reject_reason.${r}` as const);

export const KYC_DESK_KEYS = [
  ...COMMON_KEYS,
  ...KYC_SETTINGS_KEYS,
  ...KIND_KEYS,
  ...STATUS_KEYS,
  ...REASON_KEYS,
  'bo.kyc.title',
  'bo.kyc.queue',
  'bo.kyc.queue.empty',
  'bo.kyc.col.account',
  'bo.kyc.col.level',
  'bo.kyc.col.pending',
  'bo.kyc.col.oldest',
  'bo.kyc.open',
  'bo.kyc.player',
  'bo.kyc.real_name',
  'bo.kyc.birthday',
  'bo.kyc.gender',
  'bo.kyc.phone_verified',
  'bo.kyc.yes',
  'bo.kyc.no',
  'bo.kyc.level',
  'bo.kyc.cards',
  'bo.kyc.cards.empty',
  'bo.kyc.documents',
  'bo.kyc.history',
  'bo.kyc.history.empty',
  'bo.kyc.show',
  'bo.kyc.open_first',
  'bo.kyc.show_note',
  'bo.kyc.pdf',
  'bo.kyc.no_file',
  'bo.kyc.doc_name',
  'bo.kyc.doc_birthday',
  'bo.kyc.approve',
  'bo.kyc.reject',
  'bo.kyc.reason',
  'bo.kyc.confirm.approve',
  'bo.kyc.confirm.reject',
  'bo.kyc.done',
  'bo.kyc.loading',
  'bo.kyc.error',
  'bo.kyc.staff',
  'bo.kyc.automatic',
  'bo.kyc.by_player',
  'bo.kyc.named',
  'bo.pp.gender.male',
  'bo.pp.gender.female',
] as const;
type K = (typeof KYC_DESK_KEYS)[number];
type T = IslandProps<K>['t'];
type Row = NonNullable<ReturnType<typeof useQueue>['data']>['data'][number];
type Doc = KycReviewView['documents'][number];

const PAGE_SIZE = 20;
const useQueue = () => useBoData('GET /kyc/queue', { pageSize: PAGE_SIZE });
const levelName = (t: T, level: number) => t[`bo.kyc.level.${level}` as K];
const kindName = (t: T, kind: string) => t[`bo.audit.v.kyc.kind.${kind}` as K] ?? kind;
const statusName = (t: T, status: string) => t[`bo.audit.v.kyc.status.${status}` as K] ?? status;

export default function KycDesk({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="kyc.review">
      {() => <Desk t={t} locale={locale} />}
    </Guard>
  );
}

function Desk({ t, locale }: { t: T; locale: Locale }) {
  const [playerId, setPlayerId] = useState<number | null>(null);
  useEffect(() => {
    const id = Number(new URLSearchParams(window.location.search).get('player'));
    if (Number.isSafeInteger(id) && id > 0) setPlayerId(id);
  }, []);
  const queue = useQueue();
  const columns: Array<BoColumn<Row, K>> = [
    {
      key: 'account',
      header: 'bo.kyc.col.account',
      cell: (r) => (
        <a className="text-brand-600 hover:underline" href={`${boPath(locale, 'player')}?id=${r.player_id}`}>
          {r.account}
        </a>
      ),
    },
    { key: 'level', header: 'bo.kyc.col.level', cell: (r) => levelName(t, r.level) },
    { key: 'pending', header: 'bo.kyc.col.pending', cell: (r) => r.pending },
    { key: 'oldest', header: 'bo.kyc.col.oldest', className: 'whitespace-nowrap', cell: (r) => formatTime(r.oldest_at, locale) },
    {
      key: 'open',
      header: 'bo.actions',
      cell: (r) => (
        <button type="button" className={cls.btnSmall} onClick={() => setPlayerId(r.player_id)} data-testid={`kyc-open-${r.account}`}>
          {t['bo.kyc.open']}
        </button>
      ),
    },
  ];
  return (
    <div className="max-w-7xl space-y-5">
      <section className={cls.card} aria-labelledby="kyc-queue">
        <h2 id="kyc-queue" className="mb-3 text-base font-semibold text-brand-800">
          {t['bo.kyc.queue']}
        </h2>
        <BoTable t={t} list={queue} columns={columns} rowKey={(r) => r.player_id} testId="kyc-queue" />
      </section>
      {playerId !== null && <Review key={playerId} t={t} locale={locale} playerId={playerId} onDecided={() => void queue.reload()} />}
      <KycSettings t={t} />
    </div>
  );
}

function Review({ t, locale, playerId, onDecided }: { t: T; locale: Locale; playerId: number; onDecided: () => void }) {
  const page = useBoData('GET /kyc/players/:id', { params: { id: playerId } });
  const staff = useStore($boStaff);
  const mayView = hasPermission(staff, 'kyc.documents.view');
  const reload = () => {
    void page.reload();
    onDecided();
  };
  return (
    <section className={cls.card} aria-labelledby="kyc-review" data-testid="kyc-review">
      <h2 id="kyc-review" className="mb-3 text-base font-semibold text-brand-800">
        {page.data ? fill(t['bo.kyc.named'], { label: t['bo.kyc.player'], value: page.data.player.account }) : t['bo.kyc.player']}
      </h2>
      <ListState t={t} loading={!page.data} error={page.error} retry={page.reload}>
        {page.data && (
          <div className="space-y-5">
            <div className="grid grid-cols-2 gap-5">
              <PlayerFacts t={t} data={page.data} />
              <Cards t={t} data={page.data} />
            </div>
            <p className="text-xs text-slate-500">{t['bo.kyc.show_note']}</p>
            <div className="grid grid-cols-3 gap-4" data-testid="kyc-documents">
              {page.data.documents.map((d) => (
                <DocumentCard key={d.id} t={t} locale={locale} doc={d} mayView={mayView} onDecided={reload} />
              ))}
            </div>
            <History t={t} locale={locale} data={page.data} />
          </div>
        )}
      </ListState>
    </section>
  );
}

function PlayerFacts({ t, data }: { t: T; data: KycReviewView }) {
  const p = data.player;
  const rows: Array<[string, string]> = [
    [t['bo.kyc.real_name'], p.real_name || '—'],
    [t['bo.kyc.birthday'], p.birthday || '—'],
    [t['bo.kyc.gender'], p.gender ? (t[`bo.pp.gender.${p.gender}` as K] ?? '—') : '—'],
    [t['bo.kyc.phone_verified'], p.phone_verified ? t['bo.kyc.yes'] : t['bo.kyc.no']],
    [t['bo.kyc.level'], levelName(t, p.level)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="kyc-player">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="font-medium">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Cards({ t, data }: { t: T; data: KycReviewView }) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold text-slate-700">{t['bo.kyc.cards']}</h3>
      {data.bank_cards.length === 0 ? (
        <p className="text-sm text-slate-500">{t['bo.kyc.cards.empty']}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {data.bank_cards.map((c) => (
            <li key={c.number}>
              {c.account_name} · {c.bank} · {c.number}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Fetches a document's file with the staff token (each fetch is one audited view) and shows it from memory. */
function useDocumentFile(id: number, locale: Locale) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const show = async () => {
    setFailed(false);
    const token = $boToken.get();
    const res = await fetch(`/api/backoffice/kyc/documents/${id}/file`, {
      headers: { 'x-locale': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    }).catch(() => null);
    if (!res?.ok) {
      setFailed(true);
      return;
    }
    setUrl(URL.createObjectURL(await res.blob()));
  };
  return { url, failed, show };
}

function DocumentCard({ t, locale, doc, mayView, onDecided }: { t: T; locale: Locale; doc: Doc; mayView: boolean; onDecided: () => void }) {
  const file = useDocumentFile(doc.id, locale);
  const isPdf = doc.mime === 'application/pdf';
  // A read-only role (compliance) reads the documents but is offered no decision.
  const mayDecide = hasPermission(useStore($boStaff), 'kyc.decide');
  return (
    <div className="rounded border border-slate-200 p-3" data-testid={`kyc-card-${doc.kind}`} data-status={doc.status}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <span className="font-medium">{kindName(t, doc.kind)}</span>
        <span className="text-xs text-slate-600" data-testid="kyc-card-status">
          {statusName(t, doc.status)}
        </span>
      </div>
      <p className="text-xs text-slate-500">{formatTime(doc.created_at, locale)}</p>
      {doc.reason && <p className="text-xs text-red-700">{t[`bo.audit.v.kyc.reject_reason.${doc.reason}` as K] ?? doc.reason}</p>}
      {doc.reviewed_by && <p className="text-xs text-slate-500">{fill(t['bo.kyc.named'], { label: t['bo.kyc.staff'], value: doc.reviewed_by })}</p>}
      <div className="my-2">
        {!doc.has_file ? (
          <p className="text-xs text-slate-500">{t['bo.kyc.no_file']}</p>
        ) : file.url ? (
          <>
            {/* A PDF arrives as the picture the server rendered of its first pages; staff never open the PDF itself. */}
            {isPdf && <p className="text-xs text-slate-500">{t['bo.kyc.pdf']}</p>}
            <img
              src={file.url}
              alt={kindName(t, doc.kind)}
              className={`${isPdf ? 'max-h-[32rem] overflow-auto' : 'max-h-64'} w-full rounded object-contain`}
              data-testid="kyc-image"
            />
          </>
        ) : (
          mayView && (
            <button type="button" className={cls.btnSmall} onClick={() => void file.show()} data-testid="kyc-show">
              {t['bo.kyc.show']}
            </button>
          )
        )}
        {file.failed && (
          <p className="text-xs text-red-700" role="alert">
            {t['bo.kyc.error']}
          </p>
        )}
      </div>
      {/* Approval waits until the reviewer has looked at the document (its file shown here, an audited view). */}
      {doc.status === 'submitted' && mayDecide && <Decide t={t} doc={doc} opened={file.url !== null} onDecided={onDecided} />}
    </div>
  );
}

function Decide({ t, doc, opened, onDecided }: { t: T; doc: Doc; opened: boolean; onDecided: () => void }) {
  const action = useBoAction(t);
  const { ask, dialog } = useConfirm(t);
  const [name, setName] = useState('');
  const [birthday, setBirthday] = useState('');
  const [reason, setReason] = useState<KycRejectReason | ''>('');
  const front = doc.kind === 'id_front';
  const decide = async (decision: 'approve' | 'reject') => {
    if (!(await ask(t[decision === 'approve' ? 'bo.kyc.confirm.approve' : 'bo.kyc.confirm.reject']))) return;
    const body =
      decision === 'approve'
        ? { decision, ...(front ? { document_name: name, document_birthday: birthday } : {}) }
        : { decision, reason: reason as KycRejectReason };
    const done = await action.run(() => boApi('POST /kyc/documents/:id/review', { params: { id: doc.id }, body }), t['bo.kyc.done'], [
      'document_name',
      'document_birthday',
      'reason',
      'decision',
    ]);
    if (done) onDecided();
  };
  return (
    <div className="space-y-2 border-t border-slate-100 pt-2">
      {front && (
        <>
          <label className="block text-xs">
            {t['bo.kyc.doc_name']}
            <input
              className={`${cls.input} w-full`}
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={!!fieldError(action.failure, 'document_name')}
              data-testid="kyc-doc-name"
            />
          </label>
          <label className="block text-xs">
            {t['bo.kyc.doc_birthday']}
            <input
              className={`${cls.input} w-full`}
              value={birthday}
              maxLength={10}
              placeholder="1990-01-31"
              onChange={(e) => setBirthday(e.target.value)}
              data-testid="kyc-doc-birthday"
            />
          </label>
        </>
      )}
      <button
        type="button"
        className={cls.btn}
        disabled={action.busy || !opened}
        title={opened ? undefined : t['bo.kyc.open_first']}
        onClick={() => void decide('approve')}
        data-testid="kyc-approve"
      >
        {t['bo.kyc.approve']}
      </button>
      {!opened && (
        <p className="text-xs text-slate-500" data-testid="kyc-open-first">
          {t['bo.kyc.open_first']}
        </p>
      )}
      <div className="flex gap-2">
        <select
          className={`${cls.input} min-w-0 flex-1`}
          value={reason}
          onChange={(e) => setReason(e.target.value as KycRejectReason)}
          aria-label={t['bo.kyc.reason']}
          data-testid="kyc-reason"
        >
          <option value="">{t['bo.kyc.reason']}</option>
          {KYC_REJECT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t[`bo.audit.v.kyc.reject_reason.${r}`]}
            </option>
          ))}
        </select>
        <button type="button" className={cls.btnDanger} disabled={action.busy || !reason} onClick={() => void decide('reject')} data-testid="kyc-reject">
          {t['bo.kyc.reject']}
        </button>
      </div>
      <NoticeBanner notice={action.notice} testId="kyc-notice" />
      {dialog}
    </div>
  );
}

function History({ t, locale, data }: { t: T; locale: Locale; data: KycReviewView }) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold text-slate-700">{t['bo.kyc.history']}</h3>
      {data.history.length === 0 ? (
        <p className="text-sm text-slate-500">{t['bo.kyc.history.empty']}</p>
      ) : (
        <table className={cls.table} data-testid="kyc-history">
          <tbody>
            {data.history.map((h, i) => (
              <tr key={`${h.document_id}-${i}`}>
                <td className={cls.td}>{formatTime(h.at, locale)}</td>
                <td className={cls.td}>{kindName(t, h.kind)}</td>
                <td className={cls.td}>
                  {statusName(t, h.status)}
                  {h.reason ? `（${t[`bo.audit.v.kyc.reject_reason.${h.reason}` as K] ?? h.reason}）` : ''}
                </td>
                <td className={cls.td}>{h.staff ?? (h.status === 'submitted' ? t['bo.kyc.by_player'] : t['bo.kyc.automatic'])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
