import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Parser } from 'htmlparser2';

/*
 * A local stand-in for the GUS REGON registry (BIR 1.1, UslugaBIRzewnPubl.svc) speaking its SOAP
 * exchange: SOAP 1.2 requests with WS-Addressing headers, answers MTOM-framed (multipart/related,
 * one application/xop+xml part) like the WCF service, results as escaped XML strings.
 * It checks what the real service checks: the content type, the action against the body, the
 * namespaces, the key (Zaloguj) and the session id in the `sid` header.
 */

const SOAP = 'http://www.w3.org/2003/05/soap-envelope';
const WSA = 'http://www.w3.org/2005/08/addressing';
const NS_PUBL = 'http://CIS/BIR/PUBL/2014/07';
const NS_DATA = 'http://CIS/BIR/PUBL/2014/07/DataContract';
const NS_BIR = 'http://CIS/BIR/2014/07';
const PATH = '/wsBIR/UslugaBIRzewnPubl.svc';

export interface StandinCompany {
  regon: string;
  nip: string;
  nazwa: string;
  wojewodztwo: string;
  powiat: string;
  gmina: string;
  miejscowosc: string;
  kodPocztowy: string;
  ulica: string;
  nrNieruchomosci: string;
  nrLokalu: string;
  /** P (legal person), F (natural person's business), LP, LF (local units). */
  typ: 'P' | 'F' | 'LP' | 'LF';
  silosId: string;
  miejscowoscPoczty: string;
  email?: string;
  telefon?: string;
}

export interface StandinCall {
  operation: string;
  action: string;
  sid: string | undefined;
  /** Parameters of the body (local name -> text), e.g. pKluczUzytkownika, Nip, pRegon. */
  params: Record<string, string>;
}

export interface StandinOptions {
  key?: string;
  companies?: StandinCompany[];
  /** How "not found" is answered: an ErrorCode 4 document (BIR 1.1), or an empty result. */
  notFound?: 'error-code' | 'empty';
  /** Accept connections and never answer (a registry that hangs). */
  hang?: boolean;
  /** A fixed port (e.g. for a browser test's server configured in advance); default: any free port. */
  port?: number;
}

export interface GusBirStandin {
  url: string;
  calls: StandinCall[];
  sessions: Set<string>;
  close(): Promise<void>;
}

interface Node {
  ns: string;
  local: string;
  children: Node[];
  text: string;
}

/** A namespace-aware element tree (enough for SOAP requests). */
function parse(xml: string): Node {
  const root: Node = { ns: '', local: '#document', children: [], text: '' };
  const stack: { node: Node; scope: Record<string, string> }[] = [{ node: root, scope: { xml: 'http://www.w3.org/XML/1998/namespace' } }];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const parent = stack[stack.length - 1];
        if (!parent) throw new Error('unbalanced');
        const scope = { ...parent.scope };
        for (const [k, v] of Object.entries(attribs)) {
          if (k === 'xmlns') scope[''] = v;
          else if (k.startsWith('xmlns:')) scope[k.slice(6)] = v;
        }
        const [prefix, local] = name.includes(':') ? (name.split(':', 2) as [string, string]) : ['', name];
        const ns = scope[prefix];
        if (ns === undefined) throw new Error(`undeclared prefix ${prefix}`);
        const node: Node = { ns, local, children: [], text: '' };
        parent.node.children.push(node);
        stack.push({ node, scope });
      },
      ontext(text) {
        const top = stack[stack.length - 1];
        if (top) top.node.text += text;
      },
      onclosetag() {
        stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  if (stack.length !== 1) throw new Error('unclosed elements');
  return root;
}

function child(node: Node | undefined, ns: string, local: string): Node | undefined {
  return node?.children.find((c) => c.ns === ns && c.local === local);
}

function esc(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The result document as the registry builds it (CRLF-separated lines), before escaping. */
function resultDocument(rows: Record<string, string>[]): string {
  const lines = ['<root>'];
  for (const row of rows) {
    lines.push('<dane>');
    for (const [k, v] of Object.entries(row)) lines.push(v === '' ? `<${k} />` : `<${k}>${esc(v)}</${k}>`);
    lines.push('</dane>');
  }
  lines.push('</root>');
  return lines.join('\r\n');
}

function responseEnvelope(operation: string, ns: string, result: string): string {
  const value = result === '' ? `<${operation}Result />` : `<${operation}Result>${esc(result)}</${operation}Result>`;
  return (
    `<s:Envelope xmlns:s="${SOAP}" xmlns:a="${WSA}"><s:Header>` +
    `<a:Action s:mustUnderstand="1">${ns === NS_BIR ? `${NS_BIR}/IUslugaBIR` : `${NS_PUBL}/IUslugaBIRzewnPubl`}/${operation}Response</a:Action>` +
    `</s:Header><s:Body><${operation}Response xmlns="${ns}">${value}</${operation}Response></s:Body></s:Envelope>`
  );
}

function faultEnvelope(subcode: string, reason: string): string {
  return (
    `<s:Envelope xmlns:s="${SOAP}" xmlns:a="${WSA}"><s:Header>` +
    `<a:Action s:mustUnderstand="1">http://www.w3.org/2005/08/addressing/soap/fault</a:Action></s:Header>` +
    `<s:Body><s:Fault><s:Code><s:Value>s:Sender</s:Value><s:Subcode><s:Value>${subcode}</s:Value></s:Subcode></s:Code>` +
    `<s:Reason><s:Text xml:lang="en-US">${esc(reason)}</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>`
  );
}

/** Writes an envelope MTOM-framed, as the WCF service does. */
function sendMtom(res: ServerResponse, status: number, envelope: string) {
  const boundary = `uuid:${randomUUID()}+id=${Math.floor(Math.random() * 100000)}`;
  const body =
    `\r\n--${boundary}\r\n` +
    'Content-ID: <http://tempuri.org/0>\r\n' +
    'Content-Transfer-Encoding: 8bit\r\n' +
    'Content-Type: application/xop+xml;charset=utf-8;type="application/soap+xml"\r\n\r\n' +
    `${envelope}\r\n--${boundary}--\r\n`;
  res.writeHead(status, {
    'content-type': `multipart/related; type="application/xop+xml"; start="<http://tempuri.org/0>"; boundary="${boundary}"; start-info="application/soap+xml"`,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

const OPERATIONS: Record<string, { ns: string; action: string }> = {
  Zaloguj: { ns: NS_PUBL, action: `${NS_PUBL}/IUslugaBIRzewnPubl/Zaloguj` },
  Wyloguj: { ns: NS_PUBL, action: `${NS_PUBL}/IUslugaBIRzewnPubl/Wyloguj` },
  DaneSzukajPodmioty: { ns: NS_PUBL, action: `${NS_PUBL}/IUslugaBIRzewnPubl/DaneSzukajPodmioty` },
  DanePobierzPelnyRaport: { ns: NS_PUBL, action: `${NS_PUBL}/IUslugaBIRzewnPubl/DanePobierzPelnyRaport` },
  GetValue: { ns: NS_BIR, action: `${NS_BIR}/IUslugaBIR/GetValue` },
};

const REPORT_PREFIX: Record<string, string> = {
  BIR12OsPrawna: 'praw',
  BIR12OsFizycznaDzialalnoscCeidg: 'fiz',
  BIR12OsFizycznaDzialalnoscRolnicza: 'fiz',
  BIR12OsFizycznaDzialalnoscPozostala: 'fiz',
  BIR12JednLokalnaOsPrawnej: 'lokpraw',
  BIR12JednLokalnaOsFizycznej: 'lokfiz',
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startGusBirStandin(opts: StandinOptions = {}): Promise<GusBirStandin> {
  const key = opts.key ?? 'abcde12345abcde12345';
  const companies = opts.companies ?? [];
  const calls: StandinCall[] = [];
  const sessions = new Set<string>();
  const lastCode = new Map<string, string>();
  const hanging = new Set<ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (opts.hang) {
      hanging.add(res);
      return;
    }
    if (req.method !== 'POST' || req.url !== PATH) {
      res.writeHead(404).end();
      return;
    }
    const contentType = req.headers['content-type'] ?? '';
    if (!/^application\/soap\+xml/i.test(contentType)) {
      // WCF refuses SOAP 1.1 or anything else with 415.
      res.writeHead(415).end();
      return;
    }
    let doc: Node;
    try {
      doc = parse(await readBody(req));
    } catch (e) {
      return sendMtom(res, 400, faultEnvelope('a:BadRequest', `The request is not well-formed XML: ${(e as Error).message}`));
    }
    const env = child(doc, SOAP, 'Envelope');
    const header = child(env, SOAP, 'Header');
    const body = child(env, SOAP, 'Body');
    const action = child(header, WSA, 'Action')?.text.trim() ?? '';
    const to = child(header, WSA, 'To')?.text.trim() ?? '';
    const op = body?.children[0];
    if (!env || !body || !op) return sendMtom(res, 400, faultEnvelope('a:BadRequest', 'No SOAP 1.2 envelope.'));
    if (!to) return sendMtom(res, 500, faultEnvelope('a:DestinationUnreachable', 'The message has no wsa:To header.'));
    const known = OPERATIONS[op.local];
    if (!known || known.action !== action || known.ns !== op.ns) {
      return sendMtom(
        res,
        500,
        faultEnvelope(
          'a:ActionNotSupported',
          `The message with Action '${action}' cannot be processed at the receiver, due to a ContractFilter mismatch at the EndpointDispatcher.`,
        ),
      );
    }
    const params: Record<string, string> = {};
    const collect = (n: Node) => {
      for (const c of n.children) {
        if (c.children.length) collect(c);
        else params[c.local] = c.text.trim();
      }
    };
    collect(op);
    const sidHeader = req.headers.sid;
    const sid = typeof sidHeader === 'string' ? sidHeader : undefined;
    calls.push({ operation: op.local, action, sid, params });
    const reply = (result: string) => sendMtom(res, 200, responseEnvelope(op.local, known.ns, result));

    switch (op.local) {
      case 'Zaloguj': {
        if (child(op, NS_PUBL, 'pKluczUzytkownika')?.text.trim() !== key) return reply('');
        const newSid = randomBytes(10).toString('hex').slice(0, 20);
        sessions.add(newSid);
        return reply(newSid);
      }
      case 'Wyloguj': {
        const given = child(op, NS_PUBL, 'pIdentyfikatorSesji')?.text.trim() ?? '';
        return reply(String(sessions.delete(given)));
      }
      case 'GetValue': {
        const name = child(op, NS_BIR, 'pNazwaParametru')?.text.trim();
        if (name === 'StatusSesji') return reply(sid && sessions.has(sid) ? '1' : '0');
        if (name === 'KomunikatKod') return reply(sid ? (lastCode.get(sid) ?? (sessions.has(sid) ? '0' : '7')) : '7');
        return reply('');
      }
      case 'DaneSzukajPodmioty': {
        if (!sid || !sessions.has(sid)) {
          if (sid) lastCode.set(sid, '7');
          return reply('');
        }
        const nip = child(child(op, NS_PUBL, 'pParametryWyszukiwania'), NS_DATA, 'Nip')?.text.trim() ?? '';
        const found = companies.filter((c) => c.nip === nip);
        if (!found.length) {
          lastCode.set(sid, '4');
          if (opts.notFound === 'empty') return reply('');
          return reply(
            resultDocument([
              {
                ErrorCode: '4',
                ErrorMessagePl: 'Nie znaleziono podmiotu dla podanych kryteriów wyszukiwania.',
                ErrorMessageEn: 'No data found for the specified search criteria.',
                Nip: nip,
              },
            ]),
          );
        }
        lastCode.set(sid, '0');
        return reply(
          resultDocument(
            found.map((c) => ({
              Regon: c.regon,
              Nip: c.nip,
              StatusNip: '',
              Nazwa: c.nazwa,
              Wojewodztwo: c.wojewodztwo,
              Powiat: c.powiat,
              Gmina: c.gmina,
              Miejscowosc: c.miejscowosc,
              KodPocztowy: c.kodPocztowy,
              Ulica: c.ulica,
              NrNieruchomosci: c.nrNieruchomosci,
              NrLokalu: c.nrLokalu,
              Typ: c.typ,
              SilosID: c.silosId,
              DataZakonczeniaDzialalnosci: '',
              MiejscowoscPoczty: c.miejscowoscPoczty,
            })),
          ),
        );
      }
      case 'DanePobierzPelnyRaport': {
        if (!sid || !sessions.has(sid)) return reply('');
        const regon = child(op, NS_PUBL, 'pRegon')?.text.trim() ?? '';
        const report = child(op, NS_PUBL, 'pNazwaRaportu')?.text.trim() ?? '';
        const company = companies.find((c) => c.regon === regon);
        const prefix = REPORT_PREFIX[report];
        if (!company || !prefix) {
          return reply(
            resultDocument([
              {
                ErrorCode: '4',
                ErrorMessagePl: 'Nie znaleziono podmiotu dla podanych kryteriów wyszukiwania.',
                ErrorMessageEn: 'No data found for the specified search criteria.',
              },
            ]),
          );
        }
        return reply(
          resultDocument([
            {
              [`${prefix}_regon9`]: company.regon,
              [`${prefix}_nip`]: company.nip,
              [`${prefix}_nazwa`]: company.nazwa,
              [`${prefix}_numerTelefonu`]: company.telefon ?? '',
              [`${prefix}_numerWewnetrznyTelefonu`]: '',
              [`${prefix}_numerFaksu`]: '',
              [`${prefix}_adresEmail`]: company.email ?? '',
              [`${prefix}_adresStronyinternetowej`]: '',
            },
          ]),
        );
      }
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    calls,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The address of a registry that is down: a port that was just free and is now closed. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${PATH}`;
}

/** A company as the test registry holds it (NIP with a valid check digit). */
export const STANDIN_COMPANY: StandinCompany = {
  regon: '000331501',
  nip: '5261040828',
  nazwa: 'GŁÓWNY URZĄD STATYSTYCZNY',
  wojewodztwo: 'MAZOWIECKIE',
  powiat: 'm. st. Warszawa',
  gmina: 'Śródmieście',
  miejscowosc: 'Warszawa',
  kodPocztowy: '00-925',
  ulica: 'ul. Test-Krucza',
  nrNieruchomosci: '208',
  nrLokalu: '12',
  typ: 'P',
  silosId: '6',
  miejscowoscPoczty: 'Warszawa',
  email: 'sekretariat@example.gov.pl',
  telefon: '226083000',
};
