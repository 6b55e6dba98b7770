// The password card's words, kept in a module of their own so the shared portal wrapper (common.tsx) and the card
// itself (PasswordCard.tsx, which imports common.tsx) can both read them without an import cycle at load time.
export const PASSWORD_KEYS = [
  'agent.pw.title',
  'agent.pw.must',
  'agent.pw.old',
  'agent.pw.new',
  'agent.pw.confirm',
  'agent.pw.save',
  'agent.pw.saved',
  'agent.pw.mismatch',
  'v.password.invalid',
] as const;
