// Words of the first-week fixes on the player side: the time-out's confirmation in the site's own dialog and
// the answers a time-out or self-exclusion gives in the reader's language.
export const siteWordsEn = {
  'protection.timeout_confirm': 'Take a time-out of {duration}? You cannot play or deposit until it ends.',
  'protection.timeout_started': 'Your time-out has started',
  'protection.exclusion_started': 'Your self-exclusion has started',
} as const;
