// What a first-week player trips over (player side): pictures refused when chosen, naming the file.
export const firstWeekZhTW = {
  'upload.type_named': '「{name}」不是 png、jpg 或 jpeg 圖片，未加入。',
  'upload.too_large_named': '「{name}」超過 500 KB，未加入。',
} as const;
