import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address such as "COBI NET <no-reply@example.com>"')
    .optional(),
  APP_URL: z.string().url('must be an absolute URL such as https://example.com').default('http://localhost:3000'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  /** With ADMIN_PASSWORD: this administrator is created (or promoted) at every start. */
  ADMIN_EMAIL: z.string().email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters long').max(128, 'must be at most 128 characters long').optional(),
  GUS_API_KEY: z.string().optional(),
  GUS_BIR_URL: z.string().url().optional(),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export type Config = z.infer<typeof EnvSchema> & { dataDir: string; sessionSecret: string; mailFrom: string };

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a sentence naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `Environment variable ${String(i.path[0])} is invalid: ${i.message}.`,
    );
    throw new ConfigError(lines.join('\n'));
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.SESSION_SECRET && c.APP_URL.startsWith('https://')) {
    throw new ConfigError(
      'Environment variable SESSION_SECRET is required when APP_URL is https (at least 32 characters).',
    );
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
