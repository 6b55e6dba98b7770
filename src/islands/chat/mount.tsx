// Mounts the chat window on demand: the launcher imports this module on its first click, so React's chat code and
// socket.io-client reach the browser only for players who open the chat.
import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../shared/constants.ts';
import ChatWidget, { type ChatT } from './ChatWidget.tsx';

let root: Root | undefined;
let host: HTMLElement | undefined;

export function openChat(opts: { t: ChatT; locale: Locale; container?: HTMLElement }): void {
  if (!host) {
    host = opts.container ?? document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
  }
  const close = opts.container
    ? undefined
    : () => {
        root?.render(null);
      };
  root!.render(<ChatWidget t={opts.t} locale={opts.locale} onClose={close} inline={Boolean(opts.container)} />);
}
