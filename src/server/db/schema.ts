// Every table of the database: the core tables, and one file per feature that adds its own. drizzle-kit reads
// this index (drizzle.config.ts); feature files import the core tables from schema-core.ts, never from here, so
// there is no import cycle.
export * from './schema-core.ts';
export * from './schema-account.ts';
export * from './schema-protection.ts';
export * from './schema-vip.ts';
export * from './schema-messages.ts';
export * from './schema-redpacket.ts';
export * from './schema-uploads.ts';
export * from './schema-consultations.ts';
export * from './schema-chat.ts';
export * from './schema-promotions.ts';
export * from './schema-seamless.ts';
export * from './schema-desk.ts';
export * from './schema-reports.ts';
export * from './schema-kyc.ts';
export * from './schema-risk.ts';
export * from './schema-partners.ts';
export * from './schema-usdt.ts';
export * from './schema-vitals.ts';
export * from './schema-events.ts';
export * from './schema-exports.ts';
