// GET /api/calculator/workbook (issue 16): the XLSX with four sheets for visitors with access only
// (the newsletter feature's rule: the signed access cookie of a confirmed subscriber or a paid
// purchase, or a logged-in user with such an e-mail); 403 otherwise.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { accessCookieValue, CALCULATOR_ACCESS_COOKIE } from '~/features/newsletter/calculator-access.server';
import { newsletterSubscribers } from '~/features/newsletter/newsletter.schema';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { workbookQuery } from '../validation';
import { FILL, SEP, sheetNames } from '../workbook.server';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function subscriber(status: 'pending' | 'confirmed' | 'unsubscribed', email = `sub.${randomBytes(4).toString('hex')}@example.com`) {
  const [row] = await getDb()
    .insert(newsletterSubscribers)
    .values({
      name: 'Jan Instalator',
      email,
      status,
      unsubscribeToken: randomBytes(16).toString('hex'),
      accessToken: randomBytes(16).toString('hex'),
      confirmedAt: status === 'pending' ? null : new Date(),
    })
    .returning({ id: newsletterSubscribers.id });
  return row.id;
}

function withCookie(value: string): TestClient {
  const c = new TestClient(t.app);
  c.cookies.set(CALCULATOR_ACCESS_COOKIE, value);
  return c;
}

const secret = () => t.app.config.sessionSecret;

describe('GET /api/calculator/workbook', () => {
  it('answers 403 with a message in the language of the request without access', async () => {
    const anon = new TestClient(t.app);
    const pl = await anon.get('/api/calculator/workbook');
    expect(pl.statusCode).toBe(403);
    expect(pl.json()).toEqual({ message: 'Kalkulator i jego arkusz są dostępne dla subskrybentów newslettera i po zakupie kalkulatora.' });
    expect(pl.headers['content-disposition']).toBeUndefined();
    const en = await anon.get('/api/calculator/workbook?locale=en');
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe('The calculator and its workbook are available to newsletter subscribers and after buying the calculator.');
  });

  it('refuses a forged cookie, a pending and an unsubscribed subscriber', async () => {
    const pending = await subscriber('pending');
    const gone = await subscriber('unsubscribed');
    const confirmed = await subscriber('confirmed');
    // a valid signature for another id does not carry over
    const forged = accessCookieValue(secret(), { kind: 's', id: confirmed }).replace(`s.${confirmed}.`, `s.${confirmed + 1000}.`);
    for (const value of [forged, accessCookieValue(secret(), { kind: 's', id: pending }), accessCookieValue(secret(), { kind: 's', id: gone }), 'garbage']) {
      const res = await withCookie(value).get('/api/calculator/workbook');
      expect([value, res.statusCode]).toEqual([value, 403]);
    }
    // a cookie signed with another secret
    const other = accessCookieValue('y'.repeat(40), { kind: 's', id: confirmed });
    expect((await withCookie(other).get('/api/calculator/workbook')).statusCode).toBe(403);
  });

  it('sends the workbook with four sheets to a confirmed subscriber, in the requested language', async () => {
    const id = await subscriber('confirmed');
    const client = withCookie(accessCookieValue(secret(), { kind: 's', id }));
    const res = await client.get('/api/calculator/workbook?locale=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="cable-tray-and-separation-calculator.xlsx"; filename*=UTF-8''cable-tray-and-separation-calculator.xlsx`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Instructions', 'Tray fill', 'Cable separation', 'Cable data']);
    const fill = wb.getWorksheet('Tray fill') as ExcelJS.Worksheet;
    expect((fill.getCell(FILL.cablesArea).value as { formula: string }).formula).toBe('SUM(E9:E28)');

    // Polish by default (Accept-Language not English)
    const pl = await client.get('/api/calculator/workbook');
    expect(pl.statusCode).toBe(200);
    expect(pl.headers['content-disposition']).toContain('kalkulator-koryt-i-separacji.xlsx');
    const wbPl = new ExcelJS.Workbook();
    await wbPl.xlsx.load(pl.rawPayload as unknown as ExcelJS.Buffer);
    expect(wbPl.worksheets.map((w) => w.name)).toEqual(sheetNames('pl'));
  });

  it('opens with the inputs the page sends; invalid inputs are refused with 422 in the request language', async () => {
    const client = withCookie(accessCookieValue(secret(), { kind: 's', id: await subscriber('confirmed') }));
    const query = workbookQuery({
      rows: [
        { cable: 'uftp-6a', count: 100 },
        { diameter: 12.5, count: 6 },
      ],
      tray: { width: 300, height: 60 },
      reserve: 0.35,
      separation: { cls: 'a', barrier: 'open', circuits: 40 },
    });
    const res = await client.get(`/api/calculator/workbook?locale=en&${query}`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const fill = wb.getWorksheet('Tray fill') as ExcelJS.Worksheet;
    const sep = wb.getWorksheet('Cable separation') as ExcelJS.Worksheet;
    expect([fill.getCell('A9').value, fill.getCell('D9').value, fill.getCell('B10').value, fill.getCell('D10').value]).toEqual([
      'U/FTP cat. 6A 4x2x23AWG cable',
      100,
      12.5,
      6,
    ]);
    expect([fill.getCell(FILL.width).value, fill.getCell(FILL.height).value, fill.getCell(FILL.reserve).value]).toEqual([300, 60, 0.35]);
    expect([sep.getCell(SEP.cls).value, sep.getCell(SEP.barrier).value, sep.getCell(SEP.circuits).value]).toEqual(['a', 'Open metallic', 40]);
    // 225 × 3 = 675 mm, cached for the spreadsheet's first paint
    expect((sep.getCell(SEP.a).value as { result: number }).result).toBe(675);

    const bad = await client.get(`/api/calculator/workbook?${query.replace('reserve=35', 'reserve=95')}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ reserve: ['Podaj rezerwę od 0 do 90 %.'] });
    const badEn = await client.get(`/api/calculator/workbook?locale=en&${query.replace('width=300', 'width=70')}`, { 'x-locale': 'en' });
    expect(badEn.statusCode).toBe(422);
    expect(badEn.json().errors).toEqual({ width: ['Invalid value.'] });
    const proto = await client.get('/api/calculator/workbook?cables[__proto__][x]=1');
    expect([400, 422]).toContain(proto.statusCode);
    // without access the inputs are not even read
    expect((await new TestClient(t.app).get(`/api/calculator/workbook?${query}`)).statusCode).toBe(403);
  });

  it('sends it to a logged-in user whose e-mail is a confirmed subscriber, not to another user', async () => {
    const subscribed = await createUser();
    await subscriber('confirmed', subscribed.email);
    const user = await loggedIn(t.app, subscribed.email);
    expect((await user.get('/api/calculator/workbook')).statusCode).toBe(200);
    const other = await loggedIn(t.app, (await createUser()).email);
    expect((await other.get('/api/calculator/workbook')).statusCode).toBe(403);
  });
});
