// Settlement periods (a Taipei month or an ISO week): the functions live in src/shared, where the back office's
// settle field uses them too.
export * from '../../../shared/partner-periods.ts';
