// The set-up every player island runs first: the API client speaks the page's language before the island's first
// call, and the session machinery (user poll, socket, cross-tab reload) is started once per page.
import { useEffect, useState } from 'react';
import { configureApi } from '../../stores/api.ts';
import { startSession } from '../../stores/session.ts';
import type { Locale } from '../../shared/constants.ts';

/** The layout an island renders for: the desktop site or the phone site. */
export type Variant = 'desktop' | 'mobile';

/** Points the API client at the page's language before the island's first call, and starts the session. */
export function usePageSetup(locale: Locale, networkText: string): void {
  useState(() => {
    if (typeof window !== 'undefined') configureApi(locale, networkText);
    return true;
  });
  useEffect(() => startSession(), []);
}
