// The system desk's dead letters (loaded on demand): deliveries that gave up, newest event first, optionally of one
// kind, each with its subscriber, attempts, last error and payload (shown as text on request); with the permission
// 'system.redrive', a redrive of one or of every dead letter of the chosen kind, each asked for in a dialog first.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi } from '../kit/api.ts';
import { cls, fill, formatTime, useConfirm } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { NoticeBanner, useBoAction } from '../kit/form.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { DeadLetterView, OutboxKindView } from '../../../shared/schemas/backoffice/system-desk.ts';
import { nameOf, type DeskKey, type DeskNames, type DeskT } from './desk-words.ts';
import { TechName } from './DeskName.tsx';

/** Dead letters per page. */
const PAGE_SIZE = 20;

interface Props {
  t: DeskT;
  locale: Locale;
  names: DeskNames;
  /** The outbox's kinds, for the filter and the count a redrive of all would move. */
  kinds: OutboxKindView[];
  kind: string;
  onKind: (kind: string) => void;
  /** A redrive changed the figures: the events tab reads them again. */
  onChanged: () => void;
}

export default function SystemDeskDead({ t, locale, names, kinds, kind, onKind, onChanged }: Props) {
  const staff = useStore($boStaff);
  const mayRedrive = hasPermission(staff, 'system.redrive');
  const list = useBoData('GET /system-desk/dead-letters', { query: { event: kind }, pageSize: PAGE_SIZE });
  const action = useBoAction(t);
  const confirm = useConfirm(t);
  const [open, setOpen] = useState<string | null>(null);
  const label = (event: string) => nameOf(names, 'event_kind', event) ?? event;
  const deadOfKind = kinds.find((k) => k.event === kind)?.dead ?? 0;
  const done = (r: { redriven: number }) => fill(t['bo.sysdesk.redrive.done'], { count: r.redriven });
  const after = async () => {
    await list.reload();
    onChanged();
  };

  async function redriveOne(row: DeadLetterView) {
    if (!(await confirm.ask(fill(t['bo.sysdesk.redrive.confirm'], { id: row.event_id, event: label(row.event) })))) return;
    const r = await action.run(() => boApi('POST /system-desk/dead-letters/redrive', { body: { event_id: row.event_id, subscriber: row.subscriber } }), done);
    if (r) await after();
  }

  async function redriveKind() {
    if (!(await confirm.ask(fill(t['bo.sysdesk.redrive_kind.confirm'], { count: deadOfKind, event: label(kind) })))) return;
    const r = await action.run(() => boApi('POST /system-desk/dead-letters/redrive-kind', { body: { event: kind } }), done);
    if (r) await after();
  }

  const listState = { ...list.state, emptyText: t['bo.sysdesk.dead.empty'] };
  const key = (r: DeadLetterView) => `${r.event_id}/${r.subscriber}`;
  const columns: Array<BoColumn<DeadLetterView, DeskKey>> = [
    { key: 'id', header: 'bo.sysdesk.col.event_id', className: 'tabular-nums', cell: (r) => r.event_id },
    { key: 'event', header: 'bo.sysdesk.col.event', cell: (r) => <TechName names={names} kind="event_kind" name={r.event} /> },
    { key: 'subscriber', header: 'bo.sysdesk.col.subscriber', cell: (r) => <code className="text-xs text-slate-700">{r.subscriber}</code> },
    { key: 'attempts', header: 'bo.sysdesk.col.attempts', align: 'right', className: 'tabular-nums', cell: (r) => r.attempts },
    {
      key: 'error',
      header: 'bo.sysdesk.col.last_error',
      className: 'max-w-xs',
      cell: (r) => <code className="line-clamp-3 break-words text-xs text-slate-700">{r.last_error ?? t['bo.sysdesk.none']}</code>,
      title: (r) => r.last_error ?? '',
    },
    { key: 'failed', header: 'bo.sysdesk.col.failed_at', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.last_failed_at, locale) },
    {
      key: 'payload',
      header: 'bo.sysdesk.col.payload',
      cell: (r) => (
        <button type="button" className={cls.btnSmall} aria-expanded={open === key(r)} onClick={() => setOpen(open === key(r) ? null : key(r))}>
          {open === key(r) ? t['bo.sysdesk.payload.hide'] : t['bo.sysdesk.payload.show']}
        </button>
      ),
    },
    {
      key: 'actions',
      header: 'bo.actions',
      hidden: !mayRedrive,
      cell: (r) => (
        <button type="button" className={cls.btnSmall} disabled={action.busy} onClick={() => void redriveOne(r)} data-testid="sysdesk-redrive">
          {t['bo.sysdesk.redrive']}
        </button>
      ),
    },
  ];

  return (
    <section className={`${cls.card} space-y-3`} data-testid="sysdesk-dead">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className={cls.label}>{t['bo.sysdesk.filter.kind']}</span>
          <select className={cls.input} value={kind} onChange={(e) => onKind(e.target.value)} data-testid="sysdesk-dead-kind">
            <option value="">{t['bo.sysdesk.filter.all']}</option>
            {kinds
              .filter((k) => k.dead > 0 || k.event === kind)
              .map((k) => (
                <option key={k.event} value={k.event} data-code={nameOf(names, 'event_kind', k.event) ? undefined : k.event}>
                  {label(k.event)} ({k.dead.toLocaleString('en-US')})
                </option>
              ))}
          </select>
        </label>
        {mayRedrive && kind && deadOfKind > 0 && (
          <button type="button" className={cls.btn} disabled={action.busy} onClick={() => void redriveKind()} data-testid="sysdesk-redrive-kind">
            {fill(t['bo.sysdesk.redrive_kind'], { count: deadOfKind.toLocaleString('en-US') })}
          </button>
        )}
      </div>
      <NoticeBanner notice={action.notice} testId="sysdesk-dead-notice" />
      <BoTable
        t={t}
        columns={columns}
        rowKey={key}
        list={{ ...list, state: listState }}
        scroll
        rowTestId="sysdesk-dead-row"
        rowData={(r) => ({ 'data-event-id': r.event_id, 'data-subscriber': r.subscriber })}
        below={(r) =>
          open === key(r) ? (
            <tr>
              <td colSpan={columns.filter((c) => !c.hidden).length} className="border-b border-slate-100 bg-slate-50 px-3 py-2">
                <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-all text-xs text-slate-700" data-testid="sysdesk-payload">
                  {r.payload}
                </pre>
                {r.payload_cut && <p className="mt-1 text-xs text-slate-500">{t['bo.sysdesk.payload.cut']}</p>}
              </td>
            </tr>
          ) : null
        }
      />
      {confirm.dialog}
    </section>
  );
}
