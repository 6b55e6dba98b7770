// Traditional Chinese strings of image uploads.
import type { uploadsEn } from './uploads-en.ts';

export const uploadsZhTW: Record<keyof typeof uploadsEn, string> = {
  'upload.empty': '請選擇圖片。',
  'upload.too_large': '每張圖片不得超過 500 KB。',
  'upload.too_large_staff': '圖片不得超過 2 MB。',
  'upload.type': '僅能上傳 png、jpg 或 jpeg 圖片。',
  'upload.type_staff': '僅能上傳 png、jpg、webp 或 gif 圖片。',
  'upload.unreadable': '無法讀取此圖片，請選擇其他圖片。',
  'upload.too_many': '最多 3 張圖片。',
  'upload.too_many_unused': '您已上傳許多尚未送出的圖片，請先送出或稍後再試。',
  'upload.not_yours': '圖片無法附加，請重新上傳。',
  'upload.multipart': '請以檔案上傳方式送出圖片。',
};
