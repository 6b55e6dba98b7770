// The validator's own words: what a field answers when its schema names no message of its own (a wrong JSON type,
// a value off the list, a number out of range), so no answer ever shows the validator's internals.
export const validationEn = {
  'v.type.number': 'Must be a number',
  'v.type.integer': 'Must be a whole number',
  'v.type.array': 'Must be a list',
  'v.invalid': 'Wrong format',
  'v.choice': 'Not one of the choices',
  'v.out_of_range': 'Out of the allowed range',
  'v.required': 'Required',
  'v.too_short': 'Too short',
  'v.digits': 'Digits only',
  'v.date.after_end': 'The start date cannot be after the end date',
  'error.unsupported_file_type': 'This type of file is not accepted',
} as const;
