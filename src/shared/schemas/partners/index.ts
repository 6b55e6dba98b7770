// The partners domain's API contract, for the routes, the portal and site islands and the back office.
// Amounts are decimal strings with two decimals; rates and fees are whole basis points (3500 = 35.00 %); periods are
// '2026-11' (Taipei month) or '2026-W47' (ISO week, Taipei). Every answer is the usual `okBody(...)` envelope.
//
// PORTAL (/api/agent/*; session cookie `lh_agent`, httpOnly, SameSite=Lax; 401 `unauthorized` before validation
// for anonymous calls; another tree's id answers 404 `not_found`, exactly like an unknown id)
//   POST /api/agent/login                 agentLoginBody → agentLoginView (rate-limited per account and per address;
//                                          5 wrong passwords lock 15 minutes → 429 `too_many_attempts`)
//   POST /api/agent/logout                → null
//   GET  /api/agent/me                    → agentMeView
//   PUT  /api/agent/password              agentPasswordBody → null
//   POST /api/agent/totp/setup            → agentTotpSetupView;  POST /api/agent/totp/enable  agentTotpCodeBody → null
//   POST /api/agent/totp/disable          agentTotpCodeBody → null
//   GET  /api/agent/dashboard             → agentDashboardView
//   GET  /api/agent/links                 → agentLinksView;      POST /api/agent/links  agentLinkBody → agentLinkView
//                                          (each link: its funnel since it was made, its players' money this period)
//   GET  /api/agent/players               agentPlayersQuery → agentPlayersPage
//   GET  /api/agent/sub-partners          → agentSubPartnersView
//   POST /api/agent/sub-partners          agentSubPartnerBody → agentSubPartnerView (refusals below)
//   PUT  /api/agent/sub-partners/:id/rate agentIdParams + agentSubPartnerRateBody → agentSubPartnerView
//   GET  /api/agent/statements            agentStatementsQuery → agentStatementsPage
//   GET  /api/agent/statements/:id        agentIdParams → statementView
//   GET  /api/agent/statements/:id/csv    agentIdParams → text/csv (UTF-8 with BOM; rows `line,value`)
//   GET  /api/agent/wallet                → agentWalletView;     PUT /api/agent/bank-card  agentBankCardBody → agentWalletView
//   GET  /api/agent/payouts               agentPayoutsQuery → agentPayoutsPage
//   POST /api/agent/payouts               agentPayoutBody → payoutView (422 insufficient_funds, or refusals below)
//   GET  /api/agent/materials             → agentMaterialsView
//
// REFUSALS: every rule the service checks answers 422 `validation_failed` with a field key (translated in
// src/i18n/partners-server-*.ts): rate_bp/rate_cap_bp `partners.rate_above_parent`; account/parent_id `partners.too_deep`;
// account `v.account.taken`; code `partners.code_taken`; campaign `partners.links_max`; amount `partners.below_min_payout`,
// `partners.no_bank_card`, `partners.statement_final`, `partners.adjust_below_zero`; card_number `partners.payout_pending`;
// id `partners.payout_not_applying`, `partners.application_reviewed`, `partners.statement_not_pending`; period
// `partners.period_open`; host `partners.host_taken`; code (TOTP) `partners.totp_enabled`, `partners.v.totp`. Other
// codes: 401 unauthorized, 422 login_failed, 429 login_locked, 403 account_disabled, 422 password_wrong,
// 422 insufficient_funds (amount `partners.payout_above_balance`), 404 not_found (also another tree's id).
//
// SITE
//   GET  /api/partners/plan               → publicPlanView (the default plan, for /cooperrative-alliance)
//   POST /api/partners/applications       partnerApplicationBody → partnerApplicationView (rate-limited per address)
//   GET  /r/:code?sub=campaign            (not JSON) counts the click, sets the 30-day first-party cookie `lh_ref`
//                                          (code + campaign), 302 to /register?p=CODE (or /mobile/register?p=CODE on a
//                                          phone), or to the partner's landing page when the auto-redirect settings
//                                          apply (below). An unknown or suspended code just goes to the home page.
//   Registration (existing POST /api/auth/register): binds by `recommended_code` when it is a partner code, else by
//   the `lh_ref` cookie, else by the request's host when it is a partner domain. First binding wins; never rebound.
//
// BACK OFFICE (/api/backoffice/partners/*; permissions partners.read, partners.manage, partners.bindings,
// partners.settle, finance.manage for payouts)
//   GET  /applications                    boApplicationsQuery → boApplicationsPage            partners.read
//   POST /applications/:id/approve        boApplicationApproveBody → boApplicationApprovedView partners.manage
//   POST /applications/:id/reject         boRejectBody → boApplicationView                    partners.manage
//   GET  /partners                        boPartnersQuery → boPartnersPage                    partners.read
//   GET  /partners/tree                   boTreeQuery → boTreeView                            partners.read
//   POST /partners                        boPartnerCreateBody → boPartnerCreatedView          partners.manage
//   GET  /partners/:id                    → boPartnerDetailView                               partners.read
//   PATCH /partners/:id                   boPartnerPatchBody → boPartnerDetailView            partners.manage
//   POST /partners/:id/reset-password     boHoldBody (reason) → boPasswordResetView           partners.manage
//   GET  /plans                           → boPlansView                                       partners.read
//   POST /plans, PUT /plans/:id           boPlanBody → boPlanView                             partners.manage
//   GET  /domains                         → boDomainsView;  POST /domains boDomainBody → boDomainView   partners.manage
//   DELETE /domains/:id                   → null                                              partners.manage
//   GET  /bindings                        boBindingsQuery → boBindingsPage                    partners.read
//   POST /bindings/move                   boMoveBody → boBindingView | null                   partners.bindings
//   GET  /bindings/:id/history            (player id) → boAttributionsView                    partners.read
//   GET  /own-players                     boOwnPlayersQuery → boOwnPlayersPage                partners.read
//   POST /own-players/:id/approve|deny    (player id) boOwnPlayerDecisionBody → boOwnPlayerView partners.bindings
//   GET  /statements                      boStatementsQuery → boStatementsPage                partners.read
//   GET  /statements/:id                  → boStatementDetailView (statement + fraud signals) partners.read
//   POST /statements/:id/adjust           boAdjustBody → statementView                        partners.settle
//   POST /statements/:id/hold             boHoldBody → statementView                          partners.settle
//   POST /statements/:id/approve          boApproveBody → statementView                       partners.settle
//   POST /statements/bulk-approve         boBulkApproveBody → boBulkApproveView               partners.settle
//   POST /settlement/run                  boSettleBody → boSettleView                         partners.settle
//   GET  /payouts                         boPayoutsQuery → boPayoutsPage                      finance.read
//   POST /payouts/:id/pay                 boPayoutPayBody → payoutView                        finance.manage
//   POST /payouts/:id/reject              boRejectBody → payoutView                           finance.manage
//   GET  /report                          boReportQuery → boReportPage                        partners.read
//   GET  /report/:id/players              boReportPlayersQuery → boReportPlayersPage          partners.read
//   GET  /materials                       → agentMaterialsView;  POST /materials boMaterialBody → materialView
//   DELETE /materials/:id                 → null                                              partners.manage
//
// RULES worth showing on screens: a tier is reached by the partner's team (its own players and all its sub-partners'),
// its rate is capped by its agreed rate (rate_cap_bp) and by its parent's rate; revenue share applies to the partner's
// own players' NGR; overrides are (own rate - next rate down) of each descendant's NGR. Platform fees apply to a game
// group's GGR only when positive; payment fees to deposits + paid withdrawals. Statements of a month are built on the
// 1st (job every hour, once per period); `POST /settlement/run` rebuilds pending ones of an ended period.
// FRAUD SIGNALS: shared_registration_ip and cpa_stopped are computed by partners; shared_device, shared_address,
// shared_bank_card, shared_phone, shared_identity and linked_account come from the risk domain's
// linkedPlayers(playerId) (PartnersService's `linked`, settlement.ts: LinkedPlayersSource, wired in app.ts), which
// also keeps a linked account from earning CPA.
//
// SETTINGS (note for the front-end helper; the server side is in src/server/modules/partners/redirect.ts)
//   auto_redirect_agent_site_pc / _mb: a visitor arriving through a partner's tracking link or on a partner's domain
//     with a desktop (pc) or a phone (mb) is sent to the partner's landing page (operators set it per partner; the
//     registration page with the code filled in when unset) instead of the registration page (links) or the home
//     page (domains). Off: links land on registration, domains on the home page (the binding happens either way).
//   auto_redirect_first_visit: limits those redirects to a browser's first visit (no `lh_visited` cookie yet), so a
//     returning player who types the partner's domain reaches the home page. Off: every visit is redirected.
//   banner_show_mb: not the partners domain's; the front end either hides the mobile home banner when 0 or takes
//     the switch off the settings screen (front-end helper decides; the server keeps serving the setting).
//   enable_adjustment_limit_record: not the partners domain's either; same choice for the front-end helper (the
//     player's withdrawal-limit / turnover record page hidden when 0, or the switch removed).
export * from './common.ts';
export * from './portal.ts';
export * from './site.ts';
export * from './backoffice.ts';
