import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or a preset of proxy-addr (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whom X-Forwarded-For (client IP), -Proto and -Host are taken from. Unset: nobody
 * (the socket's address is the client). A hop count (1 = the one proxy in front), or a
 * comma-separated list of the proxies' addresses and ranges. `true` (everybody) is refused: it
 * lets any client forge its IP and so pass the per-IP limits.
 */
const TrustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const v = value?.trim();
    if (!v) return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be at most 10' });
      return hops === 0 ? false : hops;
    }
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.1,172.16.0.0/12), not "${bad.join(', ')}"`,
      });
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address such as "COBI NET <no-reply@example.com>"')
    .optional(),
  /** The public origin (mail links, canonical URLs); without it http://localhost:{PORT}. */
  APP_URL: z.string().url('must be an absolute URL such as https://example.com').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  /** With ADMIN_PASSWORD: this administrator is created (or promoted) at every start. */
  ADMIN_EMAIL: z.string().email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters long').max(128, 'must be at most 128 characters long').optional(),
  /** Inbox of complaint notices (forms feature); default: the company address. */
  COMPLAINTS_EMAIL: z.string().email('must be an e-mail address').optional(),
  /** Inbox of online-training acceptance requests (trainings feature); default: the company address. */
  TRAININGS_EMAIL: z.string().email('must be an e-mail address').optional(),
  /** Inbox of new B2B shop orders (shop feature); default: the company address. */
  SALES_EMAIL: z.string().email('must be an e-mail address').optional(),
  /** The external B2B shop (SPEC sections 1 and 7), linked from the site footer; opens in a new tab. */
  B2B_SHOP_URL: z
    .string()
    .url('must be an absolute URL such as https://b2b.cobinet.pl')
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .default('https://b2b.cobinet.pl'),
  /** Inbox of the contact form; default: the company address. */
  CONTACT_EMAIL: z.string().email('must be an e-mail address').optional(),
  /** Inboxes per contact subject, e.g. "sales=sprzedaz@example.com,training=szkolenia@example.com"; others go to CONTACT_EMAIL. */
  CONTACT_EMAILS: z
    .string()
    .regex(
      /^\s*[a-z_]+=[^\s,=@]+@[^\s,=@]+(\s*,\s*[a-z_]+=[^\s,=@]+@[^\s,=@]+)*\s*$/,
      'must be a list such as "sales=sales@example.com,training=training@example.com"',
    )
    .optional(),
  /** Przelewy24 (calculator purchase): all four plus P24_URL, or none (then bank transfer). */
  P24_MERCHANT_ID: z.coerce.number().int().positive().optional(),
  P24_POS_ID: z.coerce.number().int().positive().optional(),
  P24_CRC: z.string().min(1).optional(),
  P24_API_KEY: z.string().min(1).optional(),
  /** https://secure.przelewy24.pl (production) or https://sandbox.przelewy24.pl. */
  P24_URL: z.string().url('must be an absolute URL such as https://sandbox.przelewy24.pl').default('https://secure.przelewy24.pl'),
  /** The bank account of pro-forma mails (bank transfer of the calculator). */
  BANK_ACCOUNT: z.string().optional(),
  GUS_API_KEY: z.string().optional(),
  GUS_BIR_URL: z.string().url().optional(),
  /** KSeF environment of the invoice verification QR codes (kody-qr.md): test, demo or prod (default). */
  KSEF_ENV: z.enum(['test', 'demo', 'prod']).default('prod'),
  /** KSeF API 2.0 for `npm run ksef:sync` (all three or none): e.g. https://api-test.ksef.mf.gov.pl/v2. */
  KSEF_URL: z
    .string()
    .url('must be an absolute URL such as https://api-test.ksef.mf.gov.pl/v2')
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  /** The seller NIP whose issued invoices are synced (the KSeF token's context). */
  KSEF_NIP: z
    .string()
    .regex(/^\d{10}$/, 'must be a NIP of 10 digits')
    .optional(),
  KSEF_TOKEN: z.string().min(1).optional(),
  TRUST_PROXY: TrustProxySchema,
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Lifetime of the pages whose every change is reported (core/server/page-cache registerTrackedPages). */
  PAGE_CACHE_TRACKED_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  /** SIGTERM/SIGINT: how long in-flight requests may take before the process exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export type Config = Omit<z.infer<typeof EnvSchema>, 'APP_URL'> & { APP_URL: string; dataDir: string; sessionSecret: string; mailFrom: string };

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a sentence naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `Environment variable ${String(i.path[0])} is invalid: ${i.message}.`);
    throw new ConfigError(lines.join('\n'));
  }
  const c = { ...parsed.data, APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}` };
  if (c.NODE_ENV === 'production' && !c.SESSION_SECRET && c.APP_URL.startsWith('https://')) {
    throw new ConfigError('Environment variable SESSION_SECRET is required when APP_URL is https (at least 32 characters).');
  }
  const p24 = [c.P24_MERCHANT_ID, c.P24_POS_ID, c.P24_CRC, c.P24_API_KEY].filter((v) => v !== undefined).length;
  if (p24 !== 0 && p24 !== 4) {
    throw new ConfigError('Environment variables P24_MERCHANT_ID, P24_POS_ID, P24_CRC and P24_API_KEY must be set together.');
  }
  const ksef = [c.KSEF_URL, c.KSEF_NIP, c.KSEF_TOKEN].filter((v) => v !== undefined).length;
  if (ksef !== 0 && ksef !== 3) {
    throw new ConfigError('Environment variables KSEF_URL, KSEF_NIP and KSEF_TOKEN must be set together.');
  }
  if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
    throw new ConfigError('Environment variables ADMIN_EMAIL and ADMIN_PASSWORD must be set together.');
  }
  const dataDir = path.resolve(c.DATA_DIR);
  // Without MAIL_FROM: no-reply at the host of APP_URL.
  const mailFrom = c.MAIL_FROM ?? `COBI NET <no-reply@${new URL(c.APP_URL).hostname}>`;
  return { ...c, dataDir, sessionSecret: c.SESSION_SECRET ?? localSecret(dataDir), mailFrom };
}

/** Without SESSION_SECRET a random secret is made once and kept in the data folder. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
