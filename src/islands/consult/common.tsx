// Pieces the consultation islands share: the image picker with the uploads module's client-side checks that
// mirror the server (at most 3 images, png or jpeg by their bytes, 500 KB each; the server still decides), and the
// state badge.
import { useEffect, useMemo, useRef } from 'react';
import { checkImages, type ImageProblem } from '../common/uploads.ts';
import { fill } from '../../shared/text.ts';
import { PLAYER_IMAGE_ACCEPT, PLAYER_IMAGES_MAX } from '../../shared/schemas/uploads.ts';
import type { ConsultationState } from '../../shared/schemas/consultations.ts';

export { uploadImages } from '../common/uploads.ts';

export const PICKER_KEYS = [
  'consult.ui.images',
  'consult.ui.images_hint',
  'consult.ui.add_image',
  'consult.ui.remove_image',
  'upload.type_named',
  'upload.too_large_named',
  'upload.too_many',
] as const;
type PickerT = Record<(typeof PICKER_KEYS)[number], string>;

function problemText(t: PickerT, problem: ImageProblem): string {
  if (problem.key === 'upload.too_many') return t['upload.too_many'];
  return fill(t[problem.key === 'upload.type' ? 'upload.type_named' : 'upload.too_large_named'], { name: problem.file });
}

export function ImagePicker({
  t,
  files,
  onChange,
  onError,
  disabled,
  idPrefix,
}: {
  t: PickerT;
  files: File[];
  onChange: (files: File[]) => void;
  onError: (message: string) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);
  const pick = async (list: FileList | null) => {
    if (!list) return;
    const picked = Array.from(list);
    if (input.current) input.current.value = '';
    // The same limits as the server, checked when the pictures are chosen: the good ones are added, and each
    // refused one is named. The server still decides.
    const { accepted, problems } = await checkImages(picked, files.length);
    if (accepted.length) onChange([...files, ...accepted]);
    if (problems.length) onError(problems.map((p) => problemText(t, p)).join(' '));
  };
  return (
    <div>
      <span className="field-label" id={`${idPrefix}-images-label`}>
        {t['consult.ui.images']}
      </span>
      <div className="flex flex-wrap gap-2" aria-labelledby={`${idPrefix}-images-label`}>
        {previews.map((src, i) => (
          <div key={src} className="relative h-20 w-20 overflow-hidden rounded border border-slate-200 bg-slate-50" data-testid="consult-preview">
            <img src={src} alt="" className="h-full w-full object-cover" />
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
              aria-label={fill(t['consult.ui.remove_image'], { n: i + 1 })}
              className="absolute right-0 top-0 h-6 w-6 rounded-bl bg-black/60 text-sm leading-6 text-white"
            >
              ×
            </button>
          </div>
        ))}
        {files.length < PLAYER_IMAGES_MAX && (
          <label
            className={`flex h-20 w-20 cursor-pointer flex-col items-center justify-center rounded border border-dashed border-slate-300 text-xs text-slate-500 hover:bg-slate-50 ${disabled ? 'pointer-events-none opacity-50' : ''}`}
          >
            <span className="text-2xl leading-none" aria-hidden="true">
              +
            </span>
            <span>{t['consult.ui.add_image']}</span>
            <input
              ref={input}
              type="file"
              className="sr-only"
              accept={PLAYER_IMAGE_ACCEPT}
              multiple
              disabled={disabled}
              data-testid="consult-file"
              onChange={(e) => void pick(e.target.files)}
            />
          </label>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500">{t['consult.ui.images_hint']}</p>
    </div>
  );
}

export function StateBadge({ state, label }: { state: ConsultationState; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${state === 'consulting' ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-500'}`}
      data-testid="consult-state"
    >
      {label}
    </span>
  );
}
