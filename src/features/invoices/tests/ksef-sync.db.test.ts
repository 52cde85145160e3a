// The KSeF sync (issue 39) against a stand-in written here that speaks the paths and payloads of
// the Ministry's open-api.json: token authentication (challenge, public key certificate, RSA-OAEP
// SHA-256 of "token|timestampMs", status 100 then 200, redeem), the metadata query (Subject1,
// PermanentStorage, Asc, pages), the invoice download; an expired access token (refresh, or a new
// authentication when the refresh is refused), a 429 with Retry-After, and a run stopped midway
// (the next goes on where it stopped; nothing is imported twice).
import { constants, privateDecrypt, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { customers } from '~/features/customers/customers.schema';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';
import { invoices, ksefSyncState } from '../invoices.schema';
import { KsefClient } from '../ksef/client.server';
import { withChecksum } from '../ksef/ksef-number';
import { ksefSyncStatus, runKsefSync } from '../ksef-sync.server';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const SAMPLE = fixture('fa3-sample.xml').toString('utf8');
const CERT = new X509Certificate(fixture('ksef-standin.crt'));
const KEY = fixture('ksef-standin.key');
const NIP = '5265877635';
const TOKEN = '20260201-EC-0123456789-ABCDEF0123-45|nip-5265877635|0123456789abcdef';

interface StandInInvoice {
  ksefNumber: string;
  invoiceNumber: string;
  permanentStorageDate: string;
  xml: string;
}

/** The stand-in's state and knobs. */
const ksef = {
  invoices: [] as StandInInvoice[],
  challenges: new Map<string, number>(),
  pending: new Map<string, { polls: number; redeemed: boolean }>(),
  access: new Set<string>(),
  refresh: new Set<string>(),
  calls: [] as string[],
  authentications: 0,
  /** The next metadata call answers 429 with Retry-After: 7. */
  throttleNext: false,
  /** Access tokens stop working (as when they expire). */
  expireAccess() {
    this.access.clear();
  },
  refuseRefresh: false,
  seq: 0,
};

function addInvoice(n: number, buyerNip = '7251801126') {
  const number = `FV/KSEF/${String(n).padStart(4, '0')}`;
  ksef.invoices.push({
    ksefNumber: withChecksum(`${NIP}-20260202-${String(n).padStart(12, '0')}`),
    invoiceNumber: number,
    // KSeF stores them one after another: each later than the last.
    permanentStorageDate: `2026-02-02T10:${String(ksef.invoices.length).padStart(2, '0')}:00.000000+00:00`,
    xml: SAMPLE.replace('FV/2026/02/0001', number).replace('<NIP>7251801126</NIP>', `<NIP>${buyerNip}</NIP>`),
  });
}

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'application/xml' : 'application/json', ...headers });
  res.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
}
const problem = (res: ServerResponse, status: number, detail: string) => send(res, status, { status, detail });

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname.replace(/^\/v2/, '');
  const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  ksef.calls.push(`${req.method} ${path}`);
  const id = () => `${++ksef.seq}-${Math.random().toString(36).slice(2)}`;

  if (req.method === 'POST' && path === '/auth/challenge') {
    const challenge = `20260202-CR-${id()}`;
    const timestampMs = Date.now();
    ksef.challenges.set(challenge, timestampMs);
    return send(res, 200, { challenge, timestamp: new Date(timestampMs).toISOString(), timestampMs, clientIp: '127.0.0.1' });
  }
  if (req.method === 'GET' && path === '/security/public-key-certificates') {
    return send(res, 200, [
      {
        certificate: CERT.raw.toString('base64'),
        certificateId: 'c1',
        publicKeyId: 'k1',
        validFrom: '2025-01-01T00:00:00Z',
        validTo: '2099-01-01T00:00:00Z',
        usage: ['KsefTokenEncryption'],
      },
    ]);
  }
  if (req.method === 'POST' && path === '/auth/ksef-token') {
    const ts = ksef.challenges.get(body?.challenge);
    if (ts === undefined) return problem(res, 400, 'unknown challenge');
    ksef.challenges.delete(body.challenge);
    const plain = privateDecrypt(
      { key: KEY, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(body.encryptedToken, 'base64'),
    ).toString('utf8');
    if (plain !== `${TOKEN}|${ts}` || body.contextIdentifier?.type !== 'Nip' || body.contextIdentifier?.value !== NIP) return problem(res, 400, 'bad token');
    const temp = `auth-${id()}`;
    const referenceNumber = `20260202-AU-${id()}`;
    ksef.pending.set(`${referenceNumber}|${temp}`, { polls: 0, redeemed: false });
    return send(res, 202, { referenceNumber, authenticationToken: { token: temp, validUntil: '2099-01-01T00:00:00Z' } });
  }
  const auth = /^\/auth\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && auth && auth[1] !== 'challenge') {
    const p = ksef.pending.get(`${decodeURIComponent(auth[1])}|${bearer}`);
    if (!p) return problem(res, 401, 'unknown operation');
    p.polls++;
    const code = p.polls < 2 ? 100 : 200;
    return send(res, 200, {
      startDate: '2026-02-02T10:00:00Z',
      authenticationMethod: 'Token',
      status: { code, description: code === 100 ? 'Uwierzytelnianie w toku' : 'Uwierzytelnianie zakończone sukcesem' },
    });
  }
  if (req.method === 'POST' && path === '/auth/token/redeem') {
    const entry = [...ksef.pending.entries()].find(([k]) => k.endsWith(`|${bearer}`));
    if (!entry || entry[1].polls < 2) return problem(res, 401, 'not authenticated');
    if (entry[1].redeemed) return problem(res, 400, 'already redeemed');
    entry[1].redeemed = true;
    ksef.authentications++;
    const access = `access-${id()}`;
    const refresh = `refresh-${id()}`;
    ksef.access.add(access);
    ksef.refresh.add(refresh);
    return send(res, 200, {
      accessToken: { token: access, validUntil: '2099-01-01T00:00:00Z' },
      refreshToken: { token: refresh, validUntil: '2099-01-01T00:00:00Z' },
    });
  }
  if (req.method === 'POST' && path === '/auth/token/refresh') {
    if (ksef.refuseRefresh || !ksef.refresh.has(bearer)) return problem(res, 401, 'refresh token refused');
    const access = `access-${id()}`;
    ksef.access.add(access);
    return send(res, 200, { accessToken: { token: access, validUntil: '2099-01-01T00:00:00Z' } });
  }
  if (!ksef.access.has(bearer)) return problem(res, 401, 'access token expired');
  if (req.method === 'POST' && path === '/invoices/query/metadata') {
    if (ksef.throttleNext) {
      ksef.throttleNext = false;
      return send(res, 429, { status: { code: 429, description: 'Too Many Requests', details: ['Retry later'] } }, { 'retry-after': '7' });
    }
    if (body?.subjectType !== 'Subject1' || body?.dateRange?.dateType !== 'PermanentStorage' || url.searchParams.get('sortOrder') !== 'Asc')
      return problem(res, 400, 'bad filter');
    const from = new Date(body.dateRange.from).getTime();
    const all = ksef.invoices.filter((i) => new Date(i.permanentStorageDate).getTime() >= from);
    const offset = Number(url.searchParams.get('pageOffset') ?? 0);
    const size = Math.min(2, Number(url.searchParams.get('pageSize') ?? 10)); // small pages: paging is exercised
    const page = all.slice(offset, offset + size);
    return send(res, 200, {
      hasMore: offset + size < all.length,
      isTruncated: false,
      // The high-water mark: everything stored so far is complete.
      permanentStorageHwmDate: ksef.invoices.at(-1)?.permanentStorageDate,
      invoices: page.map((i) => ({
        ksefNumber: i.ksefNumber,
        invoiceNumber: i.invoiceNumber,
        issueDate: '2026-02-01',
        invoicingDate: i.permanentStorageDate,
        acquisitionDate: i.permanentStorageDate,
        permanentStorageDate: i.permanentStorageDate,
        seller: { nip: NIP, name: 'Cobi Okablowanie Sp. z o.o.' },
        buyer: { identifier: { type: 'Nip', value: '7251801126' }, name: 'Elektro-Instal' },
        netAmount: 1550,
        grossAmount: 1876.5,
        vatAmount: 326.5,
        currency: 'PLN',
        invoicingMode: 'Online',
        invoiceType: 'Vat',
        formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
        isSelfInvoicing: false,
        hasAttachment: false,
        invoiceHash: 'x',
      })),
    });
  }
  const download = /^\/invoices\/ksef\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && download) {
    const inv = ksef.invoices.find((i) => i.ksefNumber === decodeURIComponent(download[1]));
    return inv ? send(res, 200, inv.xml) : problem(res, 404, 'no such invoice');
  }
  return problem(res, 404, `no route ${req.method} ${path}`);
}

let t: TestApp;
let server: Server;
let client: () => KsefClient;
const waits: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await getDb().insert(customers).values({ name: 'Elektro-Instal', taxIdentificationNr: '7251801126' });
  server = createServer((req, res) => {
    handle(req, res).catch((e) => problem(res, 500, String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  client = () => new KsefClient({ baseUrl, nip: NIP, token: TOKEN, sleep: async (ms) => void waits.push(ms) });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const kept = async () =>
  (await getDb().select({ ksef: invoices.ksefNumber, number: invoices.number, source: invoices.source }).from(invoices)).sort((a, b) =>
    a.number.localeCompare(b.number),
  );

describe('KSeF sync against the stand-in', () => {
  it('authenticates with the token, pages the metadata, waits out a 429, imports new invoices and reports a refused one', async () => {
    addInvoice(1);
    addInvoice(2, '1132853869'); // a buyer the portal does not know
    addInvoice(3);
    ksef.throttleNext = true;
    const r = await runKsefSync({ client: client(), nip: NIP, from: '2026-02-01T00:00:00Z' });
    expect(r.imported).toBe(2);
    expect(r.refused).toEqual([
      { ksefNumber: ksef.invoices[1].ksefNumber, message: 'Nie znaleziono klienta z NIP 1132853869 (nabywca faktury FV/KSEF/0002).' },
    ]);
    expect(waits).toContain(7000);
    expect(ksef.authentications).toBe(1);
    expect(ksef.calls.filter((c) => c === 'POST /invoices/query/metadata').length).toBe(3); // 429, page 1, page 2
    expect(await kept()).toEqual([
      { ksef: ksef.invoices[0].ksefNumber, number: 'FV/KSEF/0001', source: 'ksef' },
      { ksef: ksef.invoices[2].ksefNumber, number: 'FV/KSEF/0003', source: 'ksef' },
    ]);
    const [state] = await getDb().select().from(ksefSyncState).where(eq(ksefSyncState.nip, NIP));
    expect(state.lastImported).toBe(2);
    expect(state.lastError).toContain('1132853869');
    // The admin integrations screen reads the same state.
    expect((await ksefSyncStatus()).find((r) => r.nip === NIP)).toMatchObject({ lastImported: 2, lastError: expect.stringContaining('1132853869') });
    expect(new Date(state.cursor as string).toISOString()).toBe('2026-02-02T10:02:00.000Z');
  });

  it('an expired access token is refreshed; a refused refresh authenticates again', async () => {
    addInvoice(10);
    ksef.expireAccess();
    const first = await runKsefSync({ client: client(), nip: NIP });
    // A new client authenticates anyway; expire its token in the middle of the next run instead.
    expect(first.imported).toBe(1);
    const c = client();
    await c.authenticate();
    const before = ksef.authentications;
    ksef.expireAccess();
    addInvoice(11);
    expect((await runKsefSync({ client: c, nip: NIP })).imported).toBe(1);
    expect(ksef.calls).toContain('POST /auth/token/refresh');
    expect(ksef.authentications).toBe(before);
    ksef.expireAccess();
    ksef.refuseRefresh = true;
    addInvoice(12);
    expect((await runKsefSync({ client: c, nip: NIP })).imported).toBe(1);
    expect(ksef.authentications).toBe(before + 1);
    ksef.refuseRefresh = false;
  });

  it('a run stopped midway goes on where it stopped; nothing is imported twice', async () => {
    for (const n of [20, 21, 22]) addInvoice(n);
    const stopped = await runKsefSync({ client: client(), nip: NIP, maxInvoices: 1 });
    expect(stopped.imported).toBe(1);
    const again = await runKsefSync({ client: client(), nip: NIP });
    // The invoice at the cursor is listed again (the range starts there) and skipped.
    expect(again).toMatchObject({ imported: 2, skipped: 1 });
    expect((await runKsefSync({ client: client(), nip: NIP })).imported).toBe(0);
    const numbers = (await kept()).map((k) => k.ksef);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toHaveLength(8);
  });
});
