// The header the register and login forms send the browser's fingerprint in (a hex SHA-256 of stable browser
// properties, src/lib/fingerprint.ts). The server never keeps it as sent: risk hashes it again under its own key.
export const DEVICE_HEADER = 'x-device-fp';
