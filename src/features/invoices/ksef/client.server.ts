// A KSeF API 2.0 client for the sync (open-api.json of the Ministry's documentation; the paths are
// relative to KSEF_URL, e.g. https://api-test.ksef.mf.gov.pl/v2). Authentication with a KSeF token
// (uwierzytelnianie.md 2.2, tokeny-ksef.md): POST /auth/challenge; "{token}|{timestampMs}" encrypted
// with RSA-OAEP SHA-256 under KSeF's public key for KsefTokenEncryption
// (GET /security/public-key-certificates); POST /auth/ksef-token; GET /auth/{referenceNumber}
// until status 200; POST /auth/token/redeem gives accessToken and refreshToken. A 401 refreshes the
// access token (POST /auth/token/refresh) or, when that fails, authenticates again; a 429 waits for
// Retry-After (capped) and tries again.
import { constants, publicEncrypt, X509Certificate } from 'node:crypto';

export interface KsefClientOptions {
  baseUrl: string;
  nip: string;
  token: string;
  fetch?: typeof fetch;
  /** Waits (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** Longest wait for a 429's Retry-After and tries per request. */
  maxRetryAfterMs?: number;
  maxTries?: number;
}

export interface KsefInvoiceMetadata {
  ksefNumber: string;
  invoiceNumber: string;
  issueDate: string;
  permanentStorageDate: string;
  seller: { nip: string; name?: string };
}

export class KsefApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class KsefClient {
  private accessToken: string | null = null;
  private refreshToken: string | null = null;
  private readonly f: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;

  constructor(private readonly o: KsefClientOptions) {
    this.f = o.fetch ?? fetch;
    this.sleep = o.sleep ?? wait;
    this.now = o.now ?? (() => new Date());
  }

  private url(path: string) {
    return `${this.o.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  /** One HTTP call; 429 waits and tries again. */
  private async raw(method: string, path: string, opts: { bearer?: string | null; body?: unknown; accept?: string } = {}): Promise<Response> {
    const tries = this.o.maxTries ?? 5;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { accept: opts.accept ?? 'application/json' };
      if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const res = await this.f(this.url(path), { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
      if (res.status !== 429 || attempt >= tries) return res;
      const after = Number(res.headers.get('retry-after'));
      await res.arrayBuffer().catch(() => undefined);
      await this.sleep(Math.min(Number.isFinite(after) && after > 0 ? after * 1000 : 1000 * attempt, this.o.maxRetryAfterMs ?? 60_000));
    }
  }

  private async json<T>(res: Response, what: string): Promise<T> {
    if (!res.ok) throw new KsefApiError(`KSeF ${what}: HTTP ${res.status} ${(await res.text().catch(() => '')).slice(0, 300)}`, res.status);
    return (await res.json()) as T;
  }

  /** The whole token authentication; leaves accessToken and refreshToken set. */
  async authenticate(): Promise<void> {
    const challenge = await this.json<{ challenge: string; timestampMs: number }>(await this.raw('POST', '/auth/challenge', { body: {} }), 'challenge');
    const certs = await this.json<{ certificate: string; usage: string[]; validFrom: string; validTo: string }[]>(
      await this.raw('GET', '/security/public-key-certificates'),
      'public key',
    );
    const at = this.now().toISOString();
    const cert =
      certs.find((c) => c.usage.includes('KsefTokenEncryption') && c.validFrom <= at && at <= c.validTo) ??
      certs.find((c) => c.usage.includes('KsefTokenEncryption'));
    if (!cert) throw new KsefApiError('KSeF: no public key for KsefTokenEncryption', 0);
    const key = new X509Certificate(Buffer.from(cert.certificate, 'base64')).publicKey;
    const encryptedToken = publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(`${this.o.token}|${challenge.timestampMs}`, 'utf8'),
    ).toString('base64');
    const init = await this.json<{ referenceNumber: string; authenticationToken: { token: string } }>(
      await this.raw('POST', '/auth/ksef-token', {
        body: { challenge: challenge.challenge, contextIdentifier: { type: 'Nip', value: this.o.nip }, encryptedToken },
      }),
      'ksef-token',
    );
    const temp = init.authenticationToken.token;
    for (let i = 0; ; i++) {
      const status = await this.json<{ status: { code: number; description: string; details?: string[] } }>(
        await this.raw('GET', `/auth/${encodeURIComponent(init.referenceNumber)}`, { bearer: temp }),
        'auth status',
      );
      if (status.status.code === 200) break;
      if (status.status.code !== 100 || i >= 30) {
        throw new KsefApiError(
          `KSeF authentication failed: ${status.status.code} ${status.status.description} ${(status.status.details ?? []).join(' ')}`.trim(),
          401,
        );
      }
      await this.sleep(Math.min(500 * (i + 1), 5000));
    }
    const tokens = await this.json<{ accessToken: { token: string }; refreshToken: { token: string } }>(
      await this.raw('POST', '/auth/token/redeem', { bearer: temp }),
      'redeem',
    );
    this.accessToken = tokens.accessToken.token;
    this.refreshToken = tokens.refreshToken.token;
  }

  /** A call with the access token: 401 refreshes it (or authenticates again) once. */
  private async authed(method: string, path: string, opts: { body?: unknown; accept?: string } = {}): Promise<Response> {
    if (!this.accessToken) await this.authenticate();
    const res = await this.raw(method, path, { ...opts, bearer: this.accessToken });
    if (res.status !== 401) return res;
    await res.arrayBuffer().catch(() => undefined);
    const refreshed = this.refreshToken ? await this.raw('POST', '/auth/token/refresh', { bearer: this.refreshToken }) : null;
    if (refreshed?.ok) this.accessToken = ((await refreshed.json()) as { accessToken: { token: string } }).accessToken.token;
    else await this.authenticate();
    return this.raw(method, path, { ...opts, bearer: this.accessToken });
  }

  /** One page of the metadata of invoices issued by the NIP (Subject1), permanent-storage dates from `from`, oldest first. */
  async queryMetadata(
    from: string,
    pageOffset: number,
    pageSize = 100,
  ): Promise<{ invoices: KsefInvoiceMetadata[]; hasMore: boolean; isTruncated: boolean; permanentStorageHwmDate?: string }> {
    const res = await this.authed('POST', `/invoices/query/metadata?sortOrder=Asc&pageOffset=${pageOffset}&pageSize=${pageSize}`, {
      body: { subjectType: 'Subject1', dateRange: { dateType: 'PermanentStorage', from, restrictToPermanentStorageHwmDate: true } },
    });
    return this.json(res, 'metadata');
  }

  /** The invoice's XML as KSeF keeps it. */
  async downloadInvoice(ksefNumber: string): Promise<Buffer> {
    const res = await this.authed('GET', `/invoices/ksef/${encodeURIComponent(ksefNumber)}`, { accept: 'application/xml' });
    if (!res.ok) throw new KsefApiError(`KSeF invoice ${ksefNumber}: HTTP ${res.status}`, res.status);
    return Buffer.from(await res.arrayBuffer());
  }
}
