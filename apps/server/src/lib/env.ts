import path from 'node:path';
import { isLiveSource, LIVE_SOURCES } from '@grandline/core/prices/model';
import { z } from 'zod';

/** SUPPORT_EMAIL when none is set. */
export const DEFAULT_SUPPORT_EMAIL = 'support@grandline.local';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ON_START: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  WEB_DIST_DIR: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** The address users reach the app at; links in e-mails and OAuth redirects are built from it. */
  PUBLIC_URL: z.string().url().optional(),
  /** Signs sessions and tokens. Without it a random secret is generated once and kept in the database. */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Grand Line <no-reply@grandline.local>'),
  /**
   * Where messages of the contact form are mailed (features/contact); each is also kept for the admin area. The default
   * suits the embedded setup, whose mail is written to DATA_DIR/mail: set a real mailbox with SMTP_URL.
   */
  SUPPORT_EMAIL: z.string().trim().email('SUPPORT_EMAIL must be an e-mail address, e.g. support@example.com').default(DEFAULT_SUPPORT_EMAIL),
  /**
   * How many reverse proxies / load balancers stand in front (each appends to X-Forwarded-For): the client address is
   * the entry that many places from the right. `false`/`0`: none (the socket's address); `true` counts as 1.
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((v, ctx) => {
      if (v === 'false') return 0;
      if (v === 'true') return 1;
      const n = Number(v);
      if (Number.isInteger(n) && n >= 0 && n <= 10) return n;
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be a number of proxies from 0 to 10 (or true/false)' });
      return z.NEVER;
    }),
  /** IP-geolocation service for country detection: a URL with {ip}, answering JSON with country_code. */
  GEOIP_URL: z
    .string()
    .regex(/^https?:\/\/.*\{ip\}/, 'GEOIP_URL must be an http(s) URL containing {ip}')
    .optional(),
  /** Largest JSON request body under /api, in bytes (larger: 413 PAYLOAD_TOO_LARGE before it is read). */
  MAX_JSON_BODY_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  /** Largest uploaded file (binder import), in bytes (larger: 413 FILE_TOO_LARGE). */
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(10 * 1024 * 1024),
  /** A client must send its request headers within this time (slow-header attacks), in milliseconds. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  /** A client must send its whole request (headers and body) within this time, in milliseconds. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** Open connections one server process accepts at most; more are closed at once (file descriptors stay available). */
  MAX_CONNECTIONS: z.coerce.number().int().min(16).max(1_000_000).default(10_000),
  /**
   * Open connections one client address may hold in a process (behind TRUST_PROXY: requests in progress per forwarded
   * address); more are answered 429. Well under MAX_CONNECTIONS, so one address cannot shut everyone else out.
   */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(4).max(1_000_000).default(256),
  /** A request body that stops arriving for this long is answered 408 and closed, in milliseconds (REQUEST_TIMEOUT_MS caps the whole request). */
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  /** Comma-separated e-mails that are admins (set at start and when such an account signs up). */
  ADMIN_EMAILS: z.string().optional(),
  /** Server processes on PostgreSQL (node:cluster, one port); default one per core. The embedded database always runs one. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * How long a resolved session is reused without a database read, in milliseconds (lib/session-cache.ts); 0 turns the
   * cache off. Sign-out and every revocation drop it at once on every replica; this is only the backstop.
   */
  /** Members a Family plan's owner may have besides themselves (issue 16). */
  FAMILY_MAX_MEMBERS: z.coerce.number().int().min(1).max(50).default(5),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /**
   * Live price fetchers to run (comma-separated): tcgcsv, cardmarket, cardtrader, fx. Empty: none (prices come from
   * files: npm run prices:import, or the admin's upload).
   */
  PRICE_SOURCES: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const names = v.split(',').map((n) => n.trim().toLowerCase()).filter(Boolean);
      const unknown = names.filter((n) => !isLiveSource(n));
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `PRICE_SOURCES names unknown sources: ${unknown.join(', ')} (use ${LIVE_SOURCES.join(', ')})` });
        return z.NEVER;
      }
      return [...new Set(names.filter(isLiveSource))];
    }),
  /** When the daily price fetch runs (cron, UTC): after tcgcsv's ~20:00 UTC update. */
  PRICE_FETCH_CRON: z.string().default('30 21 * * *'),
  /**
   * Demonstration prices for every print (flagged as demo everywhere). Default: on for the embedded database with no
   * price source configured, off otherwise.
   */
  PRICE_DEMO: z.enum(['true', 'false', '1', '0']).optional().transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  /** The BR estimate: US price × USD→BRL × this factor (import costs), when Liga has no price. */
  BR_IMPORT_FACTOR: z.coerce.number().min(0.1).max(10).default(1.4),
  TCGCSV_BASE_URL: z.string().url().default('https://tcgcsv.com'),
  CARDMARKET_BASE_URL: z.string().url().default('https://downloads.s3.cardmarket.com/productCatalog'),
  CARDTRADER_BASE_URL: z.string().url().default('https://api.cardtrader.com/api/v2'),
  CARDTRADER_TOKEN: z.string().optional(),
  FX_FRANKFURTER_URL: z.string().url().default('https://api.frankfurter.dev/v1'),
  FX_OPEN_ER_API_URL: z.string().url().default('https://open.er-api.com/v6'),
  /** Longest wait for one answer of a price or rate source, in milliseconds (then retried with back-off). */
  PRICE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Tournament sources to read (comma-separated): `limitless` is the only one. Empty: none (tournaments come from
   * files: npm run tournaments:import, or the admin's upload). docs/tournament-sources.md.
   */
  TOURNAMENT_SOURCES: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const names = [...new Set(v.split(',').map((n) => n.trim().toLowerCase()).filter(Boolean))];
      const unknown = names.filter((n) => n !== 'limitless');
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `TOURNAMENT_SOURCES names unknown sources: ${unknown.join(', ')} (use limitless, or leave it empty)` });
        return z.NEVER;
      }
      return names as 'limitless'[];
    }),
  /** The Limitless TCG API's root; tests and mirrors point it elsewhere. */
  LIMITLESS_BASE_URL: z.string().url('LIMITLESS_BASE_URL must be a URL, e.g. https://play.limitlesstcg.com/api').default('https://play.limitlesstcg.com/api'),
  /** An access key for the Limitless TCG API, sent as X-Access-Key (optional). */
  LIMITLESS_API_KEY: z.string().trim().min(1).max(500).optional(),
  /** When the daily tournament fetch runs (cron, UTC). */
  TOURNAMENT_FETCH_CRON: z.string().default('30 4 * * *'),
  /** Longest wait for one answer of a tournament source, in milliseconds (then retried with back-off). */
  TOURNAMENT_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Tournaments a listing page asks for (the API's `limit`). */
  TOURNAMENT_FETCH_PAGE_SIZE: z.coerce.number().int().min(1).max(500).default(50),
  /** Most tournaments a run reads (details and standings); the rest wait for the next run. */
  TOURNAMENT_FETCH_MAX: z.coerce.number().int().min(1).max(10_000).default(100),
  /** Pause between two requests to a tournament source, in milliseconds: Limitless allows about 50 requests in 5 minutes. */
  TOURNAMENT_FETCH_PAUSE_MS: z.coerce.number().int().min(0).max(600_000).default(6_000),
  /**
   * Where card art is fetched from for the thumbnails (features/images): the catalogue's image host by default; tests
   * and mirrors point it elsewhere. Only the path of a card's catalogue address is asked there.
   */
  CARD_IMAGE_BASE_URL: z.string().url().default('https://en.onepiece-cardgame.com'),
  /** Where thumbnails are kept (default DATA_DIR/images). */
  IMAGE_DIR: z.string().optional(),
  /**
   * An S3-compatible bucket for the files the server makes (card thumbnails), shared by every replica: set S3_BUCKET,
   * S3_ENDPOINT (e.g. https://s3.eu-west-1.amazonaws.com, an R2 or MinIO address), S3_ACCESS_KEY_ID and
   * S3_SECRET_ACCESS_KEY; S3_REGION (default us-east-1; R2 takes auto) and S3_PREFIX (a key prefix such as grandline/)
   * are optional. Without S3_BUCKET they stay on the local disk (IMAGE_DIR).
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).max(40).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(200).optional(),
  S3_PREFIX: z.string().regex(/^[a-z0-9][a-z0-9/_-]*\/$/i, 'S3_PREFIX must end with / (e.g. grandline/)').optional(),
  /** Longest wait for one answer of the image host (and of the S3 bucket), in milliseconds. */
  IMAGE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Largest original card image accepted, in bytes (the publisher's PNGs are about 0.5 MB). */
  MAX_IMAGE_BYTES: z.coerce.number().int().min(1024).max(256 * 1024 * 1024).default(8 * 1024 * 1024),
  /**
   * Web Push (features/push): the VAPID key pair (npx web-push generate-vapid-keys). Without them the embedded database
   * generates a pair once into DATA_DIR/vapid.json; on PostgreSQL push is then off (replicas must share one pair).
   */
  VAPID_PUBLIC_KEY: z.string().min(40).max(200).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).max(200).optional(),
  /** Who runs this server, for the push services: a mailto: or https: address (default: mailto: of MAIL_FROM). */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must start with mailto: or https://').optional(),
  /** The push services subscriptions may point at, comma-separated host names (`*.example.com` for subdomains). */
  PUSH_SERVICE_HOSTS: z.string().optional(),
  /** Longest wait for a push service's answer, in milliseconds. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  /** Any OpenID Connect provider: its issuer URL (metadata at /.well-known/openid-configuration), client and button label. */
  OIDC_ISSUER_URL: z.string().url('OIDC_ISSUER_URL must be a URL, e.g. https://sso.example.com/realms/main').optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_NAME: z.string().optional(),
  /** Payments (features/billing): Stripe's secret key and the signing secret of the webhook endpoint; both, or none. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The Stripe price of each plan and interval (prices include tax, as the spec shows them). */
  STRIPE_PRICE_HOBBY_MONTH: z.string().optional(),
  STRIPE_PRICE_HOBBY_YEAR: z.string().optional(),
  STRIPE_PRICE_FAMILY_MONTH: z.string().optional(),
  STRIPE_PRICE_FAMILY_YEAR: z.string().optional(),
  /** Where the Stripe API is reached (default Stripe's own); tests point it at a local stand-in. */
  STRIPE_API_URL: z.string().url().optional(),
}).superRefine((env, ctx) => {
  // Half an S3 configuration would silently keep files on one replica's disk: refused at start instead.
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]);
  if (env.S3_BUCKET && missing.length) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `S3_BUCKET needs ${missing.join(', ')} as well` });
});
export type Env = z.infer<typeof EnvSchema>;

/** Reads the configuration; a variable set to the empty string counts as not set. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}

/** Directories are resolved against the directory npm was started from (the repository root). */
export function resolveFromRoot(dir: string): string {
  const root = process.env.INIT_CWD ?? process.cwd();
  return path.resolve(root, dir);
}
