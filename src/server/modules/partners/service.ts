// The partners domain as the app sees it: one object holding the portal's sign-in, the portal, the
// bindings and tracking links, partner money, the back office's operations, and the site's two calls. app.ts builds
// it before auth (registration asks it whether a code is a partner's) and hangs the binding on player.registered.
import type { EventPublisher } from '../../lib/events.ts';
import type { PartnersEvents } from './events.ts';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import type { Limiter } from '../../lib/limiter.ts';
import type { SystemService } from '../system/service.ts';
import type { PartnerApplicationBody } from '../../../shared/schemas/partners/site.ts';
import { VISITED_COOKIE } from '../../../shared/schemas/partners/common.ts';
import { PartnerAuth } from './portal-auth.ts';
import { PartnerBinding } from './binding.ts';
import { PartnerMoney } from './money.ts';
import { PartnerPortal } from './portal-service.ts';
import { PartnersBackoffice, type LinkedPlayersSource } from './backoffice-service.ts';
import { hasEnded, periodAt, previousPeriod } from './periods.ts';
import { settlePeriod, type SettleResult } from './settlement.ts';
import { planSummary } from './views.ts';
import * as repo from './repository.ts';

export interface PartnersDeps {
  db: Db;
  accounts: AccountDirectory;
  system: SystemService;
  limiter: Limiter;
  totpKey: Buffer;
  siteUrl: string;
  fileUrl: (id: number) => string;
  /** The risk domain's linked players: fraud signals beside statements, and no CPA for a linked account. */
  linked?: LinkedPlayersSource;
  /** Where the domain announces a suspected own player (after registration's commit). */
  events?: EventPublisher<PartnersEvents>;
}

/** Page paths the domain redirect looks at: the home pages a partner's domain serves. */
const HOME_PATHS = new Set(['/', '/mobile', '/mobile/', '/en', '/en/', '/en/mobile', '/en/mobile/']);

export class PartnersService {
  readonly auth: PartnerAuth;
  readonly binding: PartnerBinding;
  readonly money: PartnerMoney;
  readonly portal: PartnerPortal;
  readonly backoffice: PartnersBackoffice;
  private readonly db: Db;
  private readonly linked?: LinkedPlayersSource;
  private readonly events?: EventPublisher<PartnersEvents>;

  constructor(deps: PartnersDeps) {
    this.db = deps.db;
    this.linked = deps.linked;
    this.events = deps.events;
    this.auth = new PartnerAuth(deps.db, deps.limiter, deps.totpKey);
    this.binding = new PartnerBinding(deps.db, deps.system);
    this.money = new PartnerMoney(deps.db, deps.accounts);
    this.portal = new PartnerPortal({
      db: deps.db,
      accounts: deps.accounts,
      money: this.money,
      siteUrl: deps.siteUrl,
      fileUrl: deps.fileUrl,
      linked: deps.linked,
    });
    this.backoffice = new PartnersBackoffice({ db: deps.db, money: this.money, binding: this.binding, fileUrl: deps.fileUrl, linked: deps.linked });
  }

  /**
   * After a registration committed: when the binding put the player up for review as the partner's possible own
   * account, announces it (partner.own_player_suspected) so the risk domain can raise its signal.
   */
  async afterRegistration(playerId: number): Promise<void> {
    const review = await repo.ownPlayerReview(this.db, playerId);
    if (!review || review.status !== 'pending') return;
    const kinds = review.kinds.split(',').filter((k): k is 'ip' | 'device' => k === 'ip' || k === 'device');
    const announced = await this.db.transaction(
      (tx) => this.events?.publish(tx, 'partner.own_player_suspected', { playerId, partnerId: review.partnerId, kinds }) ?? Promise.resolve(undefined),
    );
    await this.events?.deliver(announced);
  }

  async publicPlan() {
    const plan = await repo.defaultPlan(this.db);
    return { plan: plan ? planSummary(plan) : null, sub_levels: 3 };
  }

  async apply(body: PartnerApplicationBody, ip: string) {
    const row = await repo.insertApplication(this.db, {
      name: body.name,
      contactKind: body.contact_kind,
      contact: body.contact,
      channel: body.channel,
      expectedPlayers: body.expected_players,
      message: body.message,
      ip: ip.slice(0, 45),
    });
    return { id: row.id, status: 'pending' as const };
  }

  /**
   * The settlement job: the last ended month (and week, when any plan settles weekly) is settled once, when it has no
   * statement yet; operators rebuild a period by hand from the back office (POST /settlement/run).
   */
  async settleDue(now = new Date()): Promise<SettleResult[]> {
    const kinds = new Set((await repo.allPlans(this.db)).map((p) => p.periodKind));
    kinds.add('month');
    const out: SettleResult[] = [];
    for (const kind of kinds) {
      const last = previousPeriod(periodAt(kind, now));
      if (!hasEnded(last, now) || (await repo.statementsOfPeriod(this.db, last.key)).length) continue;
      out.push(await settlePeriod(this.db, last.key, this.linked));
    }
    return out;
  }

  /**
   * An onRequest hook for page requests: on a partner's domain, the home page redirects to the partner's landing page
   * when the auto-redirect settings say so (see binding.ts), and the first visit is remembered.
   */
  readonly domainRedirect = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    // A callback hook: it runs on every request, and all but home-page visits pass in the same tick (an async hook
    // costs every API call promise ticks).
    if (request.method !== 'GET' || request.url.startsWith('/api/') || !HOME_PATHS.has(request.url.split('?')[0]!)) return done();
    this.binding
      .domainVisit({ host: request.hostname, userAgent: String(request.headers['user-agent'] ?? ''), visited: !!request.cookies?.[VISITED_COOKIE] })
      .then(
        (r) => {
          if (r?.setVisited) reply.setCookie(VISITED_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 365 * 24 * 3600 });
          // A redirect answers the request: the hooks after this one and the page do not run.
          if (r?.location) void reply.redirect(r.location, 302);
          else done();
        },
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
  };
}
