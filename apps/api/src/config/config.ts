import { z } from 'zod';
import {
  API_KEY_RATE_LIMIT_DEFAULT,
  EXPORT_DIRECT_MAX_ROWS,
  LABELS_DIRECT_MAX_PARCELS,
} from '@depot/contracts';

const PROCESS_ROLES = ['api', 'gateway', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** `auto`: readable lines on a terminal, JSON lines otherwise; `json` / `pretty` force one (decision 0106). */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormatSetting = (typeof LOG_FORMATS)[number];

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  /** Connections a process keeps to the PostgreSQL server at most (the embedded database has one). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(4).max(200).default(20),
  DATA_DIR: z.string().min(1).default('./data'),
  DEPOT_ADMIN_EMAIL: z.email().optional(),
  DEPOT_ADMIN_PASSWORD: z.string().min(12, 'DEPOT_ADMIN_PASSWORD must be at least 12 characters').optional(),
  DEMO_DATA: bool.optional(),
  /**
   * With demo data on, whether the app starts its carrier sandboxes for the carrier types whose URL is not configured
   * (decision 0148).
   */
  CARRIER_SANDBOXES: bool.default(true),
  /** How often a sandbox carrier moves each shipment it registered one step along its journey. */
  SANDBOX_STEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  ROLE: z
    .string()
    .default('api,gateway,worker')
    .transform((s) =>
      s
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(PROCESS_ROLES)).min(1)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS).default('auto'),
  /** Check every reply against its route's contract (a reply off contract becomes a 500); default: in tests. */
  REPLY_CHECK: bool.optional(),
  /** Comma-separated origins allowed by CORS; empty = CORS closed (same origin only). */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /** Where the built panel lives; served at / when the api role runs. */
  WEB_DIST: z.string().optional(),
  /** Set behind a reverse proxy so client IPs (for sign-in limits) come from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
  /** 32-byte key (base64 or hex) that encrypts stored credentials; required with DATABASE_URL. */
  SECRETS_KEY: z
    .string()
    .transform((s) => (/^[0-9a-f]{64}$/i.test(s) ? Buffer.from(s, 'hex') : Buffer.from(s, 'base64')))
    .refine((b) => b.length === 32, 'SECRETS_KEY must be 32 bytes, base64 or hex encoded')
    .optional(),
  /** Base URL of the VIES REST API (POST {base}/check-vat-number); unset = VAT checks report "unreachable". */
  VIES_URL: z.url().optional(),
  /** How long a VIES check may take before it counts as unreachable. */
  VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * Base URLs of the carriers' APIs the cancellation and status refresh ask (decisions 0100, 0145); unset = that
   * carrier is not asked.
   */
  CARRIER_INPOST_URL: z.url().optional(),
  CARRIER_UPS_URL: z.url().optional(),
  CARRIER_PACKETA_URL: z.url().optional(),
  CARRIER_GLS_URL: z.url().optional(),
  CARRIER_DPD_URL: z.url().optional(),
  CARRIER_LANDMARK_URL: z.url().optional(),
  /** How often every carrier's tracked parcels are refreshed (decision 0145): an Agenda interval, e.g. '30 minutes'. */
  STATUS_REFRESH_EVERY: z
    .string()
    .regex(/^\d+ (minute|minutes|hour|hours)$/, { error: 'e.g. "30 minutes" or "1 hour"' })
    .default('30 minutes'),
  /** Batches of one carrier's parcels with the carrier or being written at once during a status refresh. */
  STATUS_REFRESH_PARALLEL: z.coerce.number().int().min(1).max(64).default(4),
  /** Requests in flight at once per batch to a carrier whose tracking answers one number per request (InPost). */
  CARRIER_TRACKING_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * Whether a new parcel is sent to its carrier at once (decision 0147); off: only "send to carrier" sends (the retry
   * sweep still asks again the carriers that gave no answer).
   */
  CARRIER_REGISTRATION_ON_CREATE: bool.default(true),
  /** Parcels registered at their carriers at once by a "send to carrier" job or the retry sweep (decision 0147). */
  CARRIER_REGISTRATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** How long one carrier request may take before it counts as unavailable. */
  CARRIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long each health probe (database, sign-in path, jobs) may take before it counts as failed (decision 0104). */
  HEALTH_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Exports of at most this many rows answer with the file; larger ones run as a job (decision 0045). */
  EXPORT_DIRECT_MAX_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(EXPORT_DIRECT_MAX_ROWS),
  /** Label requests for at most this many parcels answer with the file; larger ones run as a job (decision 0057). */
  LABELS_DIRECT_MAX_PARCELS: z.coerce.number().int().min(0).max(100_000).default(LABELS_DIRECT_MAX_PARCELS),
  /**
   * Where webhooks may be sent (decision 0146): `public` (https to public internet addresses only, the default),
   * `local` (this machine only, http allowed: tests and trying it out; the default under NODE_ENV=test), `any`
   * (http or https, any address: development and closed networks).
   */
  WEBHOOK_URLS: z.enum(['public', 'local', 'any']).optional(),
  /** How long one webhook attempt may take (connect, send, first bytes of the reply) before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Webhook attempts in flight at once per worker process. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** An import still being checked with no sign of life for this long is failed by the sweep (decision 0153). */
  IMPORT_STALLED_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** Requests per API key per window, "<requests>/<seconds>" (decision 0060), or "off". */
  API_KEY_RATE_LIMIT: z
    .string()
    .regex(/^(off|[1-9]\d{0,5}\/[1-9]\d{0,4})$/, 'must be "<requests>/<seconds>" (e.g. 120/60) or "off"')
    .default(`${API_KEY_RATE_LIMIT_DEFAULT.requests}/${API_KEY_RATE_LIMIT_DEFAULT.windowSeconds}`)
    .transform((s) => {
      if (s === 'off') return null;
      const [requests, windowSeconds] = s.split('/').map(Number);
      return { requests, windowSeconds };
    }),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** The most connections this process opens to the PostgreSQL server. */
  databasePoolMax: number;
  dataDir: string;
  mode: 'server' | 'embedded';
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  /** With demo data: start carrier sandboxes for the carriers without a URL (decision 0148). */
  carrierSandboxes: boolean;
  /** A sandbox carrier's journey step. */
  sandboxStepMs: number;
  roles: ProcessRole[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logFormat: LogFormatSetting;
  /** Replies are checked against their route's reply schema (decision 0108). */
  replyCheck: boolean;
  corsOrigins: string[];
  webDist: string | undefined;
  trustProxy: boolean;
  secretsKey: Buffer | undefined;
  viesUrl: string | undefined;
  viesTimeoutMs: number;
  /** Carrier API base URLs (no trailing slash; undefined = not configured) and the request timeout. */
  carriers: {
    inpostUrl: string | undefined;
    upsUrl: string | undefined;
    packetaUrl: string | undefined;
    glsUrl: string | undefined;
    dpdUrl: string | undefined;
    landmarkUrl: string | undefined;
    timeoutMs: number;
    /** The scheduled status refresh's interval (Agenda's `every`). */
    refreshEvery: string;
    refreshParallel: number;
    trackingConcurrency: number;
    /**
     * The carrier types whose URL points at the demo sandbox the app started itself (decision 0148): shown as
     * "sandbox" wherever their name is. Empty unless demo data is on and the type's URL was not configured.
     */
    sandbox: readonly string[];
    /** Parcels registered at once by a "send to carrier" job or the sweep (decision 0147). */
    registrationConcurrency: number;
    /** Whether new parcels are sent to their carriers at once (else only by "send to carrier"). */
    registerOnCreate: boolean;
  };
  healthProbeTimeoutMs: number;
  exportDirectMaxRows: number;
  labelsDirectMaxParcels: number;
  /** An import `validating` untouched for this long is failed by the stalled-imports sweep (decision 0153). */
  importStalledMs: number;
  /** Per-API-key rate limit; null = off. */
  apiKeyRateLimit: { requests: number; windowSeconds: number } | null;
  /** Webhooks (decision 0146): which URLs they may go to, an attempt's timeout, attempts in flight per process. */
  webhooks: { urls: 'public' | 'local' | 'any'; timeoutMs: number; concurrency: number };
}

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const mode = e.DATABASE_URL ? 'server' : 'embedded';
  const roles = [...new Set(e.ROLE)];
  if (mode === 'embedded' && roles.length < PROCESS_ROLES.length) {
    throw new Error(
      'Invalid configuration:\n  ROLE: splitting roles needs DATABASE_URL (the embedded database serves one process only)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: e.DATA_DIR,
    mode,
    adminEmail: e.DEPOT_ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.DEPOT_ADMIN_PASSWORD,
    demoData: e.DEMO_DATA ?? mode === 'embedded',
    carrierSandboxes: e.CARRIER_SANDBOXES,
    sandboxStepMs: e.SANDBOX_STEP_SECONDS * 1000,
    roles,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    replyCheck: e.REPLY_CHECK ?? env.NODE_ENV === 'test',
    corsOrigins: e.CORS_ORIGINS,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    secretsKey: e.SECRETS_KEY,
    viesUrl: e.VIES_URL?.replace(/\/+$/, ''),
    viesTimeoutMs: e.VIES_TIMEOUT_MS,
    carriers: {
      inpostUrl: e.CARRIER_INPOST_URL?.replace(/\/+$/, ''),
      upsUrl: e.CARRIER_UPS_URL?.replace(/\/+$/, ''),
      packetaUrl: e.CARRIER_PACKETA_URL?.replace(/\/+$/, ''),
      glsUrl: e.CARRIER_GLS_URL?.replace(/\/+$/, ''),
      dpdUrl: e.CARRIER_DPD_URL?.replace(/\/+$/, ''),
      landmarkUrl: e.CARRIER_LANDMARK_URL?.replace(/\/+$/, ''),
      timeoutMs: e.CARRIER_TIMEOUT_MS,
      refreshEvery: e.STATUS_REFRESH_EVERY,
      refreshParallel: e.STATUS_REFRESH_PARALLEL,
      trackingConcurrency: e.CARRIER_TRACKING_CONCURRENCY,
      sandbox: [],
      registrationConcurrency: e.CARRIER_REGISTRATION_CONCURRENCY,
      registerOnCreate: e.CARRIER_REGISTRATION_ON_CREATE,
    },
    healthProbeTimeoutMs: e.HEALTH_PROBE_TIMEOUT_MS,
    exportDirectMaxRows: e.EXPORT_DIRECT_MAX_ROWS,
    labelsDirectMaxParcels: e.LABELS_DIRECT_MAX_PARCELS,
    importStalledMs: e.IMPORT_STALLED_MINUTES * 60_000,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhooks: {
      // Under Jest (the harness passes its own variables, so the process's NODE_ENV is read too) no test can send a
      // webhook off this machine, whatever endpoint it registers (the fuzzing registers what it generates).
      urls: e.WEBHOOK_URLS ?? ((env.NODE_ENV ?? process.env.NODE_ENV) === 'test' ? 'local' : 'public'),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
