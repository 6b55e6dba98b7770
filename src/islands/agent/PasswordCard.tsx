// The password card lives in common.tsx (the shared Portal wrapper shows it alone while a first password is in use);
// this module keeps the name the dashboard and the key test import.
export { PasswordCard } from './common.tsx';
export { PASSWORD_KEYS } from './passwordKeys.ts';
