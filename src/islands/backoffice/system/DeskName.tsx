// An event kind's or a job's name on the system desk: its readable name from the catalogue with the technical name as
// a hint, or, where the catalogue has none, the technical name itself in code style (never bare text on a zh-TW page).
import { nameOf, type DeskNames } from './desk-words.ts';

/** An event kind's or a job's name: its readable name with the code as a hint, or the code in code style. */
export function TechName({ names, kind, name }: { names: DeskNames; kind: 'event_kind' | 'job'; name: string }) {
  const label = nameOf(names, kind, name);
  if (label)
    return (
      <span title={name} data-code={name}>
        {label}
      </span>
    );
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-700" data-code={name}>
      {name}
    </code>
  );
}
