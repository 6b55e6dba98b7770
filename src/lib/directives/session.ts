// client:session — hydrates a session island (the desktop header, the mobile footer) as soon as it
// matters and no sooner: at idle for a signed-in player (a token is stored) or when the page has islands that
// hydrate at once anyway (React is downloaded for them), otherwise on the visitor's first interaction with the island. A visitor reading an
// info page downloads no framework at all. Before hydration the server-rendered login form cannot submit:
// its button is rendered disabled, and a form whose only submit button is disabled ignores Enter.
import type { ClientDirective } from 'astro';
import { rememberPage } from '../came-from.ts';

const directive: ClientDirective = (load, _options, el) => {
  let done = false;
  const hydrate = async () => {
    if (done) return;
    done = true;
    const run = await load();
    await run();
  };
  const decide = () => {
    rememberPage();
    let signedIn = false;
    try {
      signedIn = !!localStorage.getItem('token');
    } catch {
      signedIn = false;
    }
    // Server-rendered invitations to register (home hero, footer) are for visitors only:
    // the page learns here, before any island loads, that a player is signed in. The session store keeps
    // the mark in step with later logins and logouts.
    if (signedIn) document.documentElement.dataset.session = 'player';
    // Only islands that hydrate at once count: other session islands (header, footer, the protection guard) wait
    // the same way, and client:visible ones (the main nav's hover panels) may never load React at all.
    if (signedIn || document.querySelectorAll('astro-island[client="load"], astro-island[client="idle"]').length > 0) {
      const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
      idle(() => void hydrate());
      return;
    }
    const events = ['pointerenter', 'focusin', 'touchstart'] as const;
    const once = () => {
      for (const e of events) el.removeEventListener(e, once);
      void hydrate();
    };
    for (const e of events) el.addEventListener(e, once, { passive: true });
  };
  // Later islands may not be parsed yet when the header's runs.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', decide, { once: true });
  else decide();
};

export default directive;
