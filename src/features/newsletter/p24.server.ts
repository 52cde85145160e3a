// Przelewy24 REST API (https://developers.przelewy24.pl): register a transaction, the status
// notification with its signature, verify. Signatures are SHA-384 of a JSON object with the fields
// in the documented order (JSON without escaped slashes or unicode, as JSON.stringify writes it).
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '~/core/config.server';

export interface P24Config {
  merchantId: number;
  posId: number;
  crc: string;
  apiKey: string;
  /** https://secure.przelewy24.pl or https://sandbox.przelewy24.pl (no trailing slash). */
  url: string;
}

/** The Przelewy24 settings, or null when they are not configured (then: bank transfer). */
/**
 * How the calculator can be bought: online through Przelewy24 when configured, else by bank transfer
 * when BANK_ACCOUNT names the account, else not at all (a pro forma without an account helps nobody).
 */
export function purchaseMethod(c: Parameters<typeof p24FromConfig>[0] & Pick<Config, 'BANK_ACCOUNT'>): 'p24' | 'transfer' | null {
  if (p24FromConfig(c)) return 'p24';
  return c.BANK_ACCOUNT?.trim() ? 'transfer' : null;
}

export function p24FromConfig(c: Pick<Config, 'P24_MERCHANT_ID' | 'P24_POS_ID' | 'P24_CRC' | 'P24_API_KEY' | 'P24_URL'>): P24Config | null {
  if (!c.P24_MERCHANT_ID || !c.P24_POS_ID || !c.P24_CRC || !c.P24_API_KEY) return null;
  return { merchantId: c.P24_MERCHANT_ID, posId: c.P24_POS_ID, crc: c.P24_CRC, apiKey: c.P24_API_KEY, url: c.P24_URL.replace(/\/$/, '') };
}

export function p24Sign(fields: Record<string, string | number>): string {
  return createHash('sha384').update(JSON.stringify(fields)).digest('hex');
}

/** sign of transaction/register: {sessionId, merchantId, amount, currency, crc}. */
export function registerSign(p: { sessionId: string; merchantId: number; amount: number; currency: string; crc: string }): string {
  return p24Sign({ sessionId: p.sessionId, merchantId: p.merchantId, amount: p.amount, currency: p.currency, crc: p.crc });
}

/** sign of transaction/verify: {sessionId, orderId, amount, currency, crc}. */
export function verifySign(p: { sessionId: string; orderId: number; amount: number; currency: string; crc: string }): string {
  return p24Sign({ sessionId: p.sessionId, orderId: p.orderId, amount: p.amount, currency: p.currency, crc: p.crc });
}

/** The status notification Przelewy24 posts to urlStatus. */
export const NotificationSchema = z.object({
  merchantId: z.coerce.number().int(),
  posId: z.coerce.number().int(),
  sessionId: z.string().min(1).max(100),
  amount: z.coerce.number().int().nonnegative(),
  originAmount: z.coerce.number().int().nonnegative(),
  currency: z.string().max(3),
  orderId: z.coerce.number().int().positive(),
  methodId: z.coerce.number().int(),
  statement: z.string().max(200),
  sign: z.string().max(200),
});
export type P24Notification = z.infer<typeof NotificationSchema>;

/** sign of the notification: {merchantId, posId, sessionId, amount, originAmount, currency, orderId, methodId, statement, crc}. */
export function notificationSign(n: Omit<P24Notification, 'sign'>, crc: string): string {
  return p24Sign({
    merchantId: n.merchantId,
    posId: n.posId,
    sessionId: n.sessionId,
    amount: n.amount,
    originAmount: n.originAmount,
    currency: n.currency,
    orderId: n.orderId,
    methodId: n.methodId,
    statement: n.statement,
    crc,
  });
}

/** Whether a notification's sign is right and it is meant for this merchant. */
export function notificationIsAuthentic(n: P24Notification, cfg: P24Config): boolean {
  if (n.merchantId !== cfg.merchantId || n.posId !== cfg.posId) return false;
  const expected = Buffer.from(notificationSign(n, cfg.crc));
  const given = Buffer.from(n.sign.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export class P24Error extends Error {}

function auth(cfg: P24Config) {
  return `Basic ${Buffer.from(`${cfg.posId}:${cfg.apiKey}`).toString('base64')}`;
}

async function call(cfg: P24Config, method: 'POST' | 'PUT', path: string, body: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${cfg.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: auth(cfg) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    throw new P24Error(`Przelewy24 ${path}: ${(e as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) throw new P24Error(`Przelewy24 ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new P24Error(`Przelewy24 ${path}: not JSON`);
  }
}

export interface RegisterInput {
  sessionId: string;
  amount: number;
  description: string;
  email: string;
  client: string;
  language: 'pl' | 'en';
  urlReturn: string;
  urlStatus: string;
}

/** POST /api/v1/transaction/register; returns the gateway URL {P24_URL}/trnRequest/{token}. */
export async function registerTransaction(cfg: P24Config, input: RegisterInput): Promise<{ token: string; redirectUrl: string }> {
  const currency = 'PLN';
  const body = {
    merchantId: cfg.merchantId,
    posId: cfg.posId,
    sessionId: input.sessionId,
    amount: input.amount,
    currency,
    description: input.description,
    email: input.email,
    client: input.client.slice(0, 40),
    country: 'PL',
    language: input.language,
    urlReturn: input.urlReturn,
    urlStatus: input.urlStatus,
    sign: registerSign({ sessionId: input.sessionId, merchantId: cfg.merchantId, amount: input.amount, currency, crc: cfg.crc }),
  };
  const answer = (await call(cfg, 'POST', '/api/v1/transaction/register', body)) as { data?: { token?: unknown } };
  const token = answer?.data?.token;
  if (typeof token !== 'string' || !/^[A-Za-z0-9-]{1,100}$/.test(token)) throw new P24Error('Przelewy24 register: no token');
  return { token, redirectUrl: `${cfg.url}/trnRequest/${token}` };
}

/** PUT /api/v1/transaction/verify; true when Przelewy24 answers success. */
export async function verifyTransaction(cfg: P24Config, p: { sessionId: string; orderId: number; amount: number; currency: string }): Promise<boolean> {
  const body = {
    merchantId: cfg.merchantId,
    posId: cfg.posId,
    sessionId: p.sessionId,
    amount: p.amount,
    currency: p.currency,
    orderId: p.orderId,
    sign: verifySign({ ...p, crc: cfg.crc }),
  };
  const answer = (await call(cfg, 'PUT', '/api/v1/transaction/verify', body)) as { data?: { status?: unknown } };
  return answer?.data?.status === 'success';
}
