// Every string the partners screens ask for is in its catalogue in both languages, so no screen shows a raw key.
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { zhTW } from '../../i18n/zh-TW.ts';
import { boEn } from '../../i18n/backoffice-en.ts';
import { boZhTW } from '../../i18n/backoffice-zh-TW.ts';
import { AGENT_ACCOUNT_KEYS } from './AgentAccount.tsx';
import { AGENT_LOGIN_KEYS } from './AgentLogin.tsx';
import { ALLIANCE_KEYS } from './Alliance.tsx';
import { LINKS_KEYS } from './Links.tsx';
import { MATERIALS_KEYS } from './Materials.tsx';
import { PLAYERS_KEYS } from './Players.tsx';
import { STATEMENTS_KEYS } from './Statements.tsx';
import { SUBS_KEYS } from './SubPartners.tsx';
import { WALLET_KEYS } from './Wallet.tsx';
import { PASSWORD_KEYS } from './PasswordCard.tsx';
import { AGENT_SECTIONS } from './paths.ts';
import { APPLICATIONS_KEYS } from '../backoffice/partners/Applications.tsx';
import { MATERIALS_BO_KEYS } from '../backoffice/partners/Materials.tsx';
import { PARTNERS_KEYS } from '../backoffice/partners/Partners.tsx';
import { PARTNER_PAYOUTS_KEYS } from '../backoffice/partners/Payouts.tsx';
import { PLANS_KEYS } from '../backoffice/partners/Plans.tsx';
import { REPORT_KEYS } from '../backoffice/partners/Report.tsx';
import { STATEMENTS_BO_KEYS } from '../backoffice/partners/Statements.tsx';
import { checkApplication } from './Alliance.tsx';

describe('the partners screens’ words', () => {
  it('the portal and the alliance page find every key in both player catalogues', () => {
    const keys = [
      ...AGENT_ACCOUNT_KEYS,
      ...AGENT_LOGIN_KEYS,
      ...ALLIANCE_KEYS,
      ...LINKS_KEYS,
      ...MATERIALS_KEYS,
      ...PLAYERS_KEYS,
      ...STATEMENTS_KEYS,
      ...SUBS_KEYS,
      ...WALLET_KEYS,
      ...PASSWORD_KEYS,
      ...AGENT_SECTIONS.map((s) => `agent.nav.${s}`),
    ];
    expect(keys.filter((k) => !(k in en))).toEqual([]);
    expect(keys.filter((k) => !(k in zhTW))).toEqual([]);
  });

  it('the back office finds every key in both back-office catalogues', () => {
    const keys = [...APPLICATIONS_KEYS, ...MATERIALS_BO_KEYS, ...PARTNERS_KEYS, ...PARTNER_PAYOUTS_KEYS, ...PLANS_KEYS, ...REPORT_KEYS, ...STATEMENTS_BO_KEYS];
    expect(keys.filter((k) => !(k in boEn))).toEqual([]);
    expect(keys.filter((k) => !(k in boZhTW))).toEqual([]);
  });

  it('the application form names each wrong field with a catalogue key, in the order the form shows them', () => {
    const empty = { name: '', contact_kind: 'phone' as const, contact: '', channel: '' as const, expected_players: '', message: '' };
    expect(checkApplication(empty)).toEqual({
      name: 'partners.v.name',
      contact: 'partners.v.contact',
      channel: 'partners.v.channel',
      expected_players: 'partners.v.expected_players',
    });
    expect(checkApplication({ ...empty, name: 'Amy', contact: 'not-an-email', contact_kind: 'email', channel: 'social', expected_players: '20' })).toEqual({
      contact: 'partners.v.contact_email',
    });
    expect(checkApplication({ ...empty, name: 'Amy', contact: '0912 345 678', channel: 'social', expected_players: '1000001' })).toEqual({
      expected_players: 'partners.v.expected_players',
    });
    expect(checkApplication({ ...empty, name: 'Amy', contact: '0912345678', channel: 'website', expected_players: '50' })).toEqual({});
  });
});
