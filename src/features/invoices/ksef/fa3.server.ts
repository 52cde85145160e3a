// FA(3), the structured invoice of KSeF (the Ministry of Finance's schema, vendored in ./xsd with its
// MIT licence). An XML is checked in three steps, each before the next touches it:
//  1. bytes: size, UTF-8, no NUL, no DOCTYPE/ENTITY (an entity "bomb" is refused before any parser runs);
//  2. the official XSD, offline: libxml2 (xmllint-wasm) with the vendored schemas; the main schema's
//     import of StrukturyDanych by its crd.gov.pl address is pointed at the local copy in memory;
//  3. reading: fast-xml-parser turns the (now valid) document into the fields the portal keeps.
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import elementarne from './xsd/ElementarneTypyDanych_v10-0E.xsd?raw';
import kodyKrajow from './xsd/KodyKrajow_v10-0E.xsd?raw';
import fa3Schema from './xsd/schemat_FA(3)_v1-0E.xsd?raw';
import struktury from './xsd/StrukturyDanych_v10-0E.xsd?raw';

export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
/** KSeF's own limit for an invoice with attachments is 3 MB; nothing larger is read. */
export const MAX_FA3_BYTES = 3 * 1024 * 1024;

/** Why an XML was refused; `detail` is shown after the sentence of `problem`. */
export class Fa3Error extends Error {
  constructor(
    public readonly problem: 'empty' | 'tooLarge' | 'encoding' | 'nul' | 'doctype' | 'notXml' | 'namespace' | 'schema' | 'content',
    public readonly detail = '',
  ) {
    super(`${problem}${detail ? `: ${detail}` : ''}`);
  }
}

const REMOTE_BASE = /schemaLocation="http:\/\/crd\.gov\.pl\/xml\/schematy\/dziedzinowe\/mf\/2022\/01\/05\/eD\/DefinicjeTypy\/([A-Za-z0-9_-]+\.xsd)"/g;
const SCHEMA = { fileName: 'FA3.xsd', contents: fa3Schema.replace(REMOTE_BASE, 'schemaLocation="$1"') };
const PRELOAD = [
  { fileName: 'StrukturyDanych_v10-0E.xsd', contents: struktury },
  { fileName: 'ElementarneTypyDanych_v10-0E.xsd', contents: elementarne },
  { fileName: 'KodyKrajow_v10-0E.xsd', contents: kodyKrajow },
];

/** Step 1: the bytes as UTF-8 text, or an Fa3Error; no parser has seen them yet. */
export function preflightFa3(xml: Uint8Array): string {
  if (xml.length === 0) throw new Fa3Error('empty');
  if (xml.length > MAX_FA3_BYTES) throw new Fa3Error('tooLarge');
  if (xml.includes(0)) throw new Fa3Error('nul');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(xml);
  } catch {
    throw new Fa3Error('encoding');
  }
  // A DTD is never part of FA(3); with it go internal entities (billion laughs) and external ones (XXE).
  if (/<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i.test(text)) throw new Fa3Error('doctype');
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) throw new Fa3Error('encoding', declared.slice(0, 20));
  if (!/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*</.test(text)) throw new Fa3Error('notXml');
  return text;
}

/** Step 2: the official FA(3) schema (offline); the first problems as the detail. */
export async function validateFa3(text: string): Promise<void> {
  const result = await validateXML({ xml: { fileName: 'faktura.xml', contents: text }, schema: SCHEMA, preload: PRELOAD });
  if (result.valid) return;
  const messages = result.errors.map((e) => e.message.replace(/\{http:\/\/crd\.gov\.pl\/wzor\/2025\/06\/25\/13775\/\}/g, '').trim());
  const first = messages[0] ?? '';
  if (
    /parser error|Start tag expected|Document is empty|not well-formed|Premature end|Opening and ending tag mismatch|Extra content/i.test(result.rawOutput) &&
    !/Schemas validity/.test(first)
  ) {
    throw new Fa3Error('notXml', (messages.find((m) => m) ?? '').slice(0, 300));
  }
  if (/No matching global declaration available for the validation root/.test(first)) {
    const ns = /<(?:[\w.-]+:)?Faktura\b[^>]*\sxmlns(?::[\w.-]+)?\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
    throw new Fa3Error('namespace', (ns ?? '').slice(0, 120));
  }
  throw new Fa3Error('schema', messages.slice(0, 3).join(' | ').slice(0, 600));
}

// ---------------------------------------------------------------------------------------------
// Step 3: reading

export interface Fa3Party {
  nip: string | null;
  name: string;
  addressLines: string[];
  countryCode: string;
}

export interface Fa3Line {
  no: string;
  name: string;
  index: string | null;
  unit: string | null;
  quantity: string | null;
  /** Unit price net (P_9A) or gross (P_9B), as written. */
  unitPrice: string | null;
  /** Value net (P_11) or gross (P_11A), as written. */
  value: string | null;
  rate: string | null;
}

export interface Fa3VatRow {
  /** The FA(3) field pair, e.g. "1" for P_13_1/P_14_1. */
  field: string;
  net: number;
  vat: number | null;
}

export interface Fa3Invoice {
  kind: string;
  currency: string;
  number: string;
  issueDate: string;
  issuePlace: string | null;
  saleDate: string | null;
  seller: Fa3Party;
  buyer: Fa3Party;
  /** grosze */
  net: number;
  vat: number;
  gross: number;
  vatRows: Fa3VatRow[];
  lines: Fa3Line[];
  /** The latest payment term, YYYY-MM-DD. */
  dueDate: string | null;
  paid: boolean;
  paidOn: string | null;
  paymentForm: string | null;
  bankAccounts: { number: string; bank: string | null }[];
}

const ARRAYS = new Set(['FaWiersz', 'TerminPlatnosci', 'RachunekBankowy', 'AdresL1', 'ZaplataCzesciowa']);
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  htmlEntities: false,
  isArray: (name) => ARRAYS.has(name),
});

type Node = Record<string, unknown>;
const obj = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/** "1234.56" (XSD decimal, at most 2 places for amounts) as grosze. */
export function toGrosze(value: string | null): number {
  if (value === null) return 0;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Fa3Error('content', `amount ${value.slice(0, 30)}`);
  const g = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -g : g;
}

function party(node: Node): Fa3Party {
  const id = obj(node.DaneIdentyfikacyjne);
  const address = obj(node.Adres);
  return {
    nip: str(id.NIP),
    name: str(id.Nazwa) ?? '',
    addressLines: [...list(address.AdresL1), address.AdresL2].map(str).filter((s): s is string => s !== null),
    countryCode: str(address.KodKraju) ?? '',
  };
}

const NET_FIELDS = ['1', '2', '3', '4', '5', '6_1', '6_2', '6_3', '7', '8', '9', '10', '11'];

/** Reads an XML that passed validateFa3. */
export function readFa3(text: string): Fa3Invoice {
  let doc: Node;
  try {
    doc = parser.parse(text) as Node;
  } catch (e) {
    throw new Fa3Error('notXml', String((e as Error).message).slice(0, 200));
  }
  const root = obj(doc.Faktura);
  const fa = obj(root.Fa);
  const number = str(fa.P_2);
  const issueDate = str(fa.P_1);
  if (!number || !issueDate) throw new Fa3Error('content', 'P_1/P_2');
  const vatRows: Fa3VatRow[] = [];
  for (const f of NET_FIELDS) {
    const net = str(fa[`P_13_${f}`]);
    if (net === null) continue;
    const vat = str(fa[`P_14_${f}`]);
    vatRows.push({ field: f, net: toGrosze(net), vat: vat === null ? null : toGrosze(vat) });
  }
  const net = vatRows.reduce((s, r) => s + r.net, 0);
  const vat = vatRows.reduce((s, r) => s + (r.vat ?? 0), 0);
  const platnosc = obj(fa.Platnosc);
  const terms = list(platnosc.TerminPlatnosci)
    .map((t) => str(obj(t).Termin))
    .filter((t): t is string => t !== null)
    .sort();
  const paid = str(platnosc.Zaplacono) === '1';
  return {
    kind: str(fa.RodzajFaktury) ?? 'VAT',
    currency: str(fa.KodWaluty) ?? 'PLN',
    number,
    issueDate,
    issuePlace: str(fa.P_1M),
    saleDate: str(fa.P_6),
    seller: party(obj(root.Podmiot1)),
    buyer: party(obj(root.Podmiot2)),
    net,
    vat,
    gross: toGrosze(str(fa.P_15)),
    vatRows,
    lines: list(fa.FaWiersz).map((l) => {
      const w = obj(l);
      return {
        no: str(w.NrWierszaFa) ?? '',
        name: str(w.P_7) ?? '',
        index: str(w.Indeks),
        unit: str(w.P_8A),
        quantity: str(w.P_8B),
        unitPrice: str(w.P_9A) ?? str(w.P_9B),
        value: str(w.P_11) ?? str(w.P_11A),
        rate: str(w.P_12),
      };
    }),
    dueDate: terms.at(-1) ?? null,
    paid,
    paidOn: paid ? str(platnosc.DataZaplaty) : null,
    paymentForm: str(platnosc.FormaPlatnosci),
    bankAccounts: list(platnosc.RachunekBankowy).map((r) => ({ number: str(obj(r).NrRB) ?? '', bank: str(obj(r).NazwaBanku) })),
  };
}

/** Steps 1 to 3. */
export async function checkFa3(xml: Uint8Array): Promise<Fa3Invoice> {
  const text = preflightFa3(xml);
  await validateFa3(text);
  return readFa3(text);
}
