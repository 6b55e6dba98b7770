// What a first-week player trips over (player side): pictures refused when chosen, naming the file.
export const firstWeekEn = {
  'upload.type_named': '"{name}" is not a png, jpg or jpeg picture and was not added.',
  'upload.too_large_named': '"{name}" is larger than 500 KB and was not added.',
} as const;
