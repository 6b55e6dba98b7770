// The live chat console: the queue, the agent's conversations (several at once, each with its unread
// count), the selected conversation with typing and read marks, transfer and close, canned replies, and the
// player's account, level and wallets beside it. Everything live goes over the /chat socket with the staff token;
// the player card and canned replies come from /api/backoffice/chat.
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useStore } from '@nanostores/react';
import { $boStaff, $boToken, hasPermission } from '../../../stores/backoffice.ts';
import { boApi, boPath } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Empty, Guard, ListState, cls, errorText, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import type { Locale } from '../../../shared/constants.ts';
import {
  CHAT_EVENTS,
  CHAT_NAMESPACE,
  CHAT_TEXT_MAX,
  type AgentStateView,
  type ChatAck,
  type ChatMessageView,
  type ConversationMessagesView,
  type ConversationView,
} from '../../../shared/schemas/chat.ts';
import { PLAYER_STATUS, READ_STATUS } from '../../../shared/statuses.ts';
import { formatDecimal } from '../../../shared/money.ts';
import { WALLET_KEYS, walletName } from '../kit/codes.ts';

export const CHAT_CONSOLE_KEYS = [
  ...COMMON_KEYS,
  'bo.chat.title',
  'bo.chat.queue',
  'bo.chat.mine',
  'bo.chat.take',
  'bo.chat.transfer',
  'bo.chat.transfer_do',
  'bo.chat.close',
  'bo.chat.send',
  'bo.chat.placeholder',
  'bo.chat.pick',
  'bo.chat.no_queue',
  'bo.chat.no_mine',
  'bo.chat.waiting_since',
  'bo.chat.typing',
  'bo.chat.read',
  'bo.chat.connected',
  'bo.chat.disconnected',
  'bo.chat.player',
  'bo.chat.account',
  'bo.chat.level',
  'bo.chat.status',
  'bo.chat.status.on',
  'bo.chat.status.off',
  'bo.chat.registered',
  'bo.chat.last_login',
  'bo.chat.wallets',
  'bo.chat.open_player',
  ...WALLET_KEYS,
  'bo.chat.canned',
  'bo.chat.canned_none',
  'bo.chat.canned_title',
  'bo.chat.canned_body',
  'bo.chat.canned_add',
  'bo.chat.canned_save',
  'bo.chat.canned_edit',
  'bo.chat.canned_delete',
  'bo.chat.closed',
  'bo.chat.state.waiting',
  'bo.chat.state.active',
  'bo.chat.state.closed',
  'bo.chat.agent_offline',
  'bo.chat.picture',
  'bo.chat.picture_sending',
] as const;
type K = (typeof CHAT_CONSOLE_KEYS)[number];
type T = IslandProps<K>['t'];

const newKey = () => (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 40);
/** A socket call answered through its acknowledgement; refusals become errors with the server's message. */
function call<R>(socket: Socket, event: string, payload: unknown = {}): Promise<R> {
  return new Promise((resolve, reject) => {
    socket.timeout(10_000).emit(event, payload, (err: Error | null, ack: ChatAck<R>) => {
      if (err) return reject(err);
      if (!ack.ok) return reject(new Error(Object.values(ack.fields ?? {}).flat()[0] ?? ack.message));
      resolve(ack.data);
    });
  });
}

export default function ChatConsole({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="chat.agent">
      {() => <Console t={t} locale={locale} />}
    </Guard>
  );
}

function Console({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const [socket, setSocket] = useState<Socket | null>(null);
  const [connected, setConnected] = useState(false);
  const [state, setState] = useState<AgentStateView | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [threads, setThreads] = useState<Record<number, ChatMessageView[]>>({});
  const [typing, setTyping] = useState<Record<number, boolean>>({});
  const [readUpTo, setReadUpTo] = useState<Record<number, number>>({});
  const [error, setError] = useState('');
  const selectedRef = useRef<number | null>(null);
  selectedRef.current = selected;

  const refresh = useCallback(async (s: Socket) => {
    try {
      setState(await call<AgentStateView>(s, CHAT_EVENTS.agentState));
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);

  const loadThread = useCallback(async (s: Socket, conversationId: number) => {
    const data = await call<ConversationMessagesView>(s, CHAT_EVENTS.history, { conversationId });
    setThreads((all) => ({ ...all, [conversationId]: data.messages }));
  }, []);

  useEffect(() => {
    const s = io(CHAT_NAMESPACE, { path: '/socket.io', transports: ['websocket'], auth: { token: $boToken.get(), staff: true, locale } });
    setSocket(s);
    s.on('connect', () => {
      setConnected(true);
      setError('');
      void refresh(s);
    });
    s.on('disconnect', () => setConnected(false));
    s.on('connect_error', (err) => {
      setConnected(false);
      setError(err.message);
    });
    s.on(CHAT_EVENTS.queue, () => void refresh(s));
    s.on(CHAT_EVENTS.conversation, () => void refresh(s));
    s.on(CHAT_EVENTS.message, (m: ChatMessageView) => {
      setThreads((all) => {
        const list = all[m.chat_id] ?? [];
        return list.some((x) => x.id === m.id) ? all : { ...all, [m.chat_id]: [...list, m] };
      });
      if (m.user_type === null) setTyping((all) => ({ ...all, [m.chat_id]: false }));
      // Unread counts live in the state: a message in a conversation not on screen refreshes them.
      if (m.chat_id !== selectedRef.current) void refresh(s);
    });
    s.on(CHAT_EVENTS.typing, (p: { conversationId: number; side: string; typing: boolean }) => {
      if (p.side === 'player') setTyping((all) => ({ ...all, [p.conversationId]: p.typing }));
    });
    s.on(CHAT_EVENTS.read, (p: { conversationId: number; reader: string; upTo: number }) => {
      if (p.reader === 'player') setReadUpTo((all) => ({ ...all, [p.conversationId]: Math.max(all[p.conversationId] ?? 0, p.upTo) }));
    });
    return () => {
      s.disconnect();
    };
  }, [locale, refresh]);

  useEffect(() => {
    if (socket && selected !== null) void loadThread(socket, selected).catch((err: Error) => setError(err.message));
  }, [socket, selected, loadThread]);

  const act = async (fn: () => Promise<unknown>) => {
    setError('');
    try {
      await fn();
    } catch (err) {
      setError((err as Error).message);
    }
    if (socket) await refresh(socket);
  };

  const all = [...(state?.mine ?? []), ...(state?.queue ?? [])];
  const current = all.find((c) => c.id === selected) ?? null;

  return (
    <div className="space-y-3" data-testid="chat-console">
      <div className="flex items-center gap-3 text-sm">
        <span className={`inline-flex items-center gap-1.5 ${connected ? 'text-emerald-700' : 'text-amber-700'}`} data-testid="chat-connection">
          <span className={`h-2 w-2 rounded-full ${connected ? 'bg-emerald-500' : 'bg-amber-500'}`} aria-hidden="true" />
          {connected ? t['bo.chat.connected'] : t['bo.chat.disconnected']}
        </span>
      </div>
      {/* Before the first state arrives a failure is the list's; after it, a failed action is a banner above the console. */}
      {error && state && <Banner kind="error">{error}</Banner>}
      <ListState t={t} loading={!state} error={state ? null : error} retry={socket ? () => refresh(socket) : undefined}>
        {state && (
          <div className="grid grid-cols-[260px_minmax(0,1fr)_300px] gap-4">
            <aside className="space-y-4">
              <ConversationList
                t={t}
                locale={locale}
                title={t['bo.chat.queue']}
                empty={t['bo.chat.no_queue']}
                items={state.queue}
                selected={selected}
                onSelect={setSelected}
                testId="chat-queue"
                action={(c) =>
                  socket && (
                    <button
                      type="button"
                      className={cls.btnSmall}
                      data-testid="chat-take"
                      onClick={() =>
                        void act(async () => {
                          await call(socket, CHAT_EVENTS.take, { conversationId: c.id });
                          setSelected(c.id);
                        })
                      }
                    >
                      {t['bo.chat.take']}
                    </button>
                  )
                }
              />
              <ConversationList
                t={t}
                locale={locale}
                title={t['bo.chat.mine']}
                empty={t['bo.chat.no_mine']}
                items={state.mine}
                selected={selected}
                onSelect={setSelected}
                testId="chat-mine"
              />
            </aside>
            <section className={`${cls.card} flex h-[640px] flex-col p-0`}>
              {!current || !socket ? (
                <p className="m-auto p-6 text-sm text-slate-500">{t['bo.chat.pick']}</p>
              ) : (
                <Thread
                  t={t}
                  locale={locale}
                  socket={socket}
                  conversation={current}
                  messages={threads[current.id] ?? []}
                  typing={typing[current.id] ?? false}
                  readUpTo={readUpTo[current.id] ?? 0}
                  mine={current.agent_id === staff?.id && current.state === 'active'}
                  agents={state.agents.filter((a) => a.id !== state.me)}
                  act={act}
                  onError={setError}
                />
              )}
            </section>
            <aside className="space-y-4">
              {current && <PlayerCard t={t} locale={locale} playerId={current.player_id} />}
              <CannedReplies
                t={t}
                canEdit={hasPermission(staff, 'chat.manage')}
                onPick={(body) => window.dispatchEvent(new CustomEvent('chat-canned', { detail: body }))}
              />
            </aside>
          </div>
        )}
      </ListState>
    </div>
  );
}

function ConversationList({
  t,
  locale,
  title,
  empty,
  items,
  selected,
  onSelect,
  action,
  testId,
}: {
  t: T;
  locale: Locale;
  title: string;
  empty: string;
  items: ConversationView[];
  selected: number | null;
  onSelect: (id: number) => void;
  action?: (c: ConversationView) => React.ReactNode;
  testId: string;
}) {
  return (
    <section className={`${cls.card} p-3`} data-testid={testId}>
      <h2 className="mb-2 text-sm font-semibold text-slate-700">
        {title} <span className="text-slate-400">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="py-3 text-center text-xs text-slate-500">{empty}</p>
      ) : (
        <ul className="space-y-1">
          {items.map((c) => (
            <li
              key={c.id}
              className={`flex items-center justify-between gap-2 rounded px-2 py-1.5 text-sm ${selected === c.id ? 'bg-brand-50 ring-1 ring-brand-600/30' : 'hover:bg-slate-50'}`}
            >
              <button type="button" className="min-w-0 flex-1 text-left" onClick={() => onSelect(c.id)} data-testid="chat-conversation">
                <span className="block truncate font-medium">{c.account}</span>
                <span className="block text-[11px] text-slate-500">
                  {c.state === 'waiting'
                    ? fill(t['bo.chat.waiting_since'], { at: formatTime(c.created_at, locale).slice(-8) })
                    : formatTime(c.last_message_at, locale).slice(-8)}
                </span>
              </button>
              {c.unread > 0 && (
                <span className="rounded-full bg-red-600 px-1.5 text-[11px] font-semibold text-white" data-testid="chat-unread">
                  {c.unread}
                </span>
              )}
              {action?.(c)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Thread({
  t,
  locale,
  socket,
  conversation,
  messages,
  typing,
  readUpTo,
  mine,
  agents,
  act,
  onError,
}: {
  t: T;
  locale: Locale;
  socket: Socket;
  conversation: ConversationView;
  messages: ChatMessageView[];
  typing: boolean;
  readUpTo: number;
  mine: boolean;
  agents: AgentStateView['agents'];
  act: (fn: () => Promise<unknown>) => Promise<void>;
  onError: (m: string) => void;
}) {
  const [text, setText] = useState('');
  const [target, setTarget] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const typingTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const onCanned = (e: Event) => setText((e as CustomEvent<string>).detail);
    window.addEventListener('chat-canned', onCanned);
    return () => window.removeEventListener('chat-canned', onCanned);
  }, []);

  // New messages scroll into view; the player's messages on screen are marked read.
  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
    const last = [...messages].reverse().find((m) => m.user_type === null && m.read === READ_STATUS.unread);
    if (mine && last) void call(socket, CHAT_EVENTS.read, { conversationId: conversation.id, upTo: last.id }).catch(() => undefined);
  }, [messages, mine, socket, conversation.id]);

  const send = async () => {
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    try {
      await call(socket, CHAT_EVENTS.agentSend, { conversationId: conversation.id, key: newKey(), text: body });
      setText('');
      // The message ends this bout of typing (the player's window hides the mark on it); the next key starts a new one.
      window.clearTimeout(typingTimer.current);
      typingTimer.current = undefined;
    } catch (err) {
      onError((err as Error).message);
    } finally {
      setSending(false);
    }
  };
  // A picture goes up as a private back-office upload first (only the player and staff get its signed URL),
  // then the message carries its id.
  const sendPicture = async (file: File | undefined) => {
    if (!file || sending) return;
    setSending(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const uploaded = await boApi('POST /uploads/images', { body: form, query: { visibility: 'private' } });
      await call(socket, CHAT_EVENTS.agentSend, { conversationId: conversation.id, key: newKey(), images: uploaded.files.map((f) => f.id) });
    } catch (err) {
      onError((err as Error).message);
    } finally {
      setSending(false);
    }
  };
  const onType = (value: string) => {
    setText(value);
    if (!mine) return;
    if (!typingTimer.current) socket.emit(CHAT_EVENTS.typing, { conversationId: conversation.id, typing: true });
    window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => {
      typingTimer.current = undefined;
      socket.emit(CHAT_EVENTS.typing, { conversationId: conversation.id, typing: false });
    }, 2500);
  };
  const lastAgent = [...messages].reverse().find((m) => m.user_type === 'agent');

  return (
    <>
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
        <div>
          <h2 className="font-semibold" data-testid="chat-thread-title">
            {conversation.account}
          </h2>
          <p className="text-xs text-slate-500">
            {t[`bo.chat.state.${conversation.state}`]}
            {conversation.agent_name ? ` · ${conversation.agent_name}` : ''}
          </p>
        </div>
        {mine && (
          <div className="flex items-center gap-2">
            <label className="sr-only" htmlFor="chat-transfer">
              {t['bo.chat.transfer']}
            </label>
            <select
              id="chat-transfer"
              className={`${cls.input} h-7 text-xs`}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              data-testid="chat-transfer-target"
            >
              <option value="">{t['bo.chat.transfer']}</option>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.username}
                  {a.online ? '' : ` ${t['bo.chat.agent_offline']}`}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={cls.btnSmall}
              disabled={!target}
              data-testid="chat-transfer"
              onClick={() => void act(() => call(socket, CHAT_EVENTS.transfer, { conversationId: conversation.id, toStaffId: Number(target) }))}
            >
              {t['bo.chat.transfer_do']}
            </button>
            <button
              type="button"
              className={cls.btnDanger}
              data-testid="chat-close"
              onClick={() => void act(() => call(socket, CHAT_EVENTS.agentClose, { conversationId: conversation.id }))}
            >
              {t['bo.chat.close']}
            </button>
          </div>
        )}
      </header>
      <div ref={listRef} className="flex-1 space-y-2 overflow-y-auto bg-slate-50 p-4" data-testid="chat-thread" aria-live="polite">
        {messages.length === 0 && <Empty t={t} />}
        {messages.map((m) => {
          const agent = m.user_type === 'agent';
          return (
            <div key={m.id} className={`flex ${agent ? 'justify-end' : 'justify-start'}`}>
              <div
                className={`max-w-[75%] rounded-lg px-3 py-2 text-sm ${agent ? 'bg-brand-600 text-white' : 'bg-white ring-1 ring-slate-200'}`}
                data-testid={agent ? 'chat-agent-msg' : 'chat-player-msg'}
              >
                <p className={`text-[11px] ${agent ? 'text-white/70' : 'text-slate-500'}`}>
                  {m.user_name} · {formatTime(m.create_datetime, locale).slice(-8)}
                </p>
                {m.image_url && <img src={m.image_url} alt="" className="my-1 max-h-48 rounded" loading="lazy" />}
                {m.context && <p className="whitespace-pre-wrap break-words">{m.context}</p>}
                {agent && lastAgent?.id === m.id && (m.read === READ_STATUS.read || readUpTo >= m.id) && (
                  <p className="text-right text-[10px] text-white/80" data-testid="chat-read">
                    {t['bo.chat.read']}
                  </p>
                )}
              </div>
            </div>
          );
        })}
        {typing && (
          <p className="text-xs italic text-slate-500" data-testid="chat-typing">
            {t['bo.chat.typing']}
          </p>
        )}
      </div>
      {mine && (
        <form
          className="flex gap-2 border-t border-slate-200 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label className="sr-only" htmlFor="chat-reply">
            {t['bo.chat.placeholder']}
          </label>
          <textarea
            id="chat-reply"
            rows={2}
            className={cls.textarea}
            maxLength={CHAT_TEXT_MAX}
            placeholder={t['bo.chat.placeholder']}
            value={text}
            onChange={(e) => onType(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
            data-testid="chat-reply"
          />
          <div className="flex flex-col gap-1">
            <button type="submit" className={cls.btn} disabled={sending || !text.trim()} data-testid="chat-reply-send">
              {t['bo.chat.send']}
            </button>
            <label className={`${cls.btnSmall} cursor-pointer text-center`} aria-busy={sending}>
              {sending ? t['bo.chat.picture_sending'] : t['bo.chat.picture']}
              <input
                type="file"
                accept=".png,.jpg,.jpeg,.webp,.gif,image/*"
                className="sr-only"
                disabled={sending}
                data-testid="chat-reply-picture"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  void sendPicture(f);
                }}
              />
            </label>
          </div>
        </form>
      )}
    </>
  );
}

function PlayerCard({ t, locale, playerId }: { t: T; locale: Locale; playerId: number }) {
  const { data: card, error, reload } = useBoData('GET /chat/players/:id', { params: { id: playerId } });
  return (
    <section className={`${cls.card} p-4 text-sm`} data-testid="chat-player-card">
      <h2 className="mb-2 font-semibold text-slate-700">{t['bo.chat.player']}</h2>
      <ListState t={t} loading={!card} error={error} retry={reload}>
        {card && (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-500">{t['bo.chat.account']}</dt>
              <dd className="font-medium" data-testid="chat-player-account">
                {card.account}
              </dd>
              <dt className="text-slate-500">{t['bo.chat.level']}</dt>
              <dd>{card.level}</dd>
              <dt className="text-slate-500">{t['bo.chat.status']}</dt>
              <dd>{card.status === PLAYER_STATUS.active ? t['bo.chat.status.on'] : t['bo.chat.status.off']}</dd>
              <dt className="text-slate-500">{t['bo.chat.registered']}</dt>
              <dd>{formatTime(card.created_at, locale)}</dd>
              <dt className="text-slate-500">{t['bo.chat.last_login']}</dt>
              <dd>{formatTime(card.last_login_at, locale)}</dd>
            </dl>
            <h3 className="mb-1 mt-3 font-semibold text-slate-700">{t['bo.chat.wallets']}</h3>
            <table className={cls.table}>
              <tbody>
                {card.wallets.map((w) => (
                  <tr key={`${w.kind}:${w.ref}`}>
                    <td className="py-0.5 text-slate-600">{walletName(t, w.kind, w.ref)}</td>
                    <td className="py-0.5 text-right tabular-nums">{formatDecimal(w.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <a className="mt-3 inline-block text-brand-600 hover:underline" href={`${boPath(locale, 'player')}?id=${card.id}`} target="_blank" rel="noopener">
              {t['bo.chat.open_player']}
            </a>
          </>
        )}
      </ListState>
    </section>
  );
}

function CannedReplies({ t, canEdit, onPick }: { t: T; canEdit: boolean; onPick: (body: string) => void }) {
  const { data: rows, error: loadError, reload: load } = useBoData('GET /chat/canned');
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState<{ id: number | null; title: string; body: string } | null>(null);
  const save = async () => {
    if (!editing) return;
    try {
      const body = { title: editing.title, body: editing.body };
      if (editing.id) await boApi('PUT /chat/canned/:id', { params: { id: editing.id }, body });
      else await boApi('POST /chat/canned', { body });
      setEditing(null);
      setError(null);
      void load();
    } catch (err) {
      setError(err);
    }
  };
  const remove = async (id: number) => {
    try {
      await boApi('DELETE /chat/canned/:id', { params: { id } });
      setError(null);
      void load();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section className={`${cls.card} p-4 text-sm`} data-testid="chat-canned">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold text-slate-700">{t['bo.chat.canned']}</h2>
        {canEdit && (
          <button type="button" className={cls.btnSmall} onClick={() => setEditing({ id: null, title: '', body: '' })}>
            {t['bo.chat.canned_add']}
          </button>
        )}
      </div>
      {error ? <Banner kind="error">{errorText(error, t)}</Banner> : null}
      {editing && (
        <form
          className="mb-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <input
            className={`${cls.input} w-full`}
            maxLength={40}
            placeholder={t['bo.chat.canned_title']}
            aria-label={t['bo.chat.canned_title']}
            value={editing.title}
            onChange={(e) => setEditing({ ...editing, title: e.target.value })}
            required
          />
          <textarea
            className={cls.textarea}
            rows={3}
            maxLength={CHAT_TEXT_MAX}
            placeholder={t['bo.chat.canned_body']}
            aria-label={t['bo.chat.canned_body']}
            value={editing.body}
            onChange={(e) => setEditing({ ...editing, body: e.target.value })}
            required
          />
          <div className="flex gap-2">
            <button type="submit" className={cls.btnSmall}>
              {t['bo.chat.canned_save']}
            </button>
            <button type="button" className={cls.btnSmall} onClick={() => setEditing(null)}>
              {t['bo.cancel']}
            </button>
          </div>
        </form>
      )}
      <ListState t={t} loading={!rows} error={loadError} empty={rows?.length === 0} retry={load} emptyText={t['bo.chat.canned_none']}>
        {rows && (
          <ul className="space-y-1">
            {rows.map((r) => (
              <li key={r.id} className="flex items-start gap-2">
                <button
                  type="button"
                  className="min-w-0 flex-1 rounded px-2 py-1 text-left hover:bg-slate-50"
                  title={r.body}
                  onClick={() => onPick(r.body)}
                  data-testid="chat-canned-item"
                >
                  <span className="block font-medium">{r.title}</span>
                  <span className="block truncate text-xs text-slate-500">{r.body}</span>
                </button>
                {canEdit && (
                  <>
                    <button type="button" className={cls.btnSmall} onClick={() => setEditing({ id: r.id, title: r.title, body: r.body })}>
                      {t['bo.chat.canned_edit']}
                    </button>
                    <button type="button" className={cls.btnDanger} onClick={() => void remove(r.id)}>
                      {t['bo.chat.canned_delete']}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
