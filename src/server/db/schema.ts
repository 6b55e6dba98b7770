// Every table of the database: the core tables, and one file per feature that adds its own. drizzle-kit reads
// this index (drizzle.config.ts); feature files import the core tables from schema-core.ts, never from here, so
// there is no import cycle.
export * from './schema-core.ts';
export * from './schema-account.ts';
export * from './schema-protection.ts';
export * from './schema-vip.ts';
