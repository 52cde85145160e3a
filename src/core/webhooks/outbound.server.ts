// Outbound safety of webhook deliveries: which URLs an endpoint may have, and the one HTTP POST the
// worker makes (no redirects, a 10 s deadline, a bounded answer, no private addresses).
import { type LookupAddress, lookup as dnsLookup, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isOneLine } from '~/core/http/one-line';

/** The hosts a development endpoint may name over plain http (and the only private ones allowed). */
export const DEVELOPMENT_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1']);

/** The longest endpoint URL accepted. */
export const MAX_URL_LENGTH = 2000;
/** A delivery that has no complete answer within this is a failure. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer is read (the rest is dropped): enough for an error message in the log. */
export const MAX_ANSWER_BYTES = 4096;

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for loopback, private, link-local, shared, documentation, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const kind = isIP(bare);
  if (kind === 4) return blocked.check(bare, 'ipv4');
  if (kind === 6) {
    // An IPv4 address mapped into IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) is judged as that IPv4 address.
    const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(bare);
    if (mapped) {
      const v4 = mapped[1] ?? hexPairToV4(mapped[2] ?? '0', mapped[3] ?? '0');
      return blocked.check(v4, 'ipv4');
    }
    return blocked.check(bare, 'ipv6');
  }
  return true;
}

function hexPairToV4(hi: string, lo: string): string {
  const a = Number.parseInt(hi, 16);
  const b = Number.parseInt(lo, 16);
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

const INTERNAL_SUFFIX = /\.(localhost|local|internal|intranet|lan|home|corp|home\.arpa|localdomain)$/i;

/**
 * Why an endpoint URL is refused, or null when it is fine: https only, except http to localhost or
 * 127.0.0.1 (development); no user name or password; no internal host (a private address, a name
 * without a dot, a local suffix) other than those two.
 */
export function webhookUrlProblem(value: string): 'invalid' | 'https' | 'credentials' | 'internal' | null {
  if (value.length > MAX_URL_LENGTH || /\s/.test(value) || !isOneLine(value)) return 'invalid';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'https';
  if (url.username || url.password) return 'credentials';
  const host = url.hostname.toLowerCase();
  if (!host) return 'invalid';
  const development = DEVELOPMENT_HOSTS.has(host);
  if (url.protocol === 'http:' && !development) return 'https';
  if (development) return null;
  if (isIP(host.replace(/^\[|\]$/g, ''))) return isPrivateAddress(host) ? 'internal' : null;
  if (!host.includes('.') || INTERNAL_SUFFIX.test(host) || host.endsWith('.')) return 'internal';
  return null;
}

/**
 * A DNS lookup that refuses private addresses: the check is made on the address the socket
 * connects to, so a public name that resolves to an internal address (DNS rebinding) is refused too.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, options as LookupOptions, (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => {
    if (err) return (callback as (e: NodeJS.ErrnoException | null, a: string | LookupAddress[], f?: number) => void)(err, address, family);
    const list = Array.isArray(address) ? address.map((a) => a.address) : [address];
    const bad = list.find((a) => isPrivateAddress(a));
    if (bad) {
      const e = Object.assign(new Error(`${hostname} resolves to an internal address (${bad})`), { code: 'EADDRNOTALLOWED' });
      return (callback as (e: NodeJS.ErrnoException | null, a: string | LookupAddress[], f?: number) => void)(e, address, family);
    }
    (callback as (e: NodeJS.ErrnoException | null, a: string | LookupAddress[], f?: number) => void)(null, address, family);
  });
};

export interface PostResult {
  status: number;
  /** The first MAX_ANSWER_BYTES of the answer, as text. */
  answer: string;
}

/**
 * POSTs `body` to `url` once: no redirect is followed (a 3xx is an answer like any other), the whole
 * exchange has DELIVERY_TIMEOUT_MS, at most MAX_ANSWER_BYTES of the answer are read. Rejects on a
 * network error, a timeout or an address that is not allowed.
 */
export function postOnce(target: string, body: string, headers: Record<string, string>, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<PostResult> {
  return new Promise<PostResult>((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      reject(new Error('invalid URL'));
      return;
    }
    const problem = webhookUrlProblem(target);
    if (problem) {
      reject(new Error(`URL not allowed (${problem})`));
      return;
    }
    const development = DEVELOPMENT_HOSTS.has(url.hostname.toLowerCase());
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' },
        ...(development ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          res.removeAllListeners('data');
          finish(() => resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks).toString('utf8') }));
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          const room = MAX_ANSWER_BYTES - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= MAX_ANSWER_BYTES) done();
        });
        res.on('end', done);
        res.on('error', (e) => finish(() => reject(e)));
      },
    );
    const timer = setTimeout(() => {
      finish(() => reject(Object.assign(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`), { code: 'ETIMEDOUT' })));
      req.destroy();
    }, timeoutMs);
    req.on('error', (e) => finish(() => reject(e)));
    req.end(body);
  });
}
