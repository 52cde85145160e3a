import { afterEach, describe, expect, it } from 'vitest';
import { closedPortUrl, type GusBirStandin, STANDIN_COMPANY, type StandinCompany, startGusBirStandin } from '~tests/helpers/gus-bir-standin';
import {
  extractEnvelope,
  GUS_BIR_PRODUCTION_URL,
  GUS_BIR_TEST_KEY,
  GUS_BIR_TEST_URL,
  GusBirAuthError,
  GusBirClient,
  GusBirNotConfiguredError,
  GusBirUnavailableError,
  gusBirOptionsFromConfig,
  InvalidNipError,
  lookupNip,
  toRegistryItem,
} from './gus-bir.server';
import { isValidNip, nipSchema, normalizeNip } from './nip';

let standin: GusBirStandin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

const KEY = 'secretkey00000000001';

describe('NIP check digit', () => {
  it('accepts valid NIPs with or without separators and PL prefix', () => {
    expect(isValidNip('5261040828')).toBe(true);
    expect(isValidNip('526-104-08-28')).toBe(true);
    expect(isValidNip('PL 526 104 08 28')).toBe(true);
    expect(isValidNip('1234563218')).toBe(true);
    expect(normalizeNip('PL526-104-08-28')).toBe('5261040828');
  });

  it('refuses a wrong check digit, a sum giving 10, wrong length and letters', () => {
    expect(isValidNip('5261040827')).toBe(false);
    expect(isValidNip('1234563211')).toBe(false);
    expect(isValidNip('526104082')).toBe(false);
    expect(isValidNip('52610408281')).toBe(false);
    expect(isValidNip('52610408a8')).toBe(false);
    expect(isValidNip('2000000000')).toBe(false); // 6*2 = 12, 12 % 11 = 1: the check digit must be 1
    expect(isValidNip('2000000001')).toBe(true);
  });

  it('a NIP whose checksum is 10 is never valid', () => {
    // 5*2 = 10: no digit can be the check digit
    for (let d = 0; d <= 9; d++) expect(isValidNip(`020000000${d}`)).toBe(false);
  });

  it('works as a Zod schema with the normalised value', () => {
    expect(nipSchema().parse(' 526-104-08-28 ')).toBe('5261040828');
    const bad = nipSchema('Bad NIP').safeParse('5261040827');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Bad NIP');
  });
});

describe('configuration', () => {
  it('is not configured without GUS_API_KEY', () => {
    expect(() => gusBirOptionsFromConfig({ GUS_API_KEY: undefined, GUS_BIR_URL: undefined })).toThrow(GusBirNotConfiguredError);
    expect(() => gusBirOptionsFromConfig({ GUS_API_KEY: '  ', GUS_BIR_URL: GUS_BIR_TEST_URL })).toThrow(GusBirNotConfiguredError);
  });

  it('uses GUS_BIR_URL, else the test registry for the test key, else production', () => {
    expect(gusBirOptionsFromConfig({ GUS_API_KEY: KEY, GUS_BIR_URL: 'http://x.test/svc' })).toEqual({ key: KEY, url: 'http://x.test/svc' });
    expect(gusBirOptionsFromConfig({ GUS_API_KEY: GUS_BIR_TEST_KEY, GUS_BIR_URL: undefined }).url).toBe(GUS_BIR_TEST_URL);
    expect(gusBirOptionsFromConfig({ GUS_API_KEY: KEY, GUS_BIR_URL: undefined }).url).toBe(GUS_BIR_PRODUCTION_URL);
  });
});

describe('MTOM framing', () => {
  it('takes the root part named by start, not a later part', () => {
    const ct = 'multipart/related; type="application/xop+xml"; start="<http://tempuri.org/0>"; boundary="uuid:1+id=2"; start-info="application/soap+xml"';
    const body =
      '\r\n--uuid:1+id=2\r\nContent-ID: <http://tempuri.org/1>\r\n\r\n<other/>\r\n' +
      '--uuid:1+id=2\r\nContent-ID: <http://tempuri.org/0>\r\nContent-Type: application/xop+xml;charset=utf-8;type="application/soap+xml"\r\n\r\n<s:Envelope>ż</s:Envelope>\r\n--uuid:1+id=2--\r\n';
    expect(extractEnvelope(ct, Buffer.from(body))).toBe('<s:Envelope>ż</s:Envelope>');
    expect(extractEnvelope('application/soap+xml', Buffer.from('<e/>'))).toBe('<e/>');
  });
});

describe('lookupNip against the BIR stand-in', () => {
  it('found: logs in, searches with the sid header, reads the contact report, logs out', async () => {
    standin = await startGusBirStandin({ key: KEY, companies: [STANDIN_COMPANY] });
    const items = await lookupNip('526-104-08-28', { url: standin.url, key: KEY });
    expect(items).toEqual([
      {
        nazwa: 'GŁÓWNY URZĄD STATYSTYCZNY',
        nip: '5261040828',
        kod: '000331501',
        email: 'sekretariat@example.gov.pl',
        adres: {
          telefon: '226083000',
          miejscowosc: 'Warszawa',
          ulica: 'ul. Test-Krucza',
          nr_domu: '208',
          nr_lokalu: '12',
          kod_pocztowy: '00-925',
          poczta: 'Warszawa',
        },
      },
    ]);
    const ops = standin.calls.map((c) => c.operation);
    expect(ops).toEqual(['Zaloguj', 'DaneSzukajPodmioty', 'DanePobierzPelnyRaport', 'Wyloguj']);
    const [login, search, report, logout] = standin.calls;
    expect(login?.params.pKluczUzytkownika).toBe(KEY);
    expect(login?.sid).toBeUndefined();
    expect(search?.params.Nip).toBe('5261040828');
    expect(search?.sid).toMatch(/^\w{20}$/);
    expect(report?.params).toEqual({ pRegon: '000331501', pNazwaRaportu: 'BIR12OsPrawna' });
    expect(report?.sid).toBe(search?.sid);
    expect(logout?.params.pIdentyfikatorSesji).toBe(search?.sid);
    expect(standin.sessions.size).toBe(0);
  });

  it('uses the report of a natural person by silo and formats a 5-digit postcode', async () => {
    const person: StandinCompany = {
      ...STANDIN_COMPANY,
      regon: '123456785',
      nip: '1234563218',
      nazwa: 'JAN KOWALSKI USŁUGI ELEKTRYCZNE',
      typ: 'F',
      silosId: '1',
      kodPocztowy: '64100',
      miejscowosc: 'Gronówko',
      miejscowoscPoczty: 'Leszno',
      ulica: '',
      nrLokalu: '',
      email: 'jan@example.com',
      telefon: '',
    };
    standin = await startGusBirStandin({ key: KEY, companies: [person] });
    const [item] = await lookupNip('1234563218', { url: standin.url, key: KEY });
    expect(standin.calls.find((c) => c.operation === 'DanePobierzPelnyRaport')?.params.pNazwaRaportu).toBe('BIR12OsFizycznaDzialalnoscCeidg');
    expect(item?.email).toBe('jan@example.com');
    expect(item?.adres).toEqual({
      telefon: '',
      miejscowosc: 'Gronówko',
      ulica: '',
      nr_domu: '208',
      nr_lokalu: '',
      kod_pocztowy: '64-100',
      poczta: 'Leszno',
    });
  });

  it('not found (ErrorCode 4) gives [] and still logs out', async () => {
    standin = await startGusBirStandin({ key: KEY, companies: [STANDIN_COMPANY] });
    await expect(lookupNip('1234563218', { url: standin.url, key: KEY })).resolves.toEqual([]);
    expect(standin.calls.map((c) => c.operation)).toEqual(['Zaloguj', 'DaneSzukajPodmioty', 'Wyloguj']);
  });

  it('not found as an empty result gives [] after checking KomunikatKod', async () => {
    standin = await startGusBirStandin({ key: KEY, companies: [], notFound: 'empty' });
    await expect(lookupNip('1234563218', { url: standin.url, key: KEY })).resolves.toEqual([]);
    expect(standin.calls.map((c) => c.operation)).toEqual(['Zaloguj', 'DaneSzukajPodmioty', 'GetValue', 'Wyloguj']);
  });

  it('a bad key (empty sid) is a GusBirAuthError and nothing is searched', async () => {
    standin = await startGusBirStandin({ key: KEY, companies: [STANDIN_COMPANY] });
    await expect(lookupNip('5261040828', { url: standin.url, key: 'wrong-key' })).rejects.toBeInstanceOf(GusBirAuthError);
    expect(standin.calls.map((c) => c.operation)).toEqual(['Zaloguj']);
  });

  it('a session the registry does not know is an unavailable error, not "not found"', async () => {
    standin = await startGusBirStandin({ key: KEY, companies: [STANDIN_COMPANY] });
    const client = new GusBirClient({ url: standin.url, key: KEY });
    await expect(client.searchByNip('nosuchsession0000000', '5261040828')).rejects.toBeInstanceOf(GusBirUnavailableError);
  });

  it('an invalid NIP is refused before any call', async () => {
    standin = await startGusBirStandin({ key: KEY, companies: [STANDIN_COMPANY] });
    await expect(lookupNip('5261040827', { url: standin.url, key: KEY })).rejects.toBeInstanceOf(InvalidNipError);
    expect(standin.calls).toHaveLength(0);
  });

  it('a registry that is down is a GusBirUnavailableError', async () => {
    const url = await closedPortUrl();
    const error = await lookupNip('5261040828', { url, key: KEY }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GusBirUnavailableError);
    expect((error as Error).message).toMatch(/cannot reach/);
  });

  it('a registry that does not answer times out as a GusBirUnavailableError', async () => {
    standin = await startGusBirStandin({ key: KEY, hang: true });
    const started = Date.now();
    const error = await lookupNip('5261040828', { url: standin.url, key: KEY, timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GusBirUnavailableError);
    expect((error as Error).message).toMatch(/within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a SOAP fault (the stand-in refusing a wrong action) is a GusBirUnavailableError with its reason', async () => {
    standin = await startGusBirStandin({ key: KEY });
    const res = await fetch(standin.url, {
      method: 'POST',
      headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
      body: '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:ns="http://CIS/BIR/PUBL/2014/07"><soap:Header xmlns:wsa="http://www.w3.org/2005/08/addressing"><wsa:To>x</wsa:To><wsa:Action>http://CIS/BIR/PUBL/2014/07/IUslugaBIRzewnPubl/Wyloguj</wsa:Action></soap:Header><soap:Body><ns:Zaloguj><ns:pKluczUzytkownika>k</ns:pKluczUzytkownika></ns:Zaloguj></soap:Body></soap:Envelope>',
    });
    expect(res.status).toBe(500);
    const envelope = extractEnvelope(res.headers.get('content-type') ?? '', Buffer.from(await res.arrayBuffer()));
    expect(envelope).toMatch(/ActionNotSupported/);
  });
});

describe('toRegistryItem', () => {
  it('falls back to the town for the post office and keeps empty fields as empty strings', () => {
    expect(toRegistryItem({ Nazwa: 'X', Nip: '1', Regon: '2', Miejscowosc: 'Leszno' })).toEqual({
      nazwa: 'X',
      nip: '1',
      kod: '2',
      email: '',
      adres: { telefon: '', miejscowosc: 'Leszno', ulica: '', nr_domu: '', nr_lokalu: '', kod_pocztowy: '', poczta: 'Leszno' },
    });
  });
});
