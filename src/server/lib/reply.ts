// The success envelope of SPEC.md: callers read `data` (the browser's `res.data.data`).
import type { SuccessBody } from '../../shared/errors.ts';

export function ok<T>(data: T, message = 'Success'): SuccessBody<T> {
  return { status: 'success', code: 100, message, data };
}
