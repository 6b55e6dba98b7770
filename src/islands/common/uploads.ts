// The browser's side of image uploads: the same limits as the server checked before sending (so a player
// hears at once that a picture is too big), then one multipart POST. The server still decides.
import { api } from '../../stores/api.ts';
import {
  PLAYER_IMAGES_MAX, PLAYER_IMAGE_MAX_BYTES, type UploadedFileView,
} from '../../shared/schemas/uploads.ts';

/** The i18n key of what is wrong with the chosen files, or null when they may be sent. */
export function checkImages(files: readonly File[], alreadyChosen = 0): 'upload.too_many' | 'upload.too_large' | 'upload.type' | null {
  if (files.length + alreadyChosen > PLAYER_IMAGES_MAX) return 'upload.too_many';
  for (const f of files) {
    if (!/\.(png|jpe?g)$/i.test(f.name)) return 'upload.type';
    if (f.size > PLAYER_IMAGE_MAX_BYTES) return 'upload.too_large';
  }
  return null;
}

/** Sends up to three pictures; the answer's ids go with the consultation or chat message that uses them. */
export async function uploadImages(files: readonly File[]): Promise<UploadedFileView[]> {
  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  const data = await api('POST /uploads/images', { body: form });
  return data.files;
}
