#!/usr/bin/env node
// The reference ERP connector (issue 39): reads a folder of ERP exports and pushes them through the
// integration API in batches, with a progress bar, the way a real connector would.
//
//   npm run erp:push -- --dir DIR --url https://portal.example --key cobi_…
//
// DIR may hold (each optional; CSV with a header row, `;` or `,` separated, UTF-8):
//   catalog-numbers.csv  number, base_price_netto, weight_kg, volume_cm, multiple, multiple_unit
//   stock.csv            number, warehouse, quantity, next_delivery_date, lead_time_days
//   prices-<DEF>.csv     number, price_netto   (price definition <DEF>: replaced whole when it has
//                        up to 1,000 rows, else merged in batches: numbers left out are kept)
//   customers.csv        enova_kod, name, tax_identification_nr, payment_deadline_days,
//                        enova_definicja_ceny, credit_limit, is_active, town, street, home, flat, postcode
//   invoices/*.xml       FA(3) e-invoices; `invoices/<name>.ksef` beside one holds its KSeF number
// Every write carries an Idempotency-Key made from its content: a run repeated after a failure
// sends nothing twice. A 429 waits for Retry-After; a 5xx or a lost connection is tried 3 times.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';

const BATCH = 1000;

const { values } = parseArgs({
  options: { dir: { type: 'string' }, url: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help || !values.dir || !values.url) {
  console.error('usage: npm run erp:push -- --dir DIR --url URL [--key KEY]   (or COBI_API_KEY in the environment)');
  process.exit(values.help ? 0 : 2);
}
const key = values.key ?? process.env.COBI_API_KEY;
if (!key?.startsWith('cobi_')) {
  console.error('erp:push: an API key (cobi_…) is needed: --key or COBI_API_KEY');
  process.exit(2);
}
const base = `${values.url.replace(/\/$/, '')}/api/integration/v1`;
const dir = path.resolve(values.dir);

// ---------------------------------------------------------------------------------------------
// Progress: one line per part, redrawn in place on a terminal.

function progress(label, total) {
  let done = 0;
  const tty = process.stderr.isTTY;
  const draw = () => {
    const width = 30;
    const filled = total ? Math.round((done / total) * width) : width;
    const line = `${label.padEnd(22)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}`;
    process.stderr.write(tty ? `\r${line}` : `${line}\n`);
  };
  draw();
  return {
    add(n) {
      done += n;
      if (tty || done === total) draw();
    },
    end() {
      if (tty) process.stderr.write('\n');
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function request(method, url, body, headers = {}) {
  const idem = createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(body ?? '')
    .digest('hex')
    .slice(0, 40);
  for (let attempt = 1; ; attempt++) {
    let res;
    try {
      res = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': `erp-push-${idem}`, ...headers },
        body,
      });
    } catch (e) {
      if (attempt >= 3) throw new Error(`${method} ${url}: ${e.message}`);
      await sleep(1000 * attempt);
      continue;
    }
    if (res.status === 429) {
      await sleep(Math.min(60, Number(res.headers.get('retry-after') ?? 1)) * 1000);
      continue;
    }
    if (res.status >= 500 && attempt < 3) {
      await sleep(1000 * attempt);
      continue;
    }
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = { message: text.slice(0, 200) };
    }
    if (res.status === 401 || res.status === 403) throw new Error(`${method} ${url}: ${res.status} ${json.message ?? ''}`);
    return { status: res.status, json };
  }
}

const sendJson = (method, url, data) => request(method, url, JSON.stringify(data), { 'content-type': 'application/json' });

// ---------------------------------------------------------------------------------------------
// CSV

function readCsv(file) {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  return parse(text, { columns: true, delimiter, skip_empty_lines: true, trim: true });
}

/** A decimal written either way ("12,50" or "12.50") as the API's decimal string. */
const decimal = (v) => (v === undefined || v === '' ? undefined : String(v).replace(/\s/g, '').replace(',', '.'));
const number = (v) => (v === undefined || v === '' ? undefined : Number(decimal(v)));
const orNull = (v) => (v === undefined || v === '' ? null : v);

const failures = [];

/** Bulk rows in batches of 1,000; per-row refusals are collected with their file line. */
async function pushBulk(label, method, url, rows, wrap = (batch) => ({ rows: batch })) {
  const bar = progress(label, rows.length);
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const { status, json } = await sendJson(method, url, wrap(batch));
    if (status >= 400)
      failures.push(`${label}, rows ${i + 2}-${i + batch.length + 1}: ${status} ${json.message ?? ''} ${JSON.stringify(json.errors ?? {}).slice(0, 300)}`);
    for (const r of json.rows ?? []) {
      if (r.status === 'error') failures.push(`${label}, line ${i + r.index + 2}: ${r.message ?? JSON.stringify(r.errors)}`);
    }
    bar.add(batch.length);
  }
  bar.end();
}

// ---------------------------------------------------------------------------------------------
// The parts, in the order an ERP's data depends on: numbers, stock, prices, customers, invoices.

const file = (name) => path.join(dir, name);

if (existsSync(file('catalog-numbers.csv'))) {
  const rows = readCsv(file('catalog-numbers.csv')).map((r) => ({
    number: r.number,
    ...(r.base_price_netto !== undefined ? { base_price_netto: orNull(decimal(r.base_price_netto)) } : {}),
    ...(r.weight_kg ? { weight_kg: number(r.weight_kg) } : {}),
    ...(r.volume_cm ? { volume_cm: number(r.volume_cm) } : {}),
    ...(r.multiple ? { multiple: number(r.multiple) } : {}),
    ...(r.multiple_unit ? { multiple_unit: r.multiple_unit } : {}),
  }));
  await pushBulk('catalogue numbers', 'PUT', '/catalog-numbers', rows);
}

if (existsSync(file('stock.csv'))) {
  const rows = readCsv(file('stock.csv')).map((r) => ({
    number: r.number,
    warehouse: r.warehouse,
    quantity: number(r.quantity) ?? 0,
    next_delivery_date: orNull(r.next_delivery_date ?? ''),
    lead_time_days: r.lead_time_days ? number(r.lead_time_days) : null,
  }));
  await pushBulk('stock', 'PUT', '/stock', rows);
}

for (const name of readdirSync(dir).filter((f) => /^prices-[A-Za-z0-9_-]+\.csv$/.test(f))) {
  const definition = name.slice('prices-'.length, -'.csv'.length);
  const rows = readCsv(file(name)).map((r) => ({ number: r.number, price_netto: decimal(r.price_netto) }));
  // A list up to 1,000 rows is replaced in one transaction; a longer one is merged batch by batch.
  const mode = rows.length <= BATCH ? 'replace' : 'merge';
  if (mode === 'merge') console.error(`prices-${definition}: ${rows.length} rows, merged in batches (numbers not in the file are kept)`);
  await pushBulk(`prices ${definition}`, 'PUT', `/price-lists/${encodeURIComponent(definition)}`, rows, (batch) => ({ mode, rows: batch }));
}

if (existsSync(file('customers.csv'))) {
  const rows = readCsv(file('customers.csv'));
  const bar = progress('customers', rows.length);
  for (const [i, r] of rows.entries()) {
    const address = r.town ? { name: r.name, town: r.town, street: r.street ?? '', home: r.home ?? '', flat: r.flat ?? '', postcode: r.postcode ?? '' } : null;
    const { status, json } = await sendJson('PUT', `/customers/${encodeURIComponent(r.enova_kod)}`, {
      name: r.name,
      tax_identification_nr: r.tax_identification_nr ?? '',
      payment_deadline_days: number(r.payment_deadline_days) ?? 0,
      enova_definicja_ceny: r.enova_definicja_ceny ?? '',
      credit_limit: orNull(decimal(r.credit_limit ?? '') ?? ''),
      is_active: !/^(0|false|nie|no)$/i.test(r.is_active ?? '1'),
      invoice_address: address,
    });
    if (status >= 400)
      failures.push(`customers, line ${i + 2} (${r.enova_kod}): ${status} ${json.message ?? ''} ${JSON.stringify(json.errors ?? {}).slice(0, 300)}`);
    bar.add(1);
  }
  bar.end();
}

if (existsSync(file('invoices'))) {
  const xmls = readdirSync(file('invoices'))
    .filter((f) => f.endsWith('.xml'))
    .sort();
  const bar = progress('invoices', xmls.length);
  for (const name of xmls) {
    const ksefFile = file(`invoices/${name.slice(0, -4)}.ksef`);
    const ksef = existsSync(ksefFile) ? readFileSync(ksefFile, 'utf8').trim() : '';
    const { status, json } = await request('POST', '/invoices', readFileSync(file(`invoices/${name}`)), {
      'content-type': 'application/xml',
      ...(ksef ? { 'x-ksef-number': ksef } : {}),
    });
    if (status >= 400) failures.push(`invoices/${name}: ${status} ${json.message ?? ''} ${JSON.stringify(json.errors ?? {}).slice(0, 300)}`);
    bar.add(1);
  }
  bar.end();
}

if (failures.length) {
  console.error(`\n${failures.length} refused:`);
  for (const f of failures.slice(0, 50)) console.error(`  ${f}`);
  if (failures.length > 50) console.error(`  … and ${failures.length - 50} more`);
  process.exit(1);
}
console.error('erp:push: everything accepted');
