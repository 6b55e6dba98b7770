// How players come to a partner: the code at registration, the tracking link's cookie, the partner's own
// domain, in that order; the first binding wins for good (the binding's primary key), and only an operator moves one.
// Also the tracking link itself (/r/CODE?sub=campaign: count the click, set the 30-day cookie, redirect) and what the
// auto-redirect settings do for visitors who arrive through a partner:
//
//   auto_redirect_agent_site_pc / _mb  a visitor on a desktop (pc) or a phone (mb) who arrives through a partner's
//                                      tracking link or on a partner's domain is sent to that partner's landing page
//                                      (set per partner by operators; the registration page with the code filled in
//                                      when none is set). Off: links land on the registration page with the code,
//                                      domains serve the home page; the binding happens either way.
//   auto_redirect_first_visit          limits those redirects to a browser's first visit (no lh_visited cookie yet):
//                                      a returning player who types the partner's domain reaches the home page.
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SystemService } from '../system/service.ts';
import { detectDevice } from '../../../lib/device.ts';
import { taipeiDate } from '../../../shared/time.ts';
import { PARTNER_CODE_RE } from '../../../shared/schemas/partners/common.ts';
import { CAMPAIGN_RE } from '../../../shared/schemas/partners/portal.ts';
import type { RegistrationAttribution } from '../auth/events.ts';
import * as repo from './repository.ts';

/** Host names are looked up in memory, refreshed after a minute, so a page request never waits on the database. */
const DOMAIN_CACHE_MS = 60_000;

export interface Visit {
  host: string;
  userAgent: string;
  visited: boolean;
}
export type Redirect = { location: string; setVisited: boolean } | undefined;

export class PartnerBinding {
  private domains: { at: number; map: Map<string, number> } | undefined;
  private readonly db: Db;
  private readonly system: SystemService;
  constructor(db: Db, system: SystemService) {
    this.db = db;
    this.system = system;
  }

  /** Whether the code is an active partner's (registration accepts it in place of a player's referral code). */
  async isPartnerCode(code: string): Promise<boolean> {
    if (!PARTNER_CODE_RE.test(code)) return false;
    const p = await repo.partnerByCode(this.db, code);
    return p !== undefined && p.status === 'active';
  }

  /**
   * Inside registration's transaction (auth calls it through its PartnerAttributionPort): binds the player by code, else
   * link cookie, else domain, writing with the given transaction so the binding commits with the player. Unbound when
   * none applies.
   */
  async bindAtRegistration(tx: DbOrTx, playerId: number, a: RegistrationAttribution): Promise<boolean> {
    const cookie = parseRefCookie(a.refCookie);
    const candidates: Array<{ code?: string; partnerId?: number; source: 'code' | 'link' | 'domain'; campaign: string }> = [];
    // A tracking link lands on registration with its code filled in: the same code as the cookie's is that link's
    // visitor, so the binding keeps the link and its campaign (the link's registrations and first deposits count it).
    const fromLink = cookie && a.partnerCode && a.partnerCode.toUpperCase() === cookie.code.toUpperCase();
    if (a.partnerCode && !fromLink) candidates.push({ code: a.partnerCode, source: 'code', campaign: '' });
    if (cookie) candidates.push({ code: cookie.code, source: 'link', campaign: cookie.campaign });
    // Read with the transaction too: on the embedded database (one connection) a read outside it waits for it forever.
    const byHost = await this.partnerOfHost(a.host, tx);
    if (byHost) candidates.push({ partnerId: byHost, source: 'domain', campaign: '' });
    for (const c of candidates) {
      const p = c.code ? await repo.partnerByCode(tx, c.code) : await repo.partnerById(tx, c.partnerId!);
      if (!p || p.status !== 'active') continue;
      const bound = await repo.bindPlayer(tx, {
        playerId,
        partnerId: p.id,
        source: c.source,
        campaign: c.campaign,
        registrationIp: a.ip.slice(0, 45),
        registeredAt: a.registeredAt,
      });
      // A player registering from the partner's own sign-in address or device may be the partner: no CPA for it until
      // an operator decides (the review's row, written with the binding in registration's transaction).
      const kinds = bound ? await repo.ownSigninKinds(tx, p.id, a.ip.slice(0, 45), a.device.slice(0, 128)) : [];
      if (kinds.length) await repo.insertOwnPlayerReview(tx, { playerId, partnerId: p.id, kinds: kinds.join(',') });
      return bound;
    }
    return false;
  }

  /** The partner a host name belongs to (a partner's own domain), if any; `db` is the caller's transaction when in one. */
  async partnerOfHost(host: string, db: DbOrTx = this.db): Promise<number | undefined> {
    if (!host) return undefined;
    const now = Date.now();
    if (!this.domains || now - this.domains.at > DOMAIN_CACHE_MS) {
      const rows = await repo.allDomains(db);
      this.domains = { at: now, map: new Map(rows.map((r) => [r.host, r.partnerId])) };
    }
    return this.domains.map.get(host.toLowerCase());
  }

  /** Forgets the cached domains (after an operator adds or removes one on this instance). */
  dropDomainCache(): void {
    this.domains = undefined;
  }

  /**
   * A tracking link's visit: counts the click and answers the cookie value and where to send the visitor. An unknown
   * or inactive code goes to the home page without a cookie.
   */
  async click(code: string, campaign: string, visit: Visit): Promise<{ cookie?: string; location: string }> {
    const p = PARTNER_CODE_RE.test(code) ? await repo.partnerByCode(this.db, code) : undefined;
    const phone = detectDevice(visit.userAgent).device !== 'pc';
    if (!p || p.status !== 'active') return { location: phone ? '/mobile/' : '/' };
    const tag = CAMPAIGN_RE.test(campaign) ? campaign : '';
    await repo.countClick(this.db, p.id, tag, taipeiDate(new Date()));
    const landing = await this.landingIfRedirected(p, visit);
    return { cookie: tag ? `${p.code}.${tag}` : p.code, location: landing ?? registrationPath(p.code, phone) };
  }

  /** A page request on a partner's domain: where to send it when the settings say so, or undefined to serve the page. */
  async domainVisit(visit: Visit): Promise<Redirect> {
    const partnerId = await this.partnerOfHost(visit.host);
    if (partnerId === undefined) return undefined;
    const p = await repo.partnerById(this.db, partnerId);
    if (!p || p.status !== 'active') return undefined;
    const landing = await this.landingIfRedirected(p, visit);
    return { location: landing ?? '', setVisited: !visit.visited };
  }

  private async landingIfRedirected(p: repo.PartnerRow, visit: Visit): Promise<string | undefined> {
    const s = await this.system.settings();
    const phone = detectDevice(visit.userAgent).device !== 'pc';
    const on = phone ? Number(s.auto_redirect_agent_site_mb) === 1 : Number(s.auto_redirect_agent_site_pc) === 1;
    if (!on || (Number(s.auto_redirect_first_visit) === 1 && visit.visited)) return undefined;
    return p.landingUrl || registrationPath(p.code, phone);
  }
}

export function registrationPath(code: string, phone: boolean): string {
  return `${phone ? '/mobile/f-entry/register' : '/register'}?p=${encodeURIComponent(code)}`;
}

/** `CODE` or `CODE.campaign`, as the link set it; anything else is ignored. */
export function parseRefCookie(value: string): { code: string; campaign: string } | undefined {
  const [code = '', campaign = ''] = value.split('.', 2);
  if (!PARTNER_CODE_RE.test(code) || (campaign && !CAMPAIGN_RE.test(campaign))) return undefined;
  return { code, campaign };
}
