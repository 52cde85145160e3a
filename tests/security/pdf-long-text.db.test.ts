// Issue 37, hole 1: a long word in a PDF's text blocked the process. The cart note (up to 2,000
// characters) goes into the order confirmation PDF, made when the order is placed and on
// GET /api/orders/{id}/pdf; 2,000 letters without a space took minutes to wrap, and /healthz
// waited all that time. Now the order is placed and the PDF answered, and /healthz asked for while
// the PDF is being made answers before it. (Before the fix these cases ran into the 20 s timeout.)
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { b2bUser, clientOf, send, type ShopFixture, shopFixture } from '~/features/shop/tests/fixtures';
import { pdfText } from '~tests/helpers/pdf-text';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

/** As long as the cart's note may be (shop validation: 2,000), one word. */
const NOTE = `${'ż'.repeat(1000)}${'W'.repeat(1000)}`;

let t: TestApp;
let f: ShopFixture;
let buyer: TestClient;
let orderId: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  buyer = await clientOf(t.app, (await b2bUser(f.customers.a)).email);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a PDF with a 2,000-letter word', { timeout: 20_000 }, () => {
  it('places an order whose note is one 2,000-letter word (the confirmation PDF is made while placing)', async () => {
    expect((await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: 1 })).statusCode).toBe(200);
    expect((await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.pickup, additional_informations: NOTE })).statusCode).toBe(200);
    const placed = await send(buyer, 'POST', '/api/orders', undefined, { 'idempotency-key': 'long-note-1' });
    expect(placed.statusCode).toBe(200);
    orderId = placed.json().id;
  });

  it('answers the order PDF with every letter of the note, and /healthz asked for meanwhile answers first', async () => {
    let generationStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      generationStarted = resolve;
    });
    const create = PDFDocument.create.bind(PDFDocument);
    vi.spyOn(PDFDocument, 'create').mockImplementation((options) => {
      generationStarted();
      return create(options);
    });
    const answered: string[] = [];
    const pdf = buyer.get(`/api/orders/${orderId}/pdf`).then((r) => {
      answered.push('pdf');
      return r;
    });
    await started;
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    answered.push('healthz');
    const r = await pdf;
    expect(health.statusCode).toBe(200);
    expect(answered).toEqual(['healthz', 'pdf']);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    // The note's lines, each a run of one letter (the rest of the document has words).
    const runs = (await pdfText(r.rawPayload)).pages.join('\n').match(/ż{10,}|W{10,}/g) ?? [];
    expect(runs.join('')).toBe(NOTE);
  });
});
