// Staff credentials: the same opaque bearer tokens and argon2id password hashes as players'
// (src/server/lib/credentials.ts), under the names the staff domain reads.
export {
  bearerToken as staffBearerToken,
  hashPassword as hashStaffPassword,
  hashToken as hashStaffToken,
  newToken as newStaffToken,
  verifyPassword as verifyStaffPassword,
} from '../../lib/credentials.ts';
