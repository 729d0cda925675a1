/**
 * Every environment variable of every process, in one place: its type, default, the processes that
 * read it, what production (NODE_ENV=production) demands of it, and one line for the operator.
 * infra/config/load.ts checks a process's part at its start (exit 2 naming every bad variable);
 * `npm run config:docs` writes .env.example and docs/configuration.md from this table, and
 * tests/unit/config-docs.test.ts fails when they drift from it.
 *
 * Adding a variable: one entry below, in its group (kind, default or defaultText, the processes that
 * read it, `production` if production demands something of it, `secret` if its value must never be
 * printed, a one-line description); then `npm run config:docs`. A process reads it as
 * `config.NAME` from its `startConfig(...)` (typed, default applied), a shared module as
 * `setting('NAME')`; never `process.env`.
 */

/**
 * The processes that read variables: the four of the image, the support tool, the local tooling, and
 * `compose`: docker-compose.yml itself (values it interpolates, e.g. PUBLIC_HOST; no process checks them,
 * `docker compose config` refuses to load without them: tests/unit/compose-config.test.ts).
 */
export const PROCESSES = ['api', 'worker', 'simulator', 'support', 'migrate', 'start', 'mail-catcher', 'dev-services', 'compose'] as const;
export type ProcessName = (typeof PROCESSES)[number];
/** Processes an operator runs. */
export const DEPLOYED: readonly ProcessName[] = ['api', 'worker', 'simulator', 'support', 'migrate'];
/** What an operator writes .env for: the deployed processes and the compose file; these go to .env.example (the rest is local tooling). */
export const OPERATOR_WRITES: readonly ProcessName[] = [...DEPLOYED, 'compose'];

export interface ProductionRule {
  /** Unset is refused with NODE_ENV=production (for these processes; `true`: every process that reads it). */
  required?: true | readonly ProcessName[];
  /** What is wrong with a set value in production, or null (the value never appears in the answer). */
  refuse?: (value: string) => string | null;
  /** The rule in one line, for the docs (also for rules a domain module enforces: `enforcedIn`). */
  rule: string;
  /** A rule checked by the module that reads the value (its own unit tests), listed here for the docs. */
  enforcedIn?: string;
}

interface Common {
  description: string;
  processes: readonly ProcessName[];
  /** Unset is refused in every environment, for these processes. */
  required?: readonly ProcessName[];
  production?: ProductionRule;
  /** Never printed, not even in an error. */
  secret?: true;
  /** The default as the docs say it when it is computed or differs by process. */
  defaultText?: string;
  /** What an operator writes (shown in .env.example for a required variable). */
  example?: string;
}
export interface StringVar extends Common { kind: 'string'; default?: string; pattern?: string; values?: readonly string[]; minBytes?: number }
export interface UrlVar extends Common { kind: 'url'; default?: string }
export interface IntVar extends Common { kind: 'integer'; default?: number; min?: number; max?: number }
export interface NumberVar extends Common { kind: 'number'; default?: number; min?: number; max?: number; exclusiveMin?: number }
/** "1" on, "0" off. */
export interface FlagVar extends Common { kind: 'flag'; default?: boolean }
/** A comma-separated list, trimmed, empty entries dropped. */
export interface ListVar extends Common { kind: 'list'; default?: readonly string[] }
export type Variable = StringVar | UrlVar | IntVar | NumberVar | FlagVar | ListVar;

// Test and local switches: production refuses a value that turns them on (was infra/production-switches.ts).
const on = (v: string) => v.trim() !== '' && v.trim() !== '0';
const testSwitch = (what: string, isOn: (v: string) => boolean = on): ProductionRule => ({
  refuse: (v) => (isOn(v) ? `a test or local switch, refused with NODE_ENV=production: ${what}. Unset it.` : null),
  rule: 'refused (a test or local switch)',
});
const minBytes = (n: number) => (v: string) => (Buffer.byteLength(v, 'utf8') < n ? `must be at least ${n} bytes in production (random: \`openssl rand -hex 32\`)` : null);
/** One SECRETS_KEY entry: "kid:" then exactly 32 bytes in base64 (infra/secrets/key-ring.ts reads the same). */
export const SECRETS_KEY_ENTRY = /^([A-Za-z0-9._-]{1,32}):([A-Za-z0-9+/]{43}=)$/;
const keyRingOnly = (v: string) => (v.split(',').every((p) => SECRETS_KEY_ENTRY.test(p.trim())) ? null
  : 'must be a key list in production, "<id>:<32 random bytes in base64>" (newest first, comma-separated; older ones keep decrypting), not a passphrase: make one with `echo "k1:$(openssl rand -base64 32)"`');

const DEV_TOOLING: readonly ProcessName[] = ['start', 'dev-services'];
const APP: readonly ProcessName[] = ['api', 'worker', 'support'];
/** The app processes and the migration step (database settings). */
const DB_USERS: readonly ProcessName[] = [...APP, 'migrate'];
// The support tool asks for these only when a command needs the servers (its --help needs none).
const SERVERS: readonly ProcessName[] = ['api', 'worker'];
const durationMs = (description: string, processes: readonly ProcessName[], defaultText: string, min = 1): IntVar =>
  ({ kind: 'integer', min, description, processes, defaultText });

/** Groups, in the order the docs show them. */
export const SCHEMA = {
  Process: {
    NODE_ENV: { kind: 'string', default: 'development', processes: [...DEPLOYED, 'start'], description: '`production` turns on the production rules below; anything else is development.' },
    LOG_LEVEL: { kind: 'string', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], processes: [...DEPLOYED], defaultText: 'info (support tool: warn)', description: 'The pino log level.' },
    PORT: { kind: 'integer', min: 0, max: 65535, processes: ['api', 'simulator', 'start'], defaultText: '3000 (simulator: SIMULATOR_PORT, else PORT, else 3100)', description: 'The port the API (or, under npm start, the app) listens on; 0 picks a free one.' },
    HOST: { kind: 'string', default: '127.0.0.1', processes: ['api', 'simulator'], description: 'The address to listen on (0.0.0.0 in a container).' },
    METRICS_PORT: {
      kind: 'integer', min: 0, max: 65535, processes: [...SERVERS, 'start'], defaultText: '9464 (api), 9465 (worker); 0 turns it off',
      description: 'This process\'s Prometheus metrics port (infra/metrics/settings.ts); never published or routed by Caddy.',
    },
    METRICS_HOST: {
      kind: 'string', default: '127.0.0.1', processes: [...SERVERS, 'start'],
      description: 'The address the metrics ports listen on: loopback, or 0.0.0.0 on a private network only (compose, with no published port).',
    },
    TEMPORAL_METRICS_PORT: {
      kind: 'integer', min: 0, max: 65535, default: 9466, processes: ['worker', 'start'],
      description: 'The worker\'s Temporal SDK Prometheus exporter; 0 turns it off.',
    },
    OTEL_EXPORTER_OTLP_ENDPOINT: {
      kind: 'url', processes: SERVERS,
      description: 'An OpenTelemetry collector\'s OTLP/HTTP base URL (spans go to `<url>/v1/traces`): traces from each request through its workflow to its activities (infra/tracing). Unset: no tracing, nothing exported.',
    },
    WEB_DIR: { kind: 'string', default: 'dist/web', processes: ['api'], description: 'The built web app the API serves.' },
    WORKFLOW_BUNDLE: { kind: 'string', processes: ['worker'], description: 'Workflow code prebuilt by `npm run build:workflows` (a restarted worker polls within seconds); unset: bundled at each start.' },
  },
  Database: {
    MONGODB_URI: {
      kind: 'string', processes: [...DB_USERS, 'dev-services'], required: [...SERVERS, 'migrate'], secret: true, example: 'mongodb://user:password@mongo:27017/?replicaSet=rs0',
      description: 'The MongoDB (or FerretDB) connection string; the local tooling starts its own when unset. Retryable writes are on (the driver\'s default); only the local FerretDB stand-in\'s URI turns them off (retryWrites=false).',
      production: { refuse: (v) => (/[?&]retryWrites=false(&|$)/i.test(v) ? 'turns retryable writes off (retryWrites=false): writes would not be retried across a replica set election; production runs MongoDB, which supports them' : null), rule: 'must not say retryWrites=false' },
    },
    MONGODB_DB: { kind: 'string', default: 'coinmarket', processes: [...DB_USERS, 'start'], description: 'The database name.' },
    MONGODB_MAX_POOL_SIZE: { kind: 'integer', default: 20, min: 1, processes: DB_USERS, description: 'Connections per process.' },
    MONGODB_TIMEOUT_MS: { kind: 'integer', default: 10_000, min: 1, processes: DB_USERS, description: 'A database call\'s deadline.' },
    MONGODB_MIGRATE_AT_CONNECT: {
      kind: 'flag', processes: DB_USERS, production: testSwitch('MONGODB_MIGRATE_AT_CONNECT (indexes are the migration step\'s, `node dist/migrate.js`)'),
      description: 'Tests only: each process runs the migration (infra/migrate.ts) once per database it connects to, instead of the deployment\'s migration step.',
    },
    EVENTS_MAX: { kind: 'integer', default: 20_000, min: 1, processes: ['api', 'worker'], description: 'Live events kept in the capped events collection.' },
    EVENTS_POLL_MS: { kind: 'integer', default: 15, min: 1, processes: ['api', 'worker'], description: 'The live feed\'s idle poll.' },
  },
  Temporal: {
    TEMPORAL_ADDRESS: { kind: 'string', processes: [...APP, 'dev-services'], required: SERVERS, example: 'temporal:7233', description: 'The Temporal frontend (host:port); the local tooling starts its own when unset.' },
    TEMPORAL_NAMESPACE: { kind: 'string', default: 'default', processes: [...APP, 'start'], description: 'The Temporal namespace.' },
    TEMPORAL_TASK_QUEUE: { kind: 'string', default: 'coin-market', processes: [...APP, 'start'], description: 'The task queue the worker polls (webhooks: `<queue>-webhooks`).' },
    TEMPORAL_STICKY_TIMEOUT_MS: {
      kind: 'integer', min: 1, max: 9_999_999, processes: ['worker'], defaultText: '10000 (Temporal\'s)',
      description: 'How long a workflow task waits for the worker that ran the workflow last before any worker takes it: the pause a run sees after its worker died without saying so (SIGKILL, a lost node).',
    },
    TEMPORAL_TLS: {
      kind: 'flag', processes: APP,
      description: 'Reach Temporal over TLS, trusting the system\'s CAs (a managed cluster). Any TEMPORAL_TLS_* file, TEMPORAL_TLS_SERVER_NAME or TEMPORAL_API_KEY turns TLS on by itself (infra/temporal/access.ts).',
    },
    TEMPORAL_TLS_CA_FILE: { kind: 'string', processes: APP, example: '/run/secrets/temporal-ca.pem', description: 'A PEM file of the CA that signed Temporal\'s server certificate (a self-hosted cluster); unset: the system\'s CAs.' },
    TEMPORAL_TLS_CERT_FILE: { kind: 'string', processes: APP, example: '/run/secrets/temporal-client.pem', description: 'mTLS: this process\'s client certificate (PEM), with TEMPORAL_TLS_KEY_FILE.' },
    TEMPORAL_TLS_KEY_FILE: { kind: 'string', processes: APP, example: '/run/secrets/temporal-client.key', description: 'mTLS: the client certificate\'s private key (PEM), with TEMPORAL_TLS_CERT_FILE.' },
    TEMPORAL_TLS_SERVER_NAME: { kind: 'string', processes: APP, description: 'The name Temporal\'s certificate is checked against when it differs from TEMPORAL_ADDRESS\'s host (SNI).' },
    TEMPORAL_API_KEY: { kind: 'string', processes: APP, secret: true, description: 'An API key Temporal asks for (Temporal Cloud, or a proxy that checks one): sent as `Authorization: Bearer`, over TLS only.' },
    TEMPORAL_UI_URL: {
      kind: 'url', processes: ['dev-services', 'worker'], defaultText: 'worker: http://localhost:8080 (the SSH tunnel of docs/platform.md)',
      description: 'The Temporal UI as support opens it: the run links in support notices (worker); npm start shows it for an external Temporal.',
    },
    CODEC_AUTH_TOKEN: {
      kind: 'string', processes: ['api', 'start', 'compose'], secret: true, example: '<openssl rand -hex 32>',
      description: 'Bearer token of the API\'s /codec endpoint (the Temporal UI decrypts payloads through it); unset: no endpoint.',
      production: { required: ['compose'], rule: 'required by docker-compose.yml (the Temporal UI decodes through it); at least 32 characters', enforcedIn: 'infra/temporal/codec-token.ts' },
    },
    CODEC_UI_ORIGIN: { kind: 'url', processes: ['api'], description: 'The Temporal UI\'s origin, allowed to call the codec endpoint (CORS).' },
  },
  Secrets: {
    SECRETS_KEY: {
      kind: 'string', processes: [...APP, 'start'], required: SERVERS, secret: true, example: 'k1:<openssl rand -base64 32>',
      description: 'Encrypts workflow payloads and sealed seller secrets: "<id>:<32 random bytes, base64>", newest first, comma-separated (older keys keep decrypting). Make one: echo "k1:$(openssl rand -base64 32)". Development also takes a passphrase.',
      production: { refuse: keyRingOnly, rule: 'a key list of 32-byte base64 keys, no passphrase' },
    },
    LIVE_TOKEN_SECRET: {
      kind: 'string', processes: ['api', 'start'], required: ['api'], secret: true, example: '<openssl rand -hex 32>',
      description: 'Signs live-feed tokens (and, without SESSION_SECRET, derives the session secret). Make one: openssl rand -hex 32.',
      production: { refuse: minBytes(32), rule: 'at least 32 bytes' },
    },
    SESSION_SECRET: {
      kind: 'string', processes: ['api', 'start', 'compose'], secret: true, defaultText: 'derived from LIVE_TOKEN_SECRET', example: '<openssl rand -hex 32>',
      description: 'Signs seller sessions and captcha challenges; the same on every API replica. Make one: openssl rand -hex 32.',
      production: { required: ['compose'], refuse: minBytes(32), rule: 'required by docker-compose.yml; at least 32 bytes' },
    },
  },
  Deployment: {
    PUBLIC_HOST: {
      kind: 'string', processes: ['compose'], example: 'coins.example.com',
      description: 'The public host name: docker-compose.yml builds PUBLIC_URL (https://<host>) and the proxy\'s site from it.',
      production: { required: ['compose'], rule: 'required by docker-compose.yml' },
    },
    TEMPORAL_DB_PASSWORD: {
      kind: 'string', processes: ['compose'], secret: true, example: '<openssl rand -hex 32>',
      description: 'The password of Temporal\'s own PostgreSQL (compose creates the user with it).',
      production: { required: ['compose'], rule: 'required by docker-compose.yml' },
    },
    TEMPORAL_RETENTION: {
      kind: 'string', processes: ['compose'], default: '30d', pattern: '^([3-9][0-9]|[1-9][0-9]{2,})d$',
      description: 'How long Temporal keeps a closed run\'s history (support finds and replays it): set on the namespace by compose\'s temporal-init; at least 30d.',
    },
    TEMPORAL_HISTORY_SHARDS: {
      kind: 'integer', processes: ['compose'], default: 512, min: 1,
      description: 'Temporal\'s history shards: fixed when its database is first set up, never changed after (docs/performance.md, "Capacity").',
    },
    MONGO_ROOT_PASSWORD: {
      kind: 'string', processes: ['compose'], secret: true, example: '<openssl rand -hex 32>',
      description: 'The replica set\'s root user (made on mongo1\'s first start; mongo-init logs in with it to initiate the set and make the app user).',
      production: { required: ['compose'], rule: 'required by docker-compose.yml' },
    },
    MONGO_APP_PASSWORD: {
      kind: 'string', processes: ['compose'], secret: true, example: '<openssl rand -hex 32>',
      description: 'The app\'s MongoDB user `coinmarket` (readWrite on its database; in MONGODB_URI, so hex only).',
      production: { required: ['compose'], rule: 'required by docker-compose.yml' },
    },
    MONGO_KEYFILE: {
      kind: 'string', processes: ['compose'], example: './mongo-keyfile',
      description: 'Path of the replica set members\' shared keyFile (internal authentication): `openssl rand -base64 756 > mongo-keyfile; chmod 600 mongo-keyfile`.',
      production: { required: ['compose'], rule: 'required by docker-compose.yml' },
    },
  },
  Site: {
    PUBLIC_URL: {
      kind: 'url', processes: [...APP, 'start'], example: 'https://coins.example.com', defaultText: 'http://127.0.0.1:3000 (mail links)',
      description: 'The https origin sellers open: links in mails, the Secure cookie flag.',
      production: { required: ['api'], rule: 'required (api)' },
    },
    TRUST_PROXY: { kind: 'list', processes: ['api'], description: 'Addresses/CIDRs of your reverse proxies whose X-Forwarded-* headers are believed; none by default.' },
    SUPPORT_CHANNELS_JSON: {
      kind: 'string', processes: ['api', 'worker'], example: '[{"id":"email","value":"help@example.com","href":"mailto:help@example.com"}]',
      description: 'Where pages send a seller for help: a JSON array of {"id","value","href"?} (README.md, "Support channels").',
      production: { rule: 'required (api, worker: the mail of a run waiting for support names them)', enforcedIn: 'infra/config/support-channels.ts' },
    },
    CURRENCIES: { kind: 'list', default: ['EUR', 'USD', 'GBP', 'CNY'], processes: ['api'], description: 'Currencies a seller may choose in Settings.' },
    CURRENCY_RATES: { kind: 'string', processes: ['api'], description: 'Units per euro of other currencies in CURRENCIES, e.g. USD=1.0860,GBP=0.8530; unset: euros only.' },
    CURRENCY_RATES_DATE: { kind: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', processes: ['api'], description: 'The day CURRENCY_RATES were taken (YYYY-MM-DD), shown with every converted amount; required when CURRENCY_RATES is set, refused without it.' },
    COUNTRY_CODE: { kind: 'string', default: 'DE', processes: ['api'], description: 'The operator\'s country code (client config).' },
    COUNTRY_NAME: { kind: 'string', default: 'Germany', processes: ['api'], description: 'The operator\'s country name (client config).' },
  },
  Mail: {
    SMTP_URL: {
      kind: 'url', processes: ['api', 'worker', 'support', 'start'], required: ['api'], secret: true, example: 'smtps://user:password@smtp.example.com:465',
      defaultText: 'none (npm start: its mail catcher)', description: 'Where mail goes (sign-in codes, resets, seller notices); the worker without it notifies in-app only.',
      production: { required: ['api', 'worker'], rule: 'required (api, worker)' },
    },
    SUPPORT_NOTIFY_EMAIL: {
      kind: 'string', processes: ['worker', 'start', 'compose'], example: 'support-team@example.com',
      defaultText: 'outside production: support@coinmarket.example (npm start: its mail catcher keeps it)',
      description: 'Where support is mailed when a run starts waiting for it (one mail per wait, with its Temporal UI link).',
      production: { required: ['worker', 'compose'], rule: 'required (worker, docker-compose.yml): nobody would be told that a seller waits' },
    },
    MAIL_FROM: { kind: 'string', processes: APP, defaultText: 'CoinMarket <no-reply@PUBLIC_URL\'s host>', description: 'The sender of every mail: an address or "Name <address>".' },
  },
  'Sign-in': {
    GOOGLE_CLIENT_ID: { kind: 'string', processes: ['api'], description: 'Google sign-in (with GOOGLE_CLIENT_SECRET); unset: no Google button.' },
    GOOGLE_CLIENT_SECRET: { kind: 'string', processes: ['api'], secret: true, description: 'Google sign-in\'s client secret.' },
    GOOGLE_ISSUER: {
      kind: 'url', processes: ['api'], defaultText: 'https://accounts.google.com', description: 'A stand-in OpenID provider for Google sign-in (tests only).',
      production: testSwitch('a stand-in OpenID provider for Google sign-in (tests): its tokens would sign sellers in', (v) => on(v) && v.trim().replace(/\/+$/, '') !== 'https://accounts.google.com'),
    },
    CAPTCHA_MAX_NUMBER: {
      kind: 'integer', default: 100_000, min: 1, processes: ['api'], description: 'The captcha\'s work: the largest number a browser may have to try (tests lower it).',
      production: { refuse: (v) => (Number(v) < 100_000 ? 'below 100000 weakens the sign-up captcha (a test setting), refused with NODE_ENV=production. Unset it.' : null), rule: 'at least 100000' },
    },
  },
  Providers: {
    PROVIDER_URL: {
      kind: 'url', processes: ['api', 'worker', 'support', 'start'], example: 'https://provider.example.com', defaultText: 'none (npm start: its simulator)',
      description: 'The game-market provider: market data, and payouts and transfers unless their own URLs are set. Unset in development: no market sync.',
      production: { required: ['api', 'worker'], rule: 'required (api, worker): no stand-in' },
    },
    PROVIDER_PUBLIC_URL: { kind: 'url', processes: ['api'], defaultText: 'PROVIDER_URL', description: 'The provider\'s site as browsers see it (market page links).' },
    PROVIDER_API_KEY: { kind: 'string', processes: ['api', 'worker', 'support', 'simulator'], secret: true, description: 'The provider\'s API key (the simulator checks it when set).' },
    TRANSFER_PROVIDER_URL: { kind: 'url', processes: ['worker'], defaultText: 'PROVIDER_URL', description: 'The comfort-trade transfer provider.' },
    MARKET_SYNC: { kind: 'flag', default: true, processes: ['worker'], description: '0: the worker does not sync the market from the provider.' },
    MARKET_SYNC_MS: { kind: 'integer', default: 5000, min: 1, processes: ['worker'], description: 'The market sync period.' },
  },
  Payouts: {
    PAYOUT_PROVIDER_URL: {
      kind: 'url', processes: ['api', 'worker', 'support', 'start'], defaultText: 'outside production: PROVIDER_URL; in production none (every method is a manual payout)',
      description: 'The payout provider (infra/payout/provider-config.ts); a method it does not pay waits for support as a manual payout.',
    },
    PAYOUT_PROVIDER_METHODS: {
      kind: 'string', processes: ['api', 'worker', 'support'], defaultText: 'every method when PAYOUT_PROVIDER_URL is set',
      description: 'Comma-separated payout methods the payout provider pays (paypal, payoneer, skrill, alipay, usdt); the others are manual payouts.',
    },
    PAYOUT_API_KEY: { kind: 'string', processes: ['api', 'worker', 'support'], secret: true, defaultText: 'outside production: PROVIDER_API_KEY; in production none', description: 'The payout provider\'s API key.' },
    PAYPAL_CLIENT_ID: {
      kind: 'string', processes: ['api', 'worker'], defaultText: 'unset: PayPal payouts go to the payout provider or to support',
      description: 'PayPal REST app client id: with PAYPAL_CLIENT_SECRET, the paypal method is paid through PayPal\'s Payouts API (docs/provider-contract.md).',
      production: { rule: 'set together with PAYPAL_CLIENT_SECRET and PAYPAL_ENV, or not at all', enforcedIn: 'infra/payout/paypal-config.ts' },
    },
    PAYPAL_CLIENT_SECRET: { kind: 'string', processes: ['api', 'worker'], secret: true, description: 'PayPal REST app secret (OAuth2 client credentials); never logged.' },
    PAYPAL_ENV: { kind: 'string', values: ['sandbox', 'live'], processes: ['api', 'worker'], defaultText: 'sandbox outside production; required in production', description: 'Which PayPal: sandbox (api-m.sandbox.paypal.com) or live (api-m.paypal.com).' },
    PAYPAL_API_URL: {
      kind: 'url', processes: ['api', 'worker'], description: 'Tests only: PayPal\'s API root replaced by a mock of PayPal\'s document (tests/contracts/paypal).',
      production: { refuse: () => 'a test mock of PayPal, refused with NODE_ENV=production: unset it (PAYPAL_ENV picks PayPal\'s host).', rule: 'refused: production talks to PayPal itself' },
    },
    PAYPAL_WEBHOOK_ID: {
      kind: 'string', processes: ['api'], defaultText: 'unset: no webhook route; PayPal payouts are read every WITHDRAWAL_POLL_MS',
      description: 'The id of the webhook registered at PayPal for PAYMENT.PAYOUTS-ITEM.* events to https://<site>/api/payouts/paypal-webhook; each event is verified by PayPal, then its batch read back.',
      production: { rule: 'only with PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET', enforcedIn: 'infra/payout/paypal-config.ts' },
    },
    PAYOUT_PUBLIC_URL: {
      kind: 'url', processes: ['api', 'compose'], defaultText: 'PROVIDER_PUBLIC_URL, else the payout URL', example: 'https://payouts.example.com',
      description: 'The payout provider\'s site as browsers see it (the Payoneer consent page).',
      production: { required: ['compose'], rule: 'required by docker-compose.yml (the proxy never routes a provider stand-in)' },
    },
    PAYOUT_CALLBACK_URL: { kind: 'url', processes: ['worker', 'start'], description: 'Where the provider posts payout callbacks: the API\'s /api/payouts/callback.' },
    PAYOUT_CALLBACK_SECRET: {
      kind: 'string', processes: ['api', 'simulator', 'start'], secret: true, example: '<openssl rand -hex 32>', defaultText: 'a development secret',
      description: 'Signs the payout provider\'s callbacks; the same for the API and the provider.',
      production: { rule: 'required, at least 16 characters, not the development one', enforcedIn: 'infra/payout/callback-secret.ts' },
    },
    WITHDRAWAL_FEES_JSON: { kind: 'string', processes: ['api', 'support'], description: 'The fee table (docs/withdrawals.md, "Money and fees"); unset: the built-in table.' },
    WITHDRAWAL_OVERDUE_MS: durationMs('When a payout counts as overdue.', ['api', 'support', 'start'], '3 days'),
    WITHDRAWAL_POLL_MS: durationMs('How often a payout\'s status is polled.', ['api', 'support', 'start'], 'built in'),
  },
  Trades: {
    PRICE_TABLE: { kind: 'string', pattern: '^\\s*(ps|xbox|pc)\\s*:\\s*[1-9]\\d*\\s*(,\\s*(ps|xbox|pc)\\s*:\\s*[1-9]\\d*\\s*)*$', processes: ['api'], defaultText: 'built in', description: 'Euro cents per 100K coins by platform, e.g. ps:250,xbox:250,pc:300.' },
    PLAYER_BUY_WINDOW_MS: durationMs('How long a seller has to buy the player card.', ['api', 'start'], 'built in'),
    PLAYER_FREEZE_MS: durationMs('How long a bought player stays frozen.', ['api', 'start'], 'built in'),
    PLAYER_COOLDOWN_MS: durationMs('A game account\'s cooldown between purchases.', ['api', 'start'], 'built in'),
    COMFORT_REVIEW_MS: durationMs('Comfort trade: support\'s review window.', ['api', 'worker', 'start'], '24 h', 0),
    COMFORT_SELLER_FIX_MS: durationMs('Comfort trade: how long the seller has to fix their details.', ['api', 'worker', 'start'], '72 h', 0),
    COMFORT_POLL_MS: durationMs('Comfort trade: the transfer poll.', ['api', 'worker', 'start'], 'built in', 0),
    COMFORT_WATCH_MS: durationMs('Comfort trade: one transfer watch.', ['api', 'worker', 'start'], 'built in', 0),
    COMFORT_ERROR_RETRIES: { kind: 'integer', min: 0, processes: ['api', 'worker'], defaultText: 'built in', description: 'Comfort trade: provider errors retried before support is asked.' },
    COMFORT_RETRY_INITIAL_MS: durationMs('Comfort trade: the first provider retry.', ['api', 'worker', 'start'], 'built in', 0),
    COMFORT_RETRY_MAX_MS: durationMs('Comfort trade: the longest provider retry.', ['api', 'worker', 'start'], 'built in', 0),
  },
  Notifications: {
    NOTIFY_REMINDER_BEFORE_MS: { kind: 'integer', min: 1, max: 999_999_999, processes: ['worker', 'start'], defaultText: 'built in', description: 'How long before a deadline the seller is reminded.' },
    NOTIFY_SWEEP_MS: { kind: 'integer', min: 1, max: 999_999_999, processes: ['worker', 'start'], defaultText: 'built in', description: 'The mail outbox and reminder sweep period.' },
    VAPID_PUBLIC_KEY: { kind: 'string', processes: ['api', 'worker', 'start'], description: 'Web Push (with VAPID_PRIVATE_KEY and VAPID_SUBJECT, all three or none): `npx web-push generate-vapid-keys`.' },
    VAPID_PRIVATE_KEY: { kind: 'string', processes: ['api', 'worker', 'start'], secret: true, description: 'Web Push\'s private key.' },
    VAPID_SUBJECT: { kind: 'string', processes: ['api', 'worker', 'start'], description: 'Web Push\'s contact: mailto: or https:.' },
    WEB_PUSH_HOSTS: { kind: 'list', processes: ['api', 'worker'], description: 'More push-service hosts subscriptions may point at.' },
    WEB_PUSH_LOCAL_ORIGIN: { kind: 'url', processes: ['api', 'worker'], description: 'A local test push service over plain http (tests).', production: testSwitch('a local test push service over plain http') },
  },
  Webhooks: {
    WEBHOOKS_LOCAL: {
      kind: 'flag', default: false, processes: ['api', 'worker', 'start'], description: '1: webhook endpoints may be plain http and local or private addresses (npm start).',
      production: testSwitch('webhook endpoints on plain http and local or private addresses (npm start\'s local receivers)'),
    },
    WEBHOOK_ROTATION_GRACE_HOURS: { kind: 'number', min: 0, max: 720, processes: ['api'], defaultText: '24', description: 'How long a rotated webhook secret keeps signing beside the new one.' },
    WEBHOOK_RETRY_INITIAL_MS: durationMs('The first webhook retry (benchmarks shorten it).', ['worker'], '30000'),
    WEBHOOK_RETRY_MAX_MS: durationMs('The longest webhook retry.', ['worker'], '3600000'),
    WEBHOOK_ACTIVITY_SLOTS: { kind: 'integer', min: 1, max: 99_999, processes: ['worker'], defaultText: '50', description: 'Webhook attempts a worker makes at once.' },
    EVENT_RETENTION_DAYS: { kind: 'number', default: 30, exclusiveMin: 0, processes: ['worker'], description: 'How long status events and webhook delivery logs are kept; longer than the 3-day retry horizon.' },
    EVENT_LOOP_LOG_MS: { kind: 'integer', min: 1, max: 9_999_999, processes: ['worker'], defaultText: '60000', description: 'How often the worker logs its event loop\'s delay.' },
  },
  Simulator: {
    SIMULATOR_TEST_CONTROL: {
      kind: 'flag', processes: ['simulator'], defaultText: 'on outside production', description: 'The simulator\'s test steering endpoints.',
      production: testSwitch('the provider simulator\'s test steering', (v) => v.trim() === '1'),
    },
    SIMULATOR_PORT: { kind: 'integer', min: 0, max: 65535, processes: ['simulator', 'start'], defaultText: 'PORT, else 3100', description: 'The simulator\'s port.' },
    SIMULATOR_CARDS: { kind: 'integer', default: 60, min: 1, processes: ['simulator'], description: 'Player cards on the simulated market.' },
    SIMULATOR_SEED: { kind: 'integer', min: 0, processes: ['simulator'], defaultText: 'random', description: 'The simulated market\'s seed.' },
    SIMULATOR_TICK_MS: { kind: 'integer', default: 15_000, min: 0, processes: ['simulator'], description: 'How often simulated prices move; 0: never.' },
    SIMULATOR_TIME_SCALE: { kind: 'number', default: 1, exclusiveMin: 0, processes: ['simulator', 'start'], defaultText: '1 (npm start: DEMO_TIME_SCALE)', description: 'How much faster than real the simulated transfers run.' },
    SIMULATOR_STATE_FILE: { kind: 'string', processes: ['simulator', 'start'], description: 'Where the simulator keeps orders and payouts across restarts; unset: memory only.' },
    SIMULATOR_TRANSFER_LOGIN_MS: durationMs('Simulated transfer: the login step.', ['simulator'], 'built in'),
    SIMULATOR_TRANSFER_CHUNK_MS: durationMs('Simulated transfer: one chunk.', ['simulator'], 'built in'),
    SIMULATOR_TRANSFER_CHUNK_COINS: durationMs('Simulated transfer: coins per chunk.', ['simulator'], 'built in'),
    PAYONEER_REDIRECT_URIS: { kind: 'list', processes: ['simulator', 'start'], defaultText: 'an API on this machine', description: 'The only addresses the simulated Payoneer consent returns codes to.' },
  },
  'Local tooling (npm start, tests)': {
    DEMO_TIME_SCALE: {
      kind: 'integer', min: 1, max: 100_000, processes: ['api', 'worker', 'simulator', 'start'], defaultText: '1000 (npm start)', description: 'npm start\'s demo clock: every business duration this many times shorter.',
      production: testSwitch('npm start\'s demo clock (every business duration shortened)', (v) => on(v) && v.trim() !== '1'),
    },
    DATA_DIR: { kind: 'string', processes: ['start', 'support'], defaultText: '.data/', description: 'npm start\'s data directory (the support tool finds the local stack there).' },
    MONGO_PORT: { kind: 'integer', default: 27018, min: 0, max: 65535, processes: DEV_TOOLING, description: 'npm start\'s FerretDB port.' },
    POSTGRES_PORT: { kind: 'integer', default: 5433, min: 0, max: 65535, processes: DEV_TOOLING, description: 'npm start\'s PostgreSQL port (FerretDB\'s store).' },
    TEMPORAL_PORT: { kind: 'integer', default: 7233, min: 0, max: 65535, processes: DEV_TOOLING, description: 'npm start\'s Temporal port.' },
    TEMPORAL_UI_PORT: { kind: 'integer', default: 8233, min: 0, max: 65535, processes: DEV_TOOLING, description: 'npm start\'s Temporal UI port.' },
    SMTP_PORT: { kind: 'integer', default: 1025, min: 0, max: 65535, processes: ['start', 'mail-catcher'], description: 'The mail catcher\'s SMTP port.' },
    MAIL_INBOX_PORT: { kind: 'integer', default: 1080, min: 0, max: 65535, processes: ['start'], description: 'npm start\'s mail inbox port.' },
    HTTP_PORT: { kind: 'integer', default: 1080, min: 0, max: 65535, processes: ['mail-catcher'], description: 'The mail catcher\'s inbox port.' },
    WEB_BUILD: { kind: 'string', values: ['skip'], processes: ['start'], description: 'skip: npm start serves dist/web as it is.' },
    COINMARKET_NO_MEMORY_SERVER: { kind: 'flag', default: false, processes: ['dev-services'], description: '1: never use mongodb-memory-server.' },
    COINMARKET_NO_POSTGRES: { kind: 'flag', default: false, processes: ['dev-services'], description: '1: FerretDB on SQLite instead of PostgreSQL.' },
    COINMARKET_NO_SDK_DOWNLOAD: { kind: 'flag', default: false, processes: ['dev-services'], description: '1: never download the Temporal dev server.' },
    COINMARKET_CACHE_DIR: { kind: 'string', processes: ['dev-services'], defaultText: '$XDG_CACHE_HOME/coinmarket', description: 'Where built binaries are cached.' },
    XDG_CACHE_HOME: { kind: 'string', processes: ['dev-services'], defaultText: '~/.cache', description: 'The user\'s cache directory.' },
    MONGOMS_SYSTEM_BINARY: { kind: 'string', processes: ['dev-services'], description: 'A mongod for mongodb-memory-server.' },
    MONGOMS_DOWNLOAD_DIR: { kind: 'string', processes: ['dev-services'], defaultText: '~/.cache/mongodb-binaries', description: 'mongodb-memory-server\'s binaries.' },
  },
} as const satisfies Record<string, Record<string, Variable>>;

type Groups = typeof SCHEMA;
type Flat = { [G in keyof Groups]: Groups[G] }[keyof Groups];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Every variable by name. */
export type Schema = UnionToIntersection<Flat>;
export type VariableName = keyof Schema & string;

type Parsed<V> = V extends { kind: 'integer' | 'number' } ? number : V extends { kind: 'flag' } ? boolean : V extends { kind: 'list' } ? string[] : string;
/** A variable's value once checked: its default when unset, undefined when it has none. */
export type Value<N extends VariableName> = Parsed<Schema[N]> | (Schema[N] extends { default: unknown } ? never : undefined);
export type Config = { [N in VariableName]: Value<N> };

/** The table flattened, in the docs' order. */
export const VARIABLES: readonly { name: VariableName; group: string; spec: Variable }[] = Object.entries(SCHEMA)
  .flatMap(([group, vars]) => Object.entries(vars as Record<string, Variable>).map(([name, spec]) => ({ name: name as VariableName, group, spec })));
export const SPECS: ReadonlyMap<string, Variable> = new Map(VARIABLES.map((v) => [v.name, v.spec]));
