// KSeF pieces without a database: the KSeF number's CRC-8 (numer-ksef.md's example), the KOD I
// address (kody-qr.md's example and a known invoice file), the FA(3) byte checks, the official XSD
// offline and reading the sample invoice.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFa3, Fa3Error, preflightFa3, readFa3, validateFa3 } from './fa3.server';
import { crc8, parseKsefNumber, withChecksum } from './ksef-number';
import { invoiceHash, KSEF_QR_BASE, verificationUrl } from './qr';

const SAMPLE = readFileSync(new URL('../tests/fixtures/fa3-sample.xml', import.meta.url));

describe('KSeF number', () => {
  it('accepts the example of numer-ksef.md and computes its CRC-8 (AF)', () => {
    const n = '5265877635-20250826-0100001AF629-AF';
    expect(n).toHaveLength(35);
    expect(crc8(new TextEncoder().encode(n.slice(0, 32)))).toBe(0xaf);
    expect(parseKsefNumber(n)).toEqual({ ok: true, number: { sellerNip: '5265877635', date: '2025-08-26', technical: '0100001AF629', checksum: 'AF' } });
    expect(withChecksum('5265877635-20250826-0100001AF629')).toBe(n);
  });

  it('CRC-8 is the 0x07 polynomial from 0x00 (the "check" value of CRC-8/SMBUS is 0xF4)', () => {
    expect(crc8(new TextEncoder().encode('123456789'))).toBe(0xf4);
    expect(crc8(new Uint8Array())).toBe(0);
  });

  it('refuses a wrong length, shape, date or checksum', () => {
    expect(parseKsefNumber('5265877635-20250826-0100001AF629-A')).toEqual({ ok: false, problem: 'length' });
    expect(parseKsefNumber('5265877635-20250826-0100001af629-AF')).toEqual({ ok: false, problem: 'format' });
    expect(parseKsefNumber('5265877635_20250826-0100001AF629-AF')).toEqual({ ok: false, problem: 'format' });
    expect(parseKsefNumber(withChecksum('5265877635-20250231-0100001AF629'))).toEqual({ ok: false, problem: 'date' });
    expect(parseKsefNumber('5265877635-20250826-0100001AF629-AE')).toEqual({ ok: false, problem: 'checksum' });
    expect(parseKsefNumber('5265877635-20250826-0100001AF628-AF')).toEqual({ ok: false, problem: 'checksum' });
  });
});

describe('KOD I (verification QR address)', () => {
  it('is built as the example of kody-qr.md: base/invoice/NIP/DD-MM-YYYY/SHA-256 Base64URL', () => {
    const hash = 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE';
    // The doc gives the hash, not the file: the address's shape is checked with any bytes of that hash.
    const url = verificationUrl({ sellerNip: '1111111111', issueDate: '2026-02-01', xml: SAMPLE }, 'test');
    expect(url.replace(/[^/]+$/, hash)).toBe(`https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/${hash}`);
  });

  it('for the sample invoice file: its seller, issue date and the SHA-256 of its bytes', () => {
    const expected = createHash('sha256').update(SAMPLE).digest('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(invoiceHash(SAMPLE)).toBe(expected);
    expect(invoiceHash(SAMPLE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verificationUrl({ sellerNip: '5265877635', issueDate: '2026-02-01', xml: SAMPLE }, 'prod')).toBe(
      `${KSEF_QR_BASE.prod}/invoice/5265877635/01-02-2026/${expected}`,
    );
    // One byte more (a trailing newline) is another file.
    expect(invoiceHash(Buffer.concat([SAMPLE, Buffer.from('\n')]))).not.toBe(expected);
  });
});

describe('FA(3) checks', () => {
  it('refuses a DOCTYPE or ENTITY before any parser runs', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><Faktura>&lol2;</Faktura>`;
    expect(() => preflightFa3(Buffer.from(bomb))).toThrow(expect.objectContaining({ problem: 'doctype' }));
    expect(() => preflightFa3(Buffer.from('<?xml version="1.0"?>\n<!ENTITY x SYSTEM "file:///etc/passwd"><a/>'))).toThrow(Fa3Error);
  });

  it('refuses empty, too large, NUL, non-UTF-8 and non-XML bytes', () => {
    expect(() => preflightFa3(Buffer.alloc(0))).toThrow(expect.objectContaining({ problem: 'empty' }));
    expect(() => preflightFa3(Buffer.alloc(3 * 1024 * 1024 + 1, 0x20))).toThrow(expect.objectContaining({ problem: 'tooLarge' }));
    expect(() => preflightFa3(Buffer.from('<a>\u0000</a>'))).toThrow(expect.objectContaining({ problem: 'nul' }));
    expect(() => preflightFa3(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]))).toThrow(expect.objectContaining({ problem: 'encoding' }));
    expect(() => preflightFa3(Buffer.from('<?xml version="1.0" encoding="ISO-8859-2"?><a/>'))).toThrow(expect.objectContaining({ problem: 'encoding' }));
    expect(() => preflightFa3(Buffer.from('{"json": true}'))).toThrow(expect.objectContaining({ problem: 'notXml' }));
  });

  it('validates the sample against the official XSD offline', async () => {
    await expect(validateFa3(SAMPLE.toString('utf8'))).resolves.toBeUndefined();
  });

  it('names a wrong namespace, a schema error and a broken XML', async () => {
    const wrongNs = SAMPLE.toString('utf8').replace('2025/06/25/13775', '2023/06/29/12648');
    await expect(validateFa3(wrongNs)).rejects.toMatchObject({ problem: 'namespace', detail: 'http://crd.gov.pl/wzor/2023/06/29/12648/' });
    const noNumber = SAMPLE.toString('utf8').replace(/<P_2>[^<]*<\/P_2>/, '');
    await expect(validateFa3(noNumber)).rejects.toMatchObject({ problem: 'schema' });
    await expect(validateFa3(SAMPLE.toString('utf8').replace('</Faktura>', ''))).rejects.toMatchObject({ problem: 'notXml' });
  });

  it('reads number, dates, parties, amounts in grosze, lines and payment', async () => {
    const fa = await checkFa3(SAMPLE);
    expect(fa).toMatchObject({
      kind: 'VAT',
      currency: 'PLN',
      number: 'FV/2026/02/0001',
      issueDate: '2026-02-01',
      saleDate: '2026-01-30',
      seller: { nip: '5265877635', name: 'Cobi Okablowanie Sp. z o.o.', addressLines: ['ul. Przemysłowa 12', '30-701 Kraków'] },
      buyer: { nip: '7251801126', name: 'Elektro-Instal Jan Nowak' },
      net: 155000,
      vat: 32650,
      gross: 187650,
      dueDate: '2026-03-03',
      paid: false,
      paymentForm: '6',
    });
    expect(fa.vatRows).toEqual([
      { field: '1', net: 135000, vat: 31050 },
      { field: '2', net: 20000, vat: 1600 },
    ]);
    expect(fa.lines).toHaveLength(3);
    expect(fa.lines[0]).toEqual({
      no: '1',
      name: 'Kabel U/UTP kat. 6, 305 m',
      index: 'UTP-C6-305',
      unit: 'szt.',
      quantity: '3',
      unitPrice: '350.00',
      value: '1050.00',
      rate: '23',
    });
    expect(readFa3(SAMPLE.toString('utf8')).bankAccounts).toEqual([{ number: '61109010140000071219812874', bank: 'Santander Bank Polska' }]);
  });
});
