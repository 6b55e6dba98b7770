// Import boundaries of DESIGN.md section 3, checked in CI (`npm run lint:deps`). The arrows point one way:
// pages and islands -> stores and lib -> HTTP -> server routes -> services -> ledger and db. src/shared is the
// contract both sides import, so it imports neither side; the stand-ins in sim/ and the product in src/ reach each
// other only over HTTP.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-no-side',
      comment: 'src/shared is imported by server and client alike, so it must not import either of them.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|pages|islands|stores|layouts|components|lib)/' },
    },
    {
      name: 'server-imports-no-client',
      comment: 'The server never imports pages, islands, stores, layouts or components.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(pages|islands|stores|layouts|components)/' },
    },
    {
      name: 'client-imports-no-server',
      comment: 'Islands and stores reach the server over HTTP only.',
      severity: 'error',
      from: { path: '^src/(islands|stores|lib)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'db-imports-no-module',
      comment: 'The database layer is below the modules; it must not import them.',
      severity: 'error',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'src-imports-no-sim',
      comment: 'Product code reaches the stand-ins only through its adapters and base URLs.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^sim/' },
    },
    {
      name: 'sim-imports-no-src',
      comment: 'The stand-ins must behave like outside systems, so they share no code with the product.',
      severity: 'error',
      from: { path: '^sim/' },
      to: { path: '^src/' },
    },
    {
      name: 'route-imports-no-repository',
      comment: 'Routes parse, call one service method and shape the answer; tables are reached through services.',
      severity: 'error',
      from: { path: '^src/server/modules/.+(routes|plugin)\\.ts$' },
      to: { path: '^src/server/modules/.+repository\\.ts$' },
    },
    {
      name: 'module-imports-no-foreign-repository',
      comment: 'A domain owns its tables: another domain calls its service or reacts to its events, never its repository.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/[^/]+/.*repository\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'lib-imports-no-client-state',
      comment: 'src/lib holds isomorphic helpers; stores and islands build on it, never the other way round.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(stores|islands|components|layouts|pages)/' },
    },
    {
      name: 'lib-imports-no-higher-server-layer',
      comment:
        'src/server/lib holds the helpers every layer above builds on (errors, limits, events, the gates as types); it may use db and the realtime publisher type, never the ledger, a domain, a job or an adapter.',
      severity: 'error',
      from: { path: '^src/server/lib/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/(ledger|modules|jobs|integrations)/|^src/server/[^/]+\\.ts$' },
    },
    {
      name: 'ledger-imports-no-module',
      comment:
        'The ledger is the double-entry core below every domain; domains post through it, it never calls them. Its command-line tools read config.ts, which sits below it.',
      severity: 'error',
      from: { path: '^src/server/ledger/' },
      to: { path: '^src/server/(modules|jobs|integrations|realtime)/|^src/server/(app|main|backoffice|pages|seed|figures)\\.ts$' },
    },
    {
      name: 'realtime-imports-no-module',
      comment:
        'The socket server and the publisher sit below the domains, which publish through them; what they need of a domain (who a socket is, how to forget a cached session) they declare themselves and app.ts hands in.',
      severity: 'error',
      from: { path: '^src/server/realtime/' },
      to: { path: '^src/server/(modules|ledger|jobs|integrations)/|^src/server/[^/]+\\.ts$' },
    },
    {
      name: 'messages-imports-no-protection',
      comment:
        'The protection domain counts what lower domains hold, so it sits above messages; messages is handed the offer check at construction (app.ts) instead of importing the gate.',
      severity: 'error',
      from: { path: '^src/server/modules/messages/' },
      to: { path: '^src/server/modules/protection/' },
    },
    {
      name: 'bets-imports-no-wallet',
      comment:
        'The wallet reaches seamless and games, which record bets, so it sits above bets; bet ingestion is handed the wallet facts it needs at construction (app.ts) instead of importing them.',
      severity: 'error',
      from: { path: '^src/server/modules/bets/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/(wallet|seamless|games)/' },
    },
    {
      name: 'island-kit-imports-no-domain-island',
      comment:
        'The islands kit and common parts (src/islands/kit, src/islands/common, src/islands/backoffice/kit) are what the domain islands build on, so they import no domain island; a part that composes domain islands belongs above them (src/islands/shell).',
      severity: 'error',
      from: { path: '^src/islands/(kit|common|backoffice/kit)/' },
      to: { path: '^src/islands/', pathNot: '^src/islands/(kit|common|backoffice/kit)/' },
    },
    {
      name: 'no-circular',
      comment: 'Cycles make modules impossible to read or test in isolation.',
      severity: 'error',
      from: { path: '^(src|sim)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro'] },
  },
};
