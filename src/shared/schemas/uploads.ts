// Image uploads (SPEC.md section 5: at most three images of png, jpg or jpeg, 500 KB each).
// The files travel as multipart (field `file`); these are the limits both sides check and the answer.
import * as v from 'valibot';
import { idText } from './ids.ts';

/** A player's images per request and per consultation or message. */
export const PLAYER_IMAGES_MAX = 3;
/** The most a player's image may weigh before we re-encode it. */
export const PLAYER_IMAGE_MAX_BYTES = 500 * 1024;
/** What a player may send, decided by the file's magic bytes. */
export const PLAYER_IMAGE_MIMES = ['image/png', 'image/jpeg'] as const;
/** Operators upload one picture at a time (banners, popups, red packets), somewhat larger and in more formats. */
export const STAFF_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const STAFF_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The file picker's accept attribute for players. */
export const PLAYER_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

const uploadedFileView = v.object({
  id: v.number(),
  /** Where the image can be shown: signed and short-lived for private uploads, plain for public ones. */
  url: v.string(),
  width: v.number(),
  height: v.number(),
});
export type UploadedFileView = v.InferOutput<typeof uploadedFileView>;
export const uploadedFilesView = v.object({ files: v.array(uploadedFileView) });
export type UploadedFilesView = v.InferOutput<typeof uploadedFilesView>;

export const fileParams = v.strictObject({ id: idText('error.not_found') });
export const fileQuery = v.object({
  exp: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/))),
  sig: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
});
/** Operator uploads are public content unless they go into a private thread (a consultation or chat reply). */
export const staffUploadQuery = v.object({ visibility: v.optional(v.picklist(['public', 'private']), 'public') });
