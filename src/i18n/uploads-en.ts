// Image uploads: the errors a player or operator sees for a refused picture.
export const uploadsEn = {
  'upload.empty': 'Please choose a picture.',
  'upload.too_large': 'Each picture may be at most 500 KB.',
  'upload.too_large_staff': 'The picture may be at most 2 MB.',
  'upload.type': 'Only png, jpg or jpeg pictures can be uploaded.',
  'upload.type_staff': 'Only png, jpg, webp or gif pictures can be uploaded.',
  'upload.unreadable': 'This picture could not be read. Please choose another one.',
  'upload.too_many': 'At most 3 pictures.',
  'upload.too_many_unused': 'You have uploaded many pictures that were not sent. Please send or try again later.',
  'upload.not_yours': 'A picture could not be attached. Please upload it again.',
  'upload.multipart': 'Please send the picture as a file upload.',
} as const;
