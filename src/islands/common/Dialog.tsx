// A modal dialog: focus moves into it, Escape and the backdrop close it when allowed.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog(props: {
  open: boolean;
  title?: string;
  onClose?: () => void;
  width?: 400 | 480 | 500 | 600;
  children: ReactNode;
  labelClose?: string;
  /** The id of the element that names a dialog without a title (an alert's or a confirm's message). */
  labelledBy?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!props.open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, button, a, [tabindex]');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && props.onClose) props.onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [props.open]);
  if (!props.open) return null;
  const widthClass = { 400: 'max-w-[400px]', 480: 'max-w-[480px]', 500: 'max-w-[500px]', 600: 'max-w-[600px]' }[props.width ?? 400];
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && props.onClose) props.onClose();
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        // Every dialog has an accessible name: its heading, else the message it was given, else its whole body.
        aria-labelledby={props.title ? `${id}-title` : (props.labelledBy ?? `${id}-body`)}
        className={`w-full ${widthClass} rounded-lg bg-white text-slate-800 shadow-xl`}
      >
        {props.title && (
          <div className="flex items-center justify-between rounded-t-lg bg-brand-700 px-4 py-3 text-white">
            <h2 id={`${id}-title`} className="text-base font-semibold">
              {props.title}
            </h2>
            {props.onClose && (
              <button type="button" onClick={props.onClose} aria-label={props.labelClose ?? 'Close'} className="px-2 text-xl leading-none">
                ×
              </button>
            )}
          </div>
        )}
        <div id={`${id}-body`} className="p-5">
          {props.children}
        </div>
      </div>
    </div>
  );
}
