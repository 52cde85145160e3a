import { describe, expect, it } from 'vitest';
import { VERSION_CHOICE as CATALOG_VERSION_CHOICE, VERSIONS as CATALOG_VERSIONS } from '~/features/catalog/catalog.schema';
import { PERSONAL_PICKUP_ADDRESS } from '~/features/customers/addresses';
import {
  cartTotals,
  checkQuantity,
  isValidVersion,
  lineValue,
  measure,
  orderNumber,
  parseQuickLine,
  PICKUP_ADDRESS,
  quoteTransport,
  stepQuantity,
  type TransportRule,
  VERSION_CHOICE,
  VERSIONS,
  volumeLabel,
  volumeText,
  weightLabel,
  weightText,
} from '../rules';

const courier: TransportRule = { kind: 'courier', unitPrice: 2500, maxKgPerUnit: null, maxM3PerUnit: null, maxUnits: 10, maxTotalKg: null };
const pallet: TransportRule = { kind: 'pallet', unitPrice: 18000, maxKgPerUnit: 800, maxM3PerUnit: 1.6, maxUnits: 6, maxTotalKg: null };

describe('shop rules', () => {
  it('keeps the constants equal to the catalogue and customers features', () => {
    expect(VERSION_CHOICE).toBe(CATALOG_VERSION_CHOICE);
    expect([...VERSIONS]).toEqual([...CATALOG_VERSIONS]);
    expect(PICKUP_ADDRESS).toEqual(PERSONAL_PICKUP_ADDRESS);
  });

  it('accepts whole multiples only and names the nearest valid quantities', () => {
    expect(checkQuantity(305, 305)).toEqual({ ok: true });
    expect(checkQuantity(610, 305)).toEqual({ ok: true });
    expect(checkQuantity(400, 305)).toEqual({ ok: false, lower: 305, upper: 610 });
    expect(checkQuantity(100, 305)).toEqual({ ok: false, lower: null, upper: 305 });
    expect(checkQuantity(0, 1)).toEqual({ ok: false, lower: null, upper: 1 });
    expect(checkQuantity(-5, 1).ok).toBe(false);
    expect(checkQuantity(2.5, 1)).toEqual({ ok: false, lower: 2, upper: 3 });
    expect(checkQuantity(1.5, 0.5)).toEqual({ ok: true });
    expect(checkQuantity(Number.NaN, 1).ok).toBe(false);
  });

  it('steps by the multiple, never below one multiple', () => {
    expect(stepQuantity(305, 305, 1)).toBe(610);
    expect(stepQuantity(305, 305, -1)).toBe(305);
    expect(stepQuantity(610, 305, -1)).toBe(305);
  });

  it('checks the Flatpack/Szafa złożona version', () => {
    expect(isValidVersion(VERSION_CHOICE, 'Flatpack')).toBe(true);
    expect(isValidVersion(VERSION_CHOICE, 'Szafa złożona')).toBe(true);
    expect(isValidVersion(VERSION_CHOICE, '')).toBe(false);
    expect(isValidVersion(VERSION_CHOICE, 'Inna')).toBe(false);
    expect(isValidVersion(null, '')).toBe(true);
    expect(isValidVersion(null, 'Flatpack')).toBe(false);
  });

  it('rounds line values half up to the grosz', () => {
    expect(lineValue(123, 3)).toBe(369);
    expect(lineValue(101, 0.5)).toBe(51); // 50.5 -> 51
    expect(lineValue(99, 0.5)).toBe(50); // 49.5 -> 50
    expect(lineValue(333, 0.001)).toBe(0);
  });

  it('computes VAT 23 % on the net total (lines + transport), half up', () => {
    // 0.01 + 0.01 separately would give VAT 0 + 0; on the total 0.02 * 23% = 0.46 gr -> 0
    expect(cartTotals([1, 1], 0)).toEqual({ valueNetto: 2, transportCost: 0, net: 2, vat: 0, gross: 2 });
    // 2.17 zł: 49.91 gr -> 50 gr
    expect(cartTotals([217], 0).vat).toBe(50);
    // 1.50 + 0.50 transport = 2.00 -> 46 gr
    expect(cartTotals([150], 50)).toEqual({ valueNetto: 150, transportCost: 50, net: 200, vat: 46, gross: 246 });
  });

  it('measures weight and volume and shows them with 2 decimals', () => {
    const m = measure([
      { quantity: 305, weightKg: 0.045, volumeCm: 60 },
      { quantity: 2, weightKg: 35.5, volumeCm: 250_000 },
    ]);
    expect(m.weightKg).toBeCloseTo(84.725, 6);
    expect(m.volumeCm).toBe(18_300 + 500_000);
    expect(weightText(m.weightKg)).toBe('84.73');
    expect(volumeText(m.volumeCm)).toBe('0.52');
    // Pages and PDFs: the same rounding with the locale's separator (issue 41 point 13).
    expect(weightLabel(m.weightKg, 'pl')).toBe('84,73 kg');
    expect(weightLabel(m.weightKg, 'en')).toBe('84.73 kg');
    expect(volumeLabel(m.volumeCm, 'pl')).toBe('0,52 m³');
    expect(volumeLabel(m.volumeCm, 'en')).toBe('0.52 m³');
    expect(weightLabel(12_345.675, 'pl')).toBe('12\u00a0345,68 kg');
  });

  it('counts courier packages (default 30 kg) and their cost', () => {
    expect(quoteTransport(courier, 29.99, 0, true)).toMatchObject({ packagesCount: 1, cost: 2500, isCustom: false });
    expect(quoteTransport(courier, 30, 0, true)).toMatchObject({ packagesCount: 1, cost: 2500 });
    expect(quoteTransport(courier, 30.01, 0, true)).toMatchObject({ packagesCount: 2, cost: 5000 });
    expect(quoteTransport({ ...courier, maxKgPerUnit: 10 }, 25, 0, true)).toMatchObject({ packagesCount: 3, cost: 7500 });
    expect(quoteTransport(courier, 0, 0, false)).toMatchObject({ packagesCount: 0, cost: 0 });
  });

  it('counts pallets by weight or volume, whichever needs more', () => {
    expect(quoteTransport(pallet, 100, 2_000_000, true)).toMatchObject({ palletsCount: 2, cost: 36000 }); // 2 m³ / 1.6
    expect(quoteTransport(pallet, 1700, 100_000, true)).toMatchObject({ palletsCount: 3, cost: 54000 }); // 1700 / 800
    expect(quoteTransport(pallet, 10, 10, true)).toMatchObject({ palletsCount: 1, cost: 18000 });
  });

  it('turns a shipment above the limits into custom transport without cost', () => {
    expect(quoteTransport(courier, 301, 0, true)).toMatchObject({ packagesCount: 11, isCustom: true, cost: 0 });
    expect(quoteTransport(courier, 300, 0, true)).toMatchObject({ packagesCount: 10, isCustom: false, cost: 25000 });
    expect(quoteTransport({ ...courier, maxTotalKg: 50 }, 51, 0, true)).toMatchObject({ isCustom: true, cost: 0 });
    expect(quoteTransport(pallet, 5000, 0, true)).toMatchObject({ palletsCount: 7, isCustom: true, cost: 0 });
    expect(quoteTransport({ ...pallet, kind: 'custom' }, 1, 0, true)).toMatchObject({ isCustom: true, cost: 0 });
  });

  it('makes personal pickup free with the pickup address', () => {
    expect(quoteTransport({ ...courier, kind: 'pickup' }, 500, 0, true)).toEqual({
      isCustom: false,
      packagesCount: 0,
      palletsCount: 0,
      cost: 0,
      isPickup: true,
    });
  });

  it('numbers orders ZS/{year}/{6 digits}', () => {
    expect(orderNumber(2026, 123)).toBe('ZS/2026/000123');
    expect(orderNumber(2026, 1234567)).toBe('ZS/2026/1234567');
  });

  it('reads quick-order lines', () => {
    expect(parseQuickLine('CN-U6-305 610')).toEqual({ number: 'CN-U6-305', quantity: 610 });
    expect(parseQuickLine('CN-1;2')).toEqual({ number: 'CN-1', quantity: 2 });
    expect(parseQuickLine('CN-1\t2,5')).toEqual({ number: 'CN-1', quantity: 2.5 });
    expect(parseQuickLine('   ')).toBeNull();
    expect(Number.isNaN(parseQuickLine('CN-1')?.quantity)).toBe(true);
  });
});
