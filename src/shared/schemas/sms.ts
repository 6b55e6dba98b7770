// The SMS gateways' calls to this site: Mitake's delivery receipt, a request to the receipt URL the site gave with the
// message, its fields in the query (Mitake may add fields of its own, which are let through and ignored).
import * as v from 'valibot';

/** Mitake's fields are short: ids, phone numbers, YYYYMMDDHHMMSS times, status words and codes. */
const field = v.optional(v.pipe(v.string(), v.maxLength(64)));

export const mitakeReceiptParams = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });

export const mitakeReceiptQuery = v.looseObject({
  msgid: field,
  dstaddr: field,
  dlvtime: field,
  donetime: field,
  statusstr: field,
  statuscode: field,
  StatusFlag: field,
});

/** The receipt's answer: `magicid=sms_gateway_rpack` and the msgid, each on its line. */
export const mitakeReceiptAnswerView = v.pipe(v.string(), v.startsWith('magicid=sms_gateway_rpack\n'));
