// The popup announcements overlay (SPEC.md sections 2 to 4). Only the first popup of the queue shows; closing
// removes it and the overlay goes when none remain. Escape and a click on the backdrop close only when
// close_mode is 2. Frames: 1 default, 2 custom (page_1_* styling), 3 image only. Layouts (page_2_frame_type):
// 1 the content, 2 deposit info (with a deposit button), 3 registration (with a register button for
// visitors), 5 empty. The content is an image (a click follows page_3_redirect: type 2 a new tab, 3 this
// window) or operator HTML sanitized when it was saved.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PopupView } from '../../shared/schemas/messages.ts';
import { rememberShown } from '../../lib/popup-rules.ts';

export type PopupText = Record<'popup.close' | 'popup.deposit' | 'popup.register' | 'popup.deposit_info' | 'popup.registration', string>;
export interface PopupPaths {
  deposit: string;
  register: string;
}

function follow(p: Pick<PopupView, 'page_3_redirect' | 'page_3_redirect_type'>): void {
  if (!p.page_3_redirect) return;
  if (p.page_3_redirect_type === 2) window.open(p.page_3_redirect, '_blank', 'noopener');
  else window.location.assign(p.page_3_redirect);
}

export default function PopupOverlay({ popups, t, paths, signedIn }: { popups: PopupView[]; t: PopupText; paths: PopupPaths; signedIn: boolean }) {
  const [queue, setQueue] = useState(popups);
  const current = queue[0];
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => setQueue((q) => q.slice(1));

  useEffect(() => {
    if (!current) return;
    rememberShown(current);
    closeRef.current?.focus();
    if (current.close_mode !== 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [current?.id]);

  if (!current) return null;
  const p = current;
  const imageOnly = p.frame_setting === 3;
  const custom = p.frame_setting === 2;
  const frameStyle: CSSProperties = { maxWidth: `${custom ? p.page_1_width : 500}px` };
  if (custom) Object.assign(frameStyle, { background: p.page_1_background, borderColor: p.page_1_border_color });
  const headStyle: CSSProperties | undefined = custom ? { background: p.page_1_header_background, color: p.page_1_title_color } : undefined;
  const title = p.page_2_frame_type === 2 ? t['popup.deposit_info'] : p.page_2_frame_type === 3 && !p.title ? t['popup.registration'] : p.title;

  const content =
    p.page_2_frame_type === 5 ? null : p.content_type === 1 && p.image ? (
      p.page_3_redirect ? (
        <button type="button" className="block w-full" onClick={() => follow(p)} data-testid="popup-image-link">
          <img src={p.image} alt={p.image_alt} className="block h-auto w-full" />
        </button>
      ) : (
        <img src={p.image} alt={p.image_alt} className="block h-auto w-full" />
      )
    ) : (
      // Sanitized on save (sanitize-html); the page's CSP would refuse an inline script anyway.
      <div className="operator-html break-words text-sm leading-relaxed" dangerouslySetInnerHTML={{ __html: p.html_code }} />
    );

  return (
    <div
      className="fixed inset-0 z-[60] flex items-center justify-center bg-black/60 p-4"
      data-testid="popup-overlay"
      data-popup-id={p.id}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && p.close_mode === 2) close();
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label={p.title || p.image_alt || t['popup.close']}
        style={frameStyle}
        className={`relative max-h-[90vh] w-full overflow-y-auto rounded-lg shadow-xl ${imageOnly ? '' : 'border bg-white text-slate-800'} ${custom ? 'border-2' : 'border-transparent'}`}
      >
        {imageOnly ? (
          <>
            <button
              ref={closeRef}
              type="button"
              onClick={close}
              aria-label={t['popup.close']}
              data-testid="popup-close"
              className="absolute right-2 top-2 z-10 h-8 w-8 rounded-full bg-black/60 text-xl leading-none text-white"
            >
              ×
            </button>
            {p.image ? (
              <button type="button" className="block w-full" onClick={() => follow(p)} data-testid="popup-image-link">
                <img src={p.image} alt={p.image_alt} className="block h-auto w-full rounded-lg" />
              </button>
            ) : (
              <div className="operator-html rounded-lg bg-white p-4 text-sm" dangerouslySetInnerHTML={{ __html: p.html_code }} />
            )}
          </>
        ) : (
          <>
            <div className={`flex items-center justify-between rounded-t-md px-4 py-3 ${custom ? '' : 'bg-brand-700 text-white'}`} style={headStyle}>
              <h2 className="text-base font-semibold" data-testid="popup-title">
                {title}
              </h2>
              <button
                ref={closeRef}
                type="button"
                onClick={close}
                aria-label={t['popup.close']}
                className="px-2 text-xl leading-none"
                data-testid="popup-close"
              >
                ×
              </button>
            </div>
            {content && <div className="p-4">{content}</div>}
            {p.page_2_frame_type === 2 && (
              <div className="px-4 pb-4">
                <a href={paths.deposit} className="btn-primary block w-full py-2 text-center">
                  {t['popup.deposit']}
                </a>
              </div>
            )}
            {p.page_2_frame_type === 3 && !signedIn && (
              <div className="px-4 pb-4">
                <a href={paths.register} className="btn-primary block w-full py-2 text-center">
                  {t['popup.register']}
                </a>
              </div>
            )}
            {p.page_2_frame_type === 5 && <div className="h-6" />}
          </>
        )}
      </div>
    </div>
  );
}
