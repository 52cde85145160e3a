import { Parser } from 'htmlparser2';
import type { Config } from '~/core/config.server';
import { isValidNip, normalizeNip } from './nip';

/*
 * Client of the GUS REGON registry, BIR 1.1 ("Baza Internetowa REGON", UslugaBIRzewnPubl):
 * SOAP 1.2 with WS-Addressing headers over HTTPS; answers come MTOM-framed (multipart/related with
 * one application/xop+xml part holding the envelope). A lookup is Zaloguj (key -> session id),
 * DaneSzukajPodmioty by NIP with the session id in the HTTP header `sid`, one
 * DanePobierzPelnyRaport per entity for its e-mail and phone, and Wyloguj.
 */

export const GUS_BIR_PRODUCTION_URL = 'https://wyszukiwarkaregon.stat.gov.pl/wsBIR/UslugaBIRzewnPubl.svc';
export const GUS_BIR_TEST_URL = 'https://wyszukiwarkaregontest.stat.gov.pl/wsBIR/UslugaBIRzewnPubl.svc';
/** The public key of the test registry (fictitious data). */
export const GUS_BIR_TEST_KEY = 'abcde12345abcde12345';
export const GUS_BIR_TIMEOUT_MS = 10_000;

const NS_PUBL = 'http://CIS/BIR/PUBL/2014/07';
const NS_DATA = 'http://CIS/BIR/PUBL/2014/07/DataContract';
const NS_BIR = 'http://CIS/BIR/2014/07';
const ACTION_PUBL = `${NS_PUBL}/IUslugaBIRzewnPubl`;
const ACTION_BIR = `${NS_BIR}/IUslugaBIR`;

/** SPEC section 3, "Registry lookup result item". */
export interface RegistryAddress {
  telefon: string;
  miejscowosc: string;
  ulica: string;
  nr_domu: string;
  nr_lokalu: string;
  kod_pocztowy: string;
  poczta: string;
}
export interface RegistryItem {
  nazwa: string;
  nip: string;
  /** The entity's REGON number (9 digits; 14 for a local unit). */
  kod: string;
  email: string;
  adres: RegistryAddress;
}

/** One `<dane>` row of DaneSzukajPodmioty, fields as the registry names them. */
export type BirSubject = Record<string, string>;

export type GusBirErrorCode = 'not_configured' | 'unavailable' | 'bad_key' | 'registry_error';

export class GusBirError extends Error {
  constructor(
    public readonly code: GusBirErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GusBirError';
  }
}
/** GUS_API_KEY is not set. */
export class GusBirNotConfiguredError extends GusBirError {
  constructor() {
    super('not_configured', 'The GUS BIR registry is not configured: set GUS_API_KEY.');
  }
}
/** The registry could not be reached, timed out, or answered with something that is not BIR. */
export class GusBirUnavailableError extends GusBirError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('unavailable', message, options);
  }
}
/** Zaloguj gave no session id: the key is wrong or not active. */
export class GusBirAuthError extends GusBirError {
  constructor() {
    super('bad_key', 'The GUS BIR registry refused the key (Zaloguj returned an empty session id).');
  }
}
/** The registry answered with an error code other than "not found". */
export class GusBirRegistryError extends GusBirError {
  constructor(
    public readonly registryCode: string,
    message: string,
  ) {
    super('registry_error', `GUS BIR error ${registryCode}: ${message}`);
  }
}
/** The NIP failed the checksum; nothing was sent. */
export class InvalidNipError extends Error {
  constructor(public readonly nip: string) {
    super(`Invalid NIP: ${nip}`);
    this.name = 'InvalidNipError';
  }
}

export interface GusBirOptions {
  url: string;
  key: string;
  /** Per call; default 10 s. */
  timeoutMs?: number;
}

/** The registry's address: GUS_BIR_URL, else the test registry for the test key, else production. */
export function gusBirOptionsFromConfig(config: Pick<Config, 'GUS_API_KEY' | 'GUS_BIR_URL'>): GusBirOptions {
  const key = config.GUS_API_KEY?.trim();
  if (!key) throw new GusBirNotConfiguredError();
  const url = config.GUS_BIR_URL ?? (key === GUS_BIR_TEST_KEY ? GUS_BIR_TEST_URL : GUS_BIR_PRODUCTION_URL);
  return { url, key };
}

// ---------------------------------------------------------------------------------------------
// XML: a small element tree (local names; the registry's answers use few namespaces).

interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', children: [], text: '' };
  const stack: XmlElement[] = [root];
  const parser = new Parser(
    {
      onopentag(name) {
        const el: XmlElement = { name: name.includes(':') ? name.slice(name.indexOf(':') + 1) : name, children: [], text: '' };
        stack[stack.length - 1]?.children.push(el);
        stack.push(el);
      },
      ontext(text) {
        const top = stack[stack.length - 1];
        if (top) top.text += text;
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml.replace(/^\uFEFF/, ''));
  parser.end();
  return root;
}

function find(el: XmlElement, name: string): XmlElement | undefined {
  for (const child of el.children) {
    if (child.name === name) return child;
    const deep = find(child, name);
    if (deep) return deep;
  }
  return undefined;
}

function findAll(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of el.children) {
    if (child.name === name) out.push(child);
    else findAll(child, name, out);
  }
  return out;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

// ---------------------------------------------------------------------------------------------
// Transport

/** The SOAP envelope of a response: the root part of an MTOM (multipart/related) body, or the body. */
export function extractEnvelope(contentType: string, body: Buffer): string {
  if (!/^multipart\/related/i.test(contentType)) return body.toString('utf8');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new GusBirUnavailableError('GUS BIR: multipart answer without a boundary.');
  const start = /(?:^|;)\s*start="?(<[^">]+>)"?/i.exec(contentType)?.[1];
  const text = body.toString('utf8');
  const delimiter = `--${boundary}`;
  const parts = text
    .split(delimiter)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .map((p) => {
      const raw = p.replace(/^\r?\n/, '');
      const split = raw.search(/\r?\n\r?\n/);
      const head = split < 0 ? '' : raw.slice(0, split);
      const content = split < 0 ? raw : raw.slice(split).replace(/^\r?\n\r?\n/, '');
      return { head, content: content.replace(/\r?\n$/, '') };
    });
  const root = (start && parts.find((p) => new RegExp(`^content-id:\\s*${escapeRe(start)}\\s*$`, 'im').test(p.head))) || parts[0];
  if (!root) throw new GusBirUnavailableError('GUS BIR: empty multipart answer.');
  return root.content;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function envelope(url: string, action: string, namespaces: string, body: string): string {
  return (
    `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" ${namespaces}>` +
    '<soap:Header xmlns:wsa="http://www.w3.org/2005/08/addressing">' +
    `<wsa:To>${escapeXml(url)}</wsa:To>` +
    `<wsa:Action>${action}</wsa:Action>` +
    '</soap:Header>' +
    `<soap:Body>${body}</soap:Body>` +
    '</soap:Envelope>'
  );
}

export class GusBirClient {
  private readonly timeoutMs: number;

  constructor(private readonly opts: GusBirOptions) {
    this.timeoutMs = opts.timeoutMs ?? GUS_BIR_TIMEOUT_MS;
  }

  /** Posts one SOAP 1.2 call and returns the text of `<{operation}Result>`. */
  private async call(operation: string, action: string, ns: string, body: string, sid?: string, timeoutMs = this.timeoutMs): Promise<string> {
    const xml = envelope(this.opts.url, action, ns, body);
    let res: Response;
    let buf: Buffer;
    try {
      res = await fetch(this.opts.url, {
        method: 'POST',
        headers: {
          'content-type': `application/soap+xml; charset=utf-8; action="${action}"`,
          accept: 'multipart/related, application/soap+xml, application/xop+xml',
          ...(sid ? { sid } : {}),
        },
        body: xml,
        signal: AbortSignal.timeout(timeoutMs),
      });
      buf = Buffer.from(await res.arrayBuffer());
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : (e as Error).message;
      throw new GusBirUnavailableError(
        timedOut ? `GUS BIR: no answer to ${operation} within ${timeoutMs} ms.` : `GUS BIR: cannot reach ${this.opts.url} (${cause}).`,
        { cause: e },
      );
    }
    const contentType = res.headers.get('content-type') ?? '';
    let doc: XmlElement;
    try {
      doc = parseXml(extractEnvelope(contentType, buf));
    } catch (e) {
      if (e instanceof GusBirError) throw e;
      throw new GusBirUnavailableError(`GUS BIR: unreadable answer to ${operation}.`, { cause: e });
    }
    const fault = find(doc, 'Fault');
    if (fault) {
      const reason = find(fault, 'Text')?.text.trim() || find(fault, 'Reason')?.text.trim() || 'SOAP fault';
      throw new GusBirUnavailableError(`GUS BIR: ${operation} failed (HTTP ${res.status}): ${reason}`);
    }
    if (!res.ok || !find(doc, 'Envelope')) {
      throw new GusBirUnavailableError(`GUS BIR: ${operation} answered HTTP ${res.status} without a SOAP envelope.`);
    }
    const result = find(doc, `${operation}Result`);
    return result ? result.text.trim() : '';
  }

  /** Zaloguj: the session id; an empty one means the key was refused. */
  async login(): Promise<string> {
    const sid = await this.call(
      'Zaloguj',
      `${ACTION_PUBL}/Zaloguj`,
      `xmlns:ns="${NS_PUBL}"`,
      `<ns:Zaloguj><ns:pKluczUzytkownika>${escapeXml(this.opts.key)}</ns:pKluczUzytkownika></ns:Zaloguj>`,
    );
    if (!sid) throw new GusBirAuthError();
    return sid;
  }

  /** Wyloguj; it waits at most 2 s, as the answer to the user does not depend on it. */
  async logout(sid: string): Promise<void> {
    await this.call(
      'Wyloguj',
      `${ACTION_PUBL}/Wyloguj`,
      `xmlns:ns="${NS_PUBL}"`,
      `<ns:Wyloguj><ns:pIdentyfikatorSesji>${escapeXml(sid)}</ns:pIdentyfikatorSesji></ns:Wyloguj>`,
      sid,
      Math.min(this.timeoutMs, 2000),
    );
  }

  /** GetValue (e.g. KomunikatKod: 4 = nothing found, 7 = no session). */
  async getValue(sid: string, parameter: string): Promise<string> {
    return this.call(
      'GetValue',
      `${ACTION_BIR}/GetValue`,
      `xmlns:ns="${NS_BIR}"`,
      `<ns:GetValue><ns:pNazwaParametru>${escapeXml(parameter)}</ns:pNazwaParametru></ns:GetValue>`,
      sid,
    );
  }

  /** DaneSzukajPodmioty by NIP: the `<dane>` rows; [] when nothing is found. */
  async searchByNip(sid: string, nip: string): Promise<BirSubject[]> {
    const result = await this.call(
      'DaneSzukajPodmioty',
      `${ACTION_PUBL}/DaneSzukajPodmioty`,
      `xmlns:ns="${NS_PUBL}" xmlns:dat="${NS_DATA}"`,
      `<ns:DaneSzukajPodmioty><ns:pParametryWyszukiwania><dat:Nip>${escapeXml(nip)}</dat:Nip></ns:pParametryWyszukiwania></ns:DaneSzukajPodmioty>`,
      sid,
    );
    if (!result) {
      // An empty result is "not found", unless the session was not accepted.
      const code = await this.getValue(sid, 'KomunikatKod').catch(() => '');
      if (code === '7') throw new GusBirUnavailableError('GUS BIR: the session was not accepted (KomunikatKod 7).');
      return [];
    }
    return rows(result);
  }

  /** DanePobierzPelnyRaport: the rows of one full report. */
  async fullReport(sid: string, regon: string, report: string): Promise<BirSubject[]> {
    const result = await this.call(
      'DanePobierzPelnyRaport',
      `${ACTION_PUBL}/DanePobierzPelnyRaport`,
      `xmlns:ns="${NS_PUBL}"`,
      `<ns:DanePobierzPelnyRaport><ns:pRegon>${escapeXml(regon)}</ns:pRegon><ns:pNazwaRaportu>${escapeXml(report)}</ns:pNazwaRaportu></ns:DanePobierzPelnyRaport>`,
      sid,
    );
    return result ? rows(result) : [];
  }
}

/** The `<dane>` rows of a result document; ErrorCode 4 means none, another code is an error. */
function rows(resultXml: string): BirSubject[] {
  const out: BirSubject[] = [];
  for (const dane of findAll(parseXml(resultXml), 'dane')) {
    const row: BirSubject = {};
    for (const field of dane.children) row[field.name] = field.text.trim();
    if (row.ErrorCode !== undefined) {
      if (row.ErrorCode === '4') continue;
      throw new GusBirRegistryError(row.ErrorCode, row.ErrorMessageEn || row.ErrorMessagePl || 'unknown error');
    }
    out.push(row);
  }
  return out;
}

/**
 * The full report holding an entity's contact data, and the prefix of its fields: the BIR 1.2
 * report names (GUS retired the BIR11 ones; the maintained client libraries moved in December 2024).
 */
export function contactReport(subject: BirSubject): { report: string; prefix: string } | null {
  const typ = (subject.Typ ?? '').toUpperCase();
  if (typ === 'P') return { report: 'BIR12OsPrawna', prefix: 'praw' };
  if (typ === 'LP') return { report: 'BIR12JednLokalnaOsPrawnej', prefix: 'lokpraw' };
  if (typ === 'LF') return { report: 'BIR12JednLokalnaOsFizycznej', prefix: 'lokfiz' };
  if (typ === 'F') {
    const report = {
      '1': 'BIR12OsFizycznaDzialalnoscCeidg',
      '2': 'BIR12OsFizycznaDzialalnoscRolnicza',
      '3': 'BIR12OsFizycznaDzialalnoscPozostala',
      '4': 'BIR12OsFizycznaDzialalnoscSkreslonaDo20141108',
    }[subject.SilosID ?? ''];
    return report ? { report, prefix: 'fiz' } : null;
  }
  return null;
}

function postcode(value: string): string {
  const v = value.trim();
  return /^\d{5}$/.test(v) ? `${v.slice(0, 2)}-${v.slice(2)}` : v;
}

/** A registry row and its contact data as the SPEC's registry lookup item. */
export function toRegistryItem(subject: BirSubject, contact: { email?: string; telefon?: string } = {}): RegistryItem {
  const f = (k: string) => subject[k]?.trim() ?? '';
  return {
    nazwa: f('Nazwa'),
    nip: f('Nip'),
    kod: f('Regon'),
    email: contact.email?.trim() ?? '',
    adres: {
      telefon: contact.telefon?.trim() ?? '',
      miejscowosc: f('Miejscowosc'),
      ulica: f('Ulica'),
      nr_domu: f('NrNieruchomosci'),
      nr_lokalu: f('NrLokalu'),
      kod_pocztowy: postcode(f('KodPocztowy')),
      poczta: f('MiejscowoscPoczty') || f('Miejscowosc'),
    },
  };
}

/**
 * Looks a NIP up in the registry: the entities registered under it with their address and, when
 * the registry has them, e-mail and phone. [] when nothing is registered under the NIP.
 * Throws InvalidNipError before any call for a NIP with a wrong check digit, and a GusBirError
 * when the registry cannot answer.
 */
export async function lookupNip(nipInput: string, opts: GusBirOptions): Promise<RegistryItem[]> {
  const nip = normalizeNip(nipInput);
  if (!isValidNip(nip)) throw new InvalidNipError(nipInput);
  const client = new GusBirClient(opts);
  const sid = await client.login();
  try {
    const subjects = await client.searchByNip(sid, nip);
    const seen = new Set<string>();
    const items: RegistryItem[] = [];
    for (const subject of subjects) {
      if (subject.Regon) {
        if (seen.has(subject.Regon)) continue;
        seen.add(subject.Regon);
      }
      const contact: { email?: string; telefon?: string } = {};
      const source = contactReport(subject);
      if (source && subject.Regon) {
        try {
          const [row] = await client.fullReport(sid, subject.Regon, source.report);
          contact.email = row?.[`${source.prefix}_adresEmail`];
          contact.telefon = row?.[`${source.prefix}_numerTelefonu`];
        } catch (e) {
          // Contact data is a bonus: the entity is still returned without it.
          if (!(e instanceof GusBirError)) throw e;
        }
      }
      items.push(toRegistryItem(subject, contact));
    }
    return items;
  } finally {
    await client.logout(sid).catch(() => {});
  }
}
