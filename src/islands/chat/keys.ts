// The catalogue keys the chat widget needs; the launcher passes their texts, so the widget's chunk holds no catalogue.
export const CHAT_WIDGET_KEYS = [
  'chat.title', 'chat.close_widget', 'chat.loading', 'chat.error', 'chat.retry', 'chat.login_first', 'chat.empty', 'chat.waiting',
  'chat.active', 'chat.closed', 'chat.placeholder', 'chat.send', 'chat.image', 'chat.typing', 'chat.read', 'chat.end', 'chat.agent',
  'chat.offline_title', 'chat.offline_hint', 'chat.leave_title', 'chat.leave_content', 'chat.leave_send', 'chat.sending', 'chat.history_hint',
] as const;
export type ChatWidgetKey = (typeof CHAT_WIDGET_KEYS)[number];
