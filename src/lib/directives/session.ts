// client:session — hydrates a session island (the desktop header, the mobile footer) as soon as it
// matters and no sooner: at idle for a signed-in player (a token is stored) or when the page has islands that
// hydrate at once anyway (React is downloaded for them), otherwise on the visitor's first interaction with the island
// or as soon as the visitor signs in somewhere else on the page (the session store marks the document then), so
// islands that follow the session (the red-packet launcher, the session timer) start without a reload. A visitor
// reading an info page downloads no framework at all. Before hydration the server-rendered login form cannot
// submit: its button is rendered disabled, and a form whose only submit button is disabled ignores Enter.
import type { ClientDirective } from 'astro';
import { rememberPage } from '../came-from.ts';

/**
 * Marks a control whose click needs the island (a link whose href is only the fallback, like the header's
 * 'forgot password', which opens the recovery dialog): a click that comes before hydration has finished waits
 * for it and is then given to the island, instead of following the fallback link.
 */
const HYDRATE_CLICK_ATTRIBUTE = 'data-hydrate-click';

const directive: ClientDirective = (load, _options, el) => {
  let started: Promise<void> | undefined;
  let ready = false;
  const hydrate = (): Promise<void> => {
    started ??= (async () => {
      const run = await load();
      await run();
      ready = true;
    })();
    return started;
  };

  el.addEventListener(
    'click',
    (event) => {
      if (ready || !(event.target instanceof Element)) return;
      const control = event.target.closest<HTMLElement>(`[${HYDRATE_CLICK_ATTRIBUTE}]`);
      if (!control || !el.contains(control)) return;
      event.preventDefault();
      event.stopPropagation();
      // React listens on the island from the moment it starts hydrating, and hydrates at once the part a click lands in.
      void hydrate().then(() => control.click());
    },
    { capture: true },
  );

  let signedIn = false;
  try {
    signedIn = !!localStorage.getItem('token');
  } catch {
    signedIn = false;
  }
  // Server-rendered invitations to register (home hero, footer) are for visitors only, and the frames of a player's
  // screens (wallet, deposit) for players only: the page learns here, while it is still being parsed and so before
  // its first paint, that a player is signed in. The session store keeps the mark in step with later logins and logouts.
  if (signedIn) document.documentElement.dataset.session = 'player';

  const decide = () => {
    rememberPage();
    // Only islands that hydrate at once count: other session islands (header, footer, the protection guard) wait
    // the same way, and client:visible ones (the main nav's hover panels) may never load React at all.
    if (signedIn || document.querySelectorAll('astro-island[client="load"], astro-island[client="idle"]').length > 0) {
      const idle = (cb: () => void): void => {
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(cb);
        else window.setTimeout(cb, 200);
      };
      // Fire and forget: hydration reports nothing to wait for, and an island that fails to load shows its own state.
      idle(() => void hydrate());
      return;
    }
    const events = ['pointerenter', 'focusin', 'touchstart'] as const;
    // A sign-in on this page (in the header or the mobile login dialog) sets the session mark on the document.
    const signIn = new MutationObserver(() => {
      if (document.documentElement.dataset.session === 'player') once();
    });
    const once = () => {
      for (const e of events) el.removeEventListener(e, once);
      signIn.disconnect();
      void hydrate();
    };
    for (const e of events) el.addEventListener(e, once, { passive: true });
    signIn.observe(document.documentElement, { attributes: true, attributeFilter: ['data-session'] });
  };
  // Later islands may not be parsed yet when the header's runs.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', decide, { once: true });
  else decide();
};

export default directive;
