import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for the Przelewy24 REST API (https://developers.przelewy24.pl) speaking its
 * protocol: POST /api/v1/transaction/register and PUT /api/v1/transaction/verify with HTTP basic
 * auth posId:apiKey and SHA-384 signs of the documented JSON objects, GET /trnRequest/{token} (the
 * payment page: a button that "pays", i.e. posts the signed status notification to urlStatus and
 * sends the browser to urlReturn), and notificationFor() for tests that post the notification
 * themselves. It refuses what the real service refuses: a wrong sign, wrong credentials, a verify
 * of an unknown or unpaid transaction or with another amount.
 */

export interface P24StandinOptions {
  merchantId: number;
  posId: number;
  crc: string;
  apiKey: string;
}

export interface StandinTransaction {
  token: string;
  sessionId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  urlReturn: string;
  urlStatus: string;
  orderId: number;
  paid: boolean;
  verified: number;
}

export interface P24Standin {
  url: string;
  transactions: Map<string, StandinTransaction>;
  /** Calls of verify that succeeded, by sessionId. */
  verifyCalls: string[];
  /** The signed notification P24 sends after a payment (marks the transaction paid). */
  notificationFor(token: string, tamper?: Partial<Record<string, string | number>>): Record<string, string | number>;
  close(): Promise<void>;
}

const sha384 = (o: Record<string, unknown>) => createHash('sha384').update(JSON.stringify(o)).digest('hex');

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const v = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startP24Standin(opts: P24StandinOptions): Promise<P24Standin> {
  const transactions = new Map<string, StandinTransaction>();
  const verifyCalls: string[] = [];
  let nextOrder = 300_000_000;
  const authorised = (req: IncomingMessage) => req.headers.authorization === `Basic ${Buffer.from(`${opts.posId}:${opts.apiKey}`).toString('base64')}`;

  const notificationFor = (token: string, tamper: Partial<Record<string, string | number>> = {}) => {
    const t = transactions.get(token);
    if (!t) throw new Error(`no transaction ${token}`);
    t.paid = true;
    const fields = {
      merchantId: opts.merchantId,
      posId: opts.posId,
      sessionId: t.sessionId,
      amount: t.amount,
      originAmount: t.amount,
      currency: t.currency,
      orderId: t.orderId,
      methodId: 25,
      statement: `p24-${t.orderId}`,
    };
    const sign = sha384({ ...fields, crc: opts.crc });
    return { ...fields, sign, ...tamper } as Record<string, string | number>;
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/api/v1/transaction/register') {
      if (!authorised(req)) return send(res, 401, { error: 'Incorrect authentication', code: 401 });
      const b = await readJson(req);
      if (!b) return send(res, 400, { error: 'Invalid input data', code: 400 });
      const expected = sha384({ sessionId: b.sessionId, merchantId: b.merchantId, amount: b.amount, currency: b.currency, crc: opts.crc });
      if (b.merchantId !== opts.merchantId || b.posId !== opts.posId) return send(res, 400, { error: 'Incorrect merchantId or posId', code: 400 });
      if (b.sign !== expected) return send(res, 400, { error: 'Incorrect CRC value', code: 400 });
      for (const k of ['sessionId', 'description', 'email', 'urlReturn', 'urlStatus', 'currency']) {
        if (typeof b[k] !== 'string' || !b[k]) return send(res, 400, { error: `Invalid ${k}`, code: 400 });
      }
      if (!Number.isInteger(b.amount) || (b.amount as number) <= 0) return send(res, 400, { error: 'Invalid amount', code: 400 });
      const token = randomUUID().toUpperCase();
      transactions.set(token, {
        token,
        sessionId: b.sessionId as string,
        amount: b.amount as number,
        currency: b.currency as string,
        description: b.description as string,
        email: b.email as string,
        urlReturn: b.urlReturn as string,
        urlStatus: b.urlStatus as string,
        orderId: nextOrder++,
        paid: false,
        verified: 0,
      });
      return send(res, 200, { data: { token }, responseCode: 0 });
    }
    if (req.method === 'PUT' && url.pathname === '/api/v1/transaction/verify') {
      if (!authorised(req)) return send(res, 401, { error: 'Incorrect authentication', code: 401 });
      const b = await readJson(req);
      if (!b) return send(res, 400, { error: 'Invalid input data', code: 400 });
      const expected = sha384({ sessionId: b.sessionId, orderId: b.orderId, amount: b.amount, currency: b.currency, crc: opts.crc });
      if (b.sign !== expected) return send(res, 400, { error: 'Incorrect CRC value', code: 400 });
      const t = [...transactions.values()].find((x) => x.sessionId === b.sessionId);
      if (!t || t.orderId !== b.orderId || t.amount !== b.amount || !t.paid) return send(res, 400, { error: 'Transaction not found or not paid', code: 400 });
      t.verified += 1;
      verifyCalls.push(t.sessionId);
      return send(res, 200, { data: { status: 'success' }, responseCode: 0 });
    }
    const pay = /^\/trnRequest\/([A-Z0-9-]+)$/.exec(url.pathname);
    if (pay) {
      const t = transactions.get(pay[1]);
      if (!t) return send(res, 404, 'Unknown transaction', 'text/plain');
      if (req.method === 'GET') {
        return send(
          res,
          200,
          `<!doctype html><html lang="pl"><head><title>Przelewy24 (stand-in)</title></head><body><main><h1>Przelewy24</h1><p>${t.description}</p><form method="post"><button type="submit">Zapłać</button></form></main></body></html>`,
          'text/html; charset=utf-8',
        );
      }
      if (req.method === 'POST') {
        const body = notificationFor(t.token);
        await fetch(t.urlStatus, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
        res.writeHead(303, { location: t.urlReturn });
        return res.end();
      }
    }
    send(res, 404, { error: 'Not found', code: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    transactions,
    verifyCalls,
    notificationFor,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
