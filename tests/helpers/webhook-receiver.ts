// A webhook receiver as a customer would write one (tests): it verifies X-Cobi-Signature with its
// copy of the secret (HMAC-SHA256 of "{t}.{body}", t within 5 minutes of its clock) and dedupes on
// X-Cobi-Delivery. Its clock is core/time's, so a test that moves time moves the receiver's too.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { now } from '~/core/time/clock';

export interface Receiver {
  url: string;
  /** Deliveries accepted, once each (deduped on X-Cobi-Delivery). */
  accepted: Map<string, { event: string; body: Record<string, unknown> }>;
  /** Every request, including repeats and refused ones. */
  hits: number;
  refusedSignatures: number;
  /** What to answer (default 200); a function may also hang. */
  answer: (req: IncomingMessage) => number | 'hang';
  close(): Promise<void>;
}

/** A customer's receiver: verifies the signature with its copy of the secret, dedupes, answers. */
export async function startReceiver(secretOf: () => string): Promise<Receiver> {
  const r: Receiver = {
    url: '',
    accepted: new Map(),
    hits: 0,
    refusedSignatures: 0,
    answer: () => 200,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.hits++;
      const answer = r.answer(req);
      if (answer === 'hang') return;
      const body = Buffer.concat(chunks).toString('utf8');
      // The check a receiver makes: parse t and v1, t within 5 minutes, HMAC of "{t}.{body}".
      const header = String(req.headers['x-cobi-signature'] ?? '');
      const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
      const t = Number(parts.t);
      const expected = createHmac('sha256', secretOf()).update(`${parts.t}.${body}`).digest();
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      const fresh = Number.isInteger(t) && Math.abs(now().getTime() / 1000 - t) <= 300;
      if (!fresh || given.length !== expected.length || !timingSafeEqual(given, expected) || req.headers['content-type'] !== 'application/json') {
        r.refusedSignatures++;
        res.writeHead(400).end('bad signature');
        return;
      }
      if (answer >= 200 && answer < 300) {
        const id = String(req.headers['x-cobi-delivery']);
        if (!r.accepted.has(id)) r.accepted.set(id, { event: String(req.headers['x-cobi-event']), body: JSON.parse(body) });
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 300 ? `refused ${'x'.repeat(10_000)}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  r.url = `http://127.0.0.1:${port}/hooks`;
  r.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return r;
}
