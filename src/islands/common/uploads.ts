// The browser's side of image uploads: the same limits as the server checked when a picture is chosen (so a
// player hears at once which picture cannot be sent, not only when the whole form is refused), then one
// multipart POST. The server still decides.
import { api } from '../../stores/api.ts';
import { PLAYER_IMAGES_MAX, PLAYER_IMAGE_MAX_BYTES, PLAYER_IMAGE_MIMES, type UploadedFileView } from '../../shared/schemas/uploads.ts';

/** What is wrong with a choice of pictures: an i18n key, and the refused file's name when one file is at fault. */
export type ImageProblem = { key: 'upload.too_many' } | { key: 'upload.too_large' | 'upload.type'; file: string };

/**
 * Whether a file is a png or jpeg picture by its first bytes (file-type, as the server decides), whatever its
 * name says: a text file named .png would only show as a broken thumbnail. The detector is downloaded when a
 * picture is first chosen.
 */
async function isPlayerImage(file: File): Promise<boolean> {
  const { fileTypeFromBlob } = await import('file-type/core');
  const found = await fileTypeFromBlob(file).catch(() => undefined);
  return !!found && (PLAYER_IMAGE_MIMES as readonly string[]).includes(found.mime);
}

/**
 * Splits a choice into the pictures that may be sent and the problems of the others (each naming its file);
 * a choice that would go over the limit of pictures is refused whole.
 */
export async function checkImages(files: readonly File[], alreadyChosen = 0): Promise<{ accepted: File[]; problems: ImageProblem[] }> {
  if (files.length + alreadyChosen > PLAYER_IMAGES_MAX) return { accepted: [], problems: [{ key: 'upload.too_many' }] };
  const accepted: File[] = [];
  const problems: ImageProblem[] = [];
  for (const file of files) {
    if (file.size > PLAYER_IMAGE_MAX_BYTES) problems.push({ key: 'upload.too_large', file: file.name });
    else if (!(await isPlayerImage(file))) problems.push({ key: 'upload.type', file: file.name });
    else accepted.push(file);
  }
  return { accepted, problems };
}

/** Sends up to three pictures; the answer's ids go with the consultation or chat message that uses them. */
export async function uploadImages(files: readonly File[]): Promise<UploadedFileView[]> {
  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  const data = await api('POST /uploads/images', { body: form });
  return data.files;
}
