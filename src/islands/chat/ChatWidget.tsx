// The player's live chat window. Loaded only when the player opens chat (mount.tsx, imported on the
// launcher's click), together with its socket: pages never download it otherwise. It shows the open conversation
// and the last 30 days, sends text, shows the agent typing and read marks, and with no agent online offers a
// message form whose message becomes a consultation.
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { $token } from '../../stores/auth-state.ts';
import { api, ApiFailure, configureApi } from '../../stores/api.ts';
import { TIME_ZONE, type Locale } from '../../shared/constants.ts';
import {
  CHAT_EVENTS,
  CHAT_IMAGES_MAX,
  CHAT_NAMESPACE,
  CHAT_TEXT_MAX,
  type ChatAck,
  type ChatMessageView,
  type ConversationView,
  type PlayerChatView,
} from '../../shared/schemas/chat.ts';
import type { ChatWidgetKey } from './keys.ts';
import { READ_STATUS } from '../../shared/statuses.ts';

export type ChatT = Record<ChatWidgetKey, string>;
type Phase = 'loading' | 'error' | 'signed-out' | 'ready';

/** A client key for each message, so a retried send is stored once. */
function newKey(): string {
  return (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 40);
}
const TYPING_IDLE_MS = 2500;

export default function ChatWidget({ t, locale, onClose, inline = false }: { t: ChatT; locale: Locale; onClose?: () => void; inline?: boolean }) {
  const [phase, setPhase] = useState<Phase>('loading');
  const [conversation, setConversation] = useState<ConversationView | null>(null);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [online, setOnline] = useState(false);
  const [agentTyping, setAgentTyping] = useState(false);
  const [agentReadUpTo, setAgentReadUpTo] = useState(0);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const socketRef = useRef<Socket | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typingTimer = useRef<number | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  const addMessage = useCallback((m: ChatMessageView) => {
    setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m].sort((x, y) => x.id - y.id)));
  }, []);

  useEffect(() => {
    configureApi(locale, t['chat.error']);
    const token = $token.get();
    if (!token) {
      setPhase('signed-out');
      return;
    }
    setPhase('loading');
    const socket = io(CHAT_NAMESPACE, { path: '/socket.io', transports: ['websocket'], auth: { token, locale }, reconnectionAttempts: 5 });
    socketRef.current = socket;
    const load = (state: PlayerChatView) => {
      setConversation(state.conversation);
      setMessages(state.messages);
      setOnline(state.agents_online);
      setPhase('ready');
    };
    socket.on('connect', () => {
      socket.timeout(10_000).emit(CHAT_EVENTS.open, {}, (err: Error | null, ack: ChatAck<PlayerChatView>) => {
        if (err || !ack.ok) setPhase('error');
        else load(ack.data);
      });
    });
    socket.on('connect_error', () => setPhase('error'));
    socket.on(CHAT_EVENTS.message, (m: ChatMessageView) => {
      addMessage(m);
      if (m.user_type === 'agent') setAgentTyping(false);
    });
    socket.on(CHAT_EVENTS.conversation, (c: ConversationView) => setConversation(c.state === 'closed' ? { ...c } : c));
    socket.on(CHAT_EVENTS.typing, (p: { side: string; typing: boolean }) => {
      if (p.side === 'agent') setAgentTyping(p.typing);
    });
    socket.on(CHAT_EVENTS.read, (p: { reader: string; upTo: number }) => {
      if (p.reader === 'agent') setAgentReadUpTo((n) => Math.max(n, p.upTo));
    });
    return () => {
      socket.disconnect();
      socketRef.current = null;
    };
  }, [attempt, locale, t, addMessage]);

  // New messages scroll into view, and the agent's messages are marked read while the window is open.
  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
    const lastAgent = [...messages].reverse().find((m) => m.user_type === 'agent' && m.read === READ_STATUS.unread);
    if (lastAgent && conversation && conversation.state !== 'closed' && lastAgent.chat_id === conversation.id) {
      socketRef.current?.emit(CHAT_EVENTS.read, { conversationId: conversation.id, upTo: lastAgent.id }, () => {
        setMessages((list) => list.map((m) => (m.user_type === 'agent' && m.id <= lastAgent.id ? { ...m, read: READ_STATUS.read } : m)));
      });
    }
  }, [messages, conversation]);

  const send = () => {
    const body = text.trim();
    const socket = socketRef.current;
    if (!body || !socket || sending) return;
    setSending(true);
    setError('');
    socket.timeout(10_000).emit(CHAT_EVENTS.send, { key: newKey(), text: body }, (err: Error | null, ack: ChatAck<ChatMessageView>) => {
      setSending(false);
      if (err) return setError(t['chat.error']);
      if (!ack.ok) {
        if (ack.fields?.chat) setOnline(false);
        return setError(Object.values(ack.fields ?? {}).flat()[0] ?? ack.message);
      }
      setText('');
      addMessage(ack.data);
      // The message ends this bout of typing; the next key starts a new one.
      window.clearTimeout(typingTimer.current);
      typingTimer.current = undefined;
      if (!conversation || conversation.id !== ack.data.chat_id) {
        socket.emit(CHAT_EVENTS.open, {}, (a: ChatAck<PlayerChatView>) => {
          if (a.ok) setConversation(a.data.conversation);
        });
      }
    });
  };

  /** Uploads the chosen pictures (the uploads module checks type and size) and sends them as one message. */
  const sendImages = async (files: FileList | null) => {
    const socket = socketRef.current;
    if (!files?.length || !socket || sending) return;
    setSending(true);
    setError('');
    try {
      const form = new FormData();
      for (const f of [...files].slice(0, CHAT_IMAGES_MAX)) form.append('file', f);
      const res = await fetch('/api/uploads/images', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${$token.get() ?? ''}`, 'x-locale': locale },
      });
      const body = (await res.json().catch(() => ({}))) as { data?: { files?: Array<{ id: number }> }; message?: string; error?: Record<string, string[]> };
      if (!res.ok || !body.data?.files) throw new Error(Object.values(body.error ?? {}).flat()[0] ?? body.message ?? t['chat.error']);
      const ack = (await socket
        .timeout(10_000)
        .emitWithAck(CHAT_EVENTS.send, { key: newKey(), images: body.data.files.map((f) => f.id) })) as ChatAck<ChatMessageView>;
      if (!ack.ok) throw new Error(Object.values(ack.fields ?? {}).flat()[0] ?? ack.message);
      // The file messages arrive on the socket too; the open call brings the conversation when this one started it.
      socket.emit(CHAT_EVENTS.open, {}, (a: ChatAck<PlayerChatView>) => {
        if (a.ok) {
          setConversation(a.data.conversation);
          setMessages(a.data.messages);
        }
      });
    } catch (err) {
      setError((err as Error).message || t['chat.error']);
    } finally {
      setSending(false);
    }
  };

  const onType = (value: string) => {
    setText(value);
    const socket = socketRef.current;
    if (!socket || !conversation || conversation.state !== 'active') return;
    if (!typingTimer.current) socket.emit(CHAT_EVENTS.typing, { conversationId: conversation.id, typing: true });
    window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => {
      typingTimer.current = undefined;
      socket.emit(CHAT_EVENTS.typing, { conversationId: conversation.id, typing: false });
    }, TYPING_IDLE_MS);
  };

  const end = () => {
    if (!conversation) return;
    socketRef.current?.emit(CHAT_EVENTS.close, { conversationId: conversation.id }, (ack: ChatAck<ConversationView>) => {
      if (ack.ok) setConversation(ack.data);
    });
  };

  const open = conversation && conversation.state !== 'closed' ? conversation : null;
  const status = open
    ? open.state === 'active'
      ? t['chat.active'].replace('{agent}', open.agent_name ?? t['chat.agent'])
      : t['chat.waiting']
    : conversation?.state === 'closed'
      ? t['chat.closed']
      : '';
  const lastMine = [...messages].reverse().find((m) => m.user_type === null);

  const frame = inline
    ? 'flex h-[70vh] w-full flex-col rounded-lg bg-white shadow-sm'
    : 'fixed bottom-4 right-4 z-50 flex h-[560px] max-h-[calc(100vh-2rem)] w-[360px] max-w-[calc(100vw-2rem)] flex-col rounded-lg bg-white shadow-2xl ring-1 ring-slate-200';

  return (
    <section className={frame} role="dialog" aria-label={t['chat.title']} data-testid="chat-widget">
      <header className="flex items-center justify-between rounded-t-lg bg-sky-700 px-4 py-3 text-white">
        <div>
          <h2 className="text-base font-semibold">{t['chat.title']}</h2>
          {status && (
            <p className="text-xs text-sky-100" data-testid="chat-status">
              {status}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          {open && (
            <button type="button" className="rounded border border-white/60 px-2 py-1 text-xs" onClick={end}>
              {t['chat.end']}
            </button>
          )}
          {onClose && (
            <button type="button" className="px-2 text-xl leading-none" aria-label={t['chat.close_widget']} onClick={onClose}>
              ×
            </button>
          )}
        </div>
      </header>
      {phase === 'loading' && (
        <p className="flex-1 p-6 text-center text-sm text-slate-500" role="status">
          {t['chat.loading']}
        </p>
      )}
      {phase === 'signed-out' && <p className="flex-1 p-6 text-center text-sm text-slate-600">{t['chat.login_first']}</p>}
      {phase === 'error' && (
        <div className="flex-1 p-6 text-center text-sm" role="alert">
          <p className="text-rose-700">{t['chat.error']}</p>
          <button type="button" className="mt-3 rounded bg-sky-700 px-4 py-2 text-white" onClick={() => setAttempt((n) => n + 1)}>
            {t['chat.retry']}
          </button>
        </div>
      )}
      {phase === 'ready' && (
        <>
          <div ref={listRef} className="flex-1 space-y-2 overflow-y-auto bg-slate-50 p-3" data-testid="chat-messages" aria-live="polite">
            {messages.length === 0 ? (
              (open || online) && <p className="p-4 text-center text-sm text-slate-500">{t['chat.empty']}</p>
            ) : (
              <p className="text-center text-[11px] text-slate-500">{t['chat.history_hint']}</p>
            )}
            {messages.map((m) => {
              const mine = m.user_type === null;
              return (
                <div key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
                  <div
                    className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${mine ? 'bg-sky-600 text-white' : 'bg-white text-slate-800 ring-1 ring-slate-200'}`}
                    data-testid={mine ? 'chat-mine' : 'chat-theirs'}
                  >
                    {!mine && <p className="text-[11px] font-medium text-slate-500">{m.user_name || t['chat.agent']}</p>}
                    {m.image_url && <img src={m.image_url} alt="" className="mb-1 max-h-48 rounded" loading="lazy" />}
                    {m.context && <p className="whitespace-pre-wrap break-words">{m.context}</p>}
                    <p className={`mt-1 text-[10px] ${mine ? 'text-sky-100' : 'text-slate-500'}`}>
                      {new Date(m.create_datetime).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE })}
                      {mine && lastMine?.id === m.id && (m.read === READ_STATUS.read || agentReadUpTo >= m.id) && (
                        <span data-testid="chat-read"> · {t['chat.read']}</span>
                      )}
                    </p>
                  </div>
                </div>
              );
            })}
            {agentTyping && (
              <p className="text-xs italic text-slate-500" data-testid="chat-typing">
                {t['chat.typing']}
              </p>
            )}
          </div>
          {!open && !online ? (
            <LeaveMessage t={t} onDone={(msg) => setNotice(msg)} notice={notice} />
          ) : (
            <form
              className="flex gap-2 border-t border-slate-200 p-3"
              onSubmit={(e) => {
                e.preventDefault();
                send();
              }}
            >
              <label
                className="flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded border border-slate-300 text-slate-600 hover:bg-slate-50"
                title={t['chat.image']}
              >
                <span className="sr-only">{t['chat.image']}</span>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <rect x="3" y="5" width="18" height="14" rx="2" />
                  <circle cx="9" cy="10" r="2" />
                  <path d="m21 17-5-5-8 8" />
                </svg>
                <input
                  type="file"
                  accept="image/png,image/jpeg"
                  multiple
                  className="sr-only"
                  disabled={sending}
                  data-testid="chat-image"
                  onChange={(e) => {
                    void sendImages(e.target.files);
                    e.target.value = '';
                  }}
                />
              </label>
              <label className="sr-only" htmlFor="chat-input">
                {t['chat.placeholder']}
              </label>
              <textarea
                id="chat-input"
                rows={1}
                className="min-h-[40px] flex-1 resize-none rounded border border-slate-300 px-3 py-2 text-sm"
                placeholder={t['chat.placeholder']}
                value={text}
                maxLength={CHAT_TEXT_MAX}
                onChange={(e) => onType(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    send();
                  }
                }}
                data-testid="chat-input"
              />
              <button
                type="submit"
                className="rounded bg-sky-700 px-4 text-sm text-white disabled:opacity-50"
                disabled={sending || !text.trim()}
                data-testid="chat-send"
              >
                {sending ? t['chat.sending'] : t['chat.send']}
              </button>
            </form>
          )}
          {error && (
            <p className="px-3 pb-2 text-xs text-rose-700" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** With no agent online: a title and a message that become a consultation. */
function LeaveMessage({ t, onDone, notice }: { t: ChatT; onDone: (message: string) => void; notice: string }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (notice)
    return (
      <p className="border-t border-slate-200 p-4 text-sm text-emerald-700" role="status" data-testid="chat-left">
        {notice}
      </p>
    );
  return (
    <form
      className="space-y-2 border-t border-slate-200 p-3"
      data-testid="chat-leave"
      onSubmit={(e) =>
        void (async () => {
          // Fire and forget: the handler shows its own errors, and the event it answers has nothing to wait for.
          e.preventDefault();
          setBusy(true);
          setError('');
          try {
            let message = '';
            await api('POST /chat/leave-message', {
              body: { title, content },
              onMessage: (m) => {
                message = m;
              },
            });
            onDone(message);
          } catch (err) {
            const fields = err instanceof ApiFailure ? err.body?.error : undefined;
            setError((fields && Object.values(fields).flat()[0]) || (err as Error).message);
          } finally {
            setBusy(false);
          }
        })()
      }
    >
      <p className="text-sm font-medium text-slate-700">{t['chat.offline_title']}</p>
      <p className="text-xs text-slate-500">{t['chat.offline_hint']}</p>
      <input
        className="w-full rounded border border-slate-300 px-3 py-2 text-sm"
        placeholder={t['chat.leave_title']}
        aria-label={t['chat.leave_title']}
        maxLength={50}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
      />
      <textarea
        className="w-full rounded border border-slate-300 px-3 py-2 text-sm"
        rows={3}
        placeholder={t['chat.leave_content']}
        aria-label={t['chat.leave_content']}
        maxLength={CHAT_TEXT_MAX}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        required
      />
      {error && (
        <p className="text-xs text-rose-700" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="w-full rounded bg-sky-700 py-2 text-sm text-white disabled:opacity-50" disabled={busy}>
        {busy ? t['chat.sending'] : t['chat.leave_send']}
      </button>
    </form>
  );
}
