import { describe, expect, it } from 'vitest';
import { availabilityOf, exceedsStock, summarizeStock } from '../availability';
import { availabilityText } from '../messages';

const today = '2026-11-30';
const row = (quantity: number, next: string | null = null, lead: number | null = null) => ({ quantity, next_delivery_date: next, lead_time_days: lead });
const day = (d: string) => d.split('-').reverse().join('.');

describe('the availability of a catalogue number (issue 39)', () => {
  it('is unknown when the ERP reported nothing', () => {
    expect(summarizeStock([], today)).toBeNull();
    expect(availabilityOf(null, 'm')).toEqual({ state: 'unknown', quantity: 0, unit: 'm', next_delivery_date: null, lead_time_days: null });
  });

  it('sums the warehouses: in stock with the quantity in the unit', () => {
    const s = summarizeStock([row(120.1, null, 5), row(0.2, '2026-12-05', 3)], today);
    expect(s).toEqual({ quantity: 120.3, next_delivery_date: '2026-12-05', lead_time_days: 3 });
    const a = availabilityOf(s, 'm');
    expect(a.state).toBe('in_stock');
    expect(availabilityText(a, 'pl', day)).toBe('W magazynie: 120,3 m');
    expect(availabilityText(a, 'en', day)).toBe('In stock: 120.3 m');
  });

  it('without stock: the earliest delivery still to come, past dates ignored', () => {
    const s = summarizeStock([row(0, '2026-11-29', 5), row(0, '2026-12-20'), row(0, '2026-12-10')], today);
    expect(s?.next_delivery_date).toBe('2026-12-10');
    const a = availabilityOf(s, 'szt.');
    expect(a.state).toBe('next_delivery');
    expect(availabilityText(a, 'pl', day)).toBe('Najbliższa dostawa: 10.12.2026');
    expect(availabilityText(a, 'en', day)).toBe('Next delivery: 10.12.2026');
    // Today's delivery still counts.
    expect(summarizeStock([row(0, today)], today)?.next_delivery_date).toBe(today);
  });

  it('without stock or delivery: to order, with the shortest lead time in working days', () => {
    const a = availabilityOf(summarizeStock([row(0, '2026-11-01', 12), row(0, null, 5)], today), 'm');
    expect(a).toMatchObject({ state: 'to_order', lead_time_days: 5, next_delivery_date: null });
    expect(availabilityText(a, 'pl', day)).toBe('Na zamówienie: 5 dni roboczych');
    expect(availabilityText(a, 'en', day)).toBe('To order: 5 working days');
    expect(availabilityText({ ...a, lead_time_days: 1 }, 'pl', day)).toBe('Na zamówienie: 1 dzień roboczy');
    expect(availabilityText({ ...a, lead_time_days: 3 }, 'pl', day)).toBe('Na zamówienie: 3 dni robocze');
    expect(availabilityText({ ...a, lead_time_days: 1 }, 'en', day)).toBe('To order: 1 working day');
    expect(availabilityText({ ...a, lead_time_days: null }, 'pl', day)).toBe('Na zamówienie');
  });

  it('a quantity beyond the stock is flagged (a warning, never for an unknown stock)', () => {
    const a = availabilityOf(summarizeStock([row(610)], today), 'm');
    expect(exceedsStock(a, 610)).toBe(false);
    expect(exceedsStock(a, 915)).toBe(true);
    expect(exceedsStock(availabilityOf(summarizeStock([row(0, null, 5)], today), 'm'), 305)).toBe(true);
    expect(exceedsStock(availabilityOf(null, 'm'), 10_000)).toBe(false);
  });
});
