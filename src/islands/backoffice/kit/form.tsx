// The back office's form kit: an action with its busy state and its outcome banner, labelled fields with the
// server's per-field messages (a BoFailure's error body), and the submit button. The confirm dialog is
// ConfirmDialog of common.tsx, the site's Dialog.
import { useState, type ReactNode } from 'react';
import { BoFailure } from './api.ts';
import { Banner, cls, errorText, type CommonT } from './common.tsx';

export interface Notice {
  kind: 'error' | 'success';
  text: string;
}

/** The server's message for one field of a refused form, already in the page's language. */
export function fieldError(err: unknown, name: string): string | undefined {
  return err instanceof BoFailure ? err.field(name) : undefined;
}

/**
 * One operator action at a time: `run` marks the form busy, clears the last outcome, and ends in a success banner
 * (when given its words) or the failure's words, the server's message for the first of `fields` it names before any
 * other; it resolves to the answer, or undefined when the call failed.
 */
export function useBoAction(t: CommonT) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  async function run<R>(call: () => Promise<R>, success?: string | ((answer: R) => string), fields: readonly string[] = []): Promise<R | undefined> {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      const answer = await call();
      if (success !== undefined) setNotice({ kind: 'success', text: typeof success === 'function' ? success(answer) : success });
      return answer;
    } catch (err) {
      setFailure(err);
      const field = fields.map((name) => fieldError(err, name)).find(Boolean);
      setNotice({ kind: 'error', text: field ?? errorText(err, t) });
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { busy, notice, setNotice, failure, run };
}

/** The outcome of the last action, if any. */
export function NoticeBanner({ notice, testId }: { notice: Notice | null; testId?: string }) {
  return notice ? (
    <Banner kind={notice.kind} testId={testId}>
      {notice.text}
    </Banner>
  ) : null;
}

/** A labelled field: its label above, the control, and the server's message for it under it. */
export function Field({
  label,
  error,
  children,
  className,
  errorTestId,
}: {
  label: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
  errorTestId?: string;
}) {
  return (
    <label className={className ?? 'block'}>
      <span className={cls.label}>{label}</span>
      {children}
      {error && (
        <p className={cls.fieldError} role="alert" data-testid={errorTestId}>
          {error}
        </p>
      )}
    </label>
  );
}

/** The form's submit button, disabled while its action runs. */
export function SubmitButton({
  busy,
  disabled,
  children,
  testId,
  className,
}: {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className ?? cls.btn} disabled={busy || disabled} data-testid={testId}>
      {children}
    </button>
  );
}
