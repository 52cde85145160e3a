import { describe, expect, it } from 'vitest';
import { moneyDecimal, moneyInput } from './money-schema';
import { formatAmount, formatMoney, fromDecimal, lineTotal, MAX_GROSZE, NBSP, parseMoney, percentOf, sumGrosze, toDecimal, totalsOfNet, vatOf } from './money';

describe('parseMoney', () => {
  it.each([
    ['1 234,50', 123450],
    [`1${NBSP}234,50`, 123450],
    ['1\u202f234,50', 123450],
    ['1234,50', 123450],
    ['1234.50', 123450],
    ['1,234.50', 123450],
    ['1.234,50', 123450],
    ['1,234,567.89', 123456789],
    ['1.234.567', 123456700],
    ['1 234 567', 123456700],
    ['12,5', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0,05', 5],
    ['0', 0],
    ['-0', 0],
    ['007', 700],
    ['-12,34', -1234],
    ['\u221212,34', -1234],
    ['  1 234,50 zł ', 123450],
    [`1${NBSP}234,50${NBSP}zł`, 123450],
    ['PLN 1,234.50', 123450],
    ['-PLN 1,234.50', -123450],
    ['9999999999999,99', MAX_GROSZE],
  ])('reads %j as %d grosze', (input, grosze) => {
    expect(parseMoney(input)).toBe(grosze);
  });

  it.each([
    '',
    ' ',
    'abc',
    '12a',
    '12 EUR',
    '1,234', // a thousand in English, 1.234 in Polish: ambiguous
    '1.234',
    '12,345',
    '1,2345',
    '12,999', // three decimals
    '12.001',
    '1,234.567',
    '12,',
    '12.',
    ',50',
    '.5',
    '1,2,3',
    '12 34',
    '1 234.567,50',
    '1.234.56',
    '1,234,56',
    '1.2.3,45',
    '1,234.50.1',
    '--5',
    '- ',
    '+5',
    '1e5',
    'Infinity',
    'NaN',
    '10000000000000', // 14 integer digits
  ])('refuses %j', (input) => {
    expect(parseMoney(input)).toBeNull();
  });
});

describe('JSON decimal strings', () => {
  it.each([
    [123450, '1234.50'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [-0, '0.00'],
    [100, '1.00'],
    [-123456789, '-1234567.89'],
    [MAX_GROSZE, '9999999999999.99'],
  ])('%d grosze are %j and back', (grosze, decimal) => {
    expect(toDecimal(grosze)).toBe(decimal);
    expect(fromDecimal(decimal)).toBe(grosze === 0 ? 0 : grosze);
    expect(Object.is(fromDecimal(decimal), -0)).toBe(false);
  });

  it.each(['1234.5', '1234', '1,234.50', '01.00', '1234.500', ' 1.00', '-', '+1.00', '10000000000000.00'])('fromDecimal refuses %j', (value) => {
    expect(() => fromDecimal(value)).toThrow(RangeError);
  });

  it('refuses amounts that are not whole safe grosze', () => {
    expect(() => toDecimal(1.5)).toThrow(RangeError);
    expect(() => toDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => toDecimal(MAX_GROSZE + 1)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('writes Polish amounts with no-break spaces and "zł"', () => {
    expect(formatMoney(123450, 'pl')).toBe(`1${NBSP}234,50${NBSP}zł`);
    expect(formatMoney(123450, 'pl').replace(/\u00a0/g, ' ')).toBe('1 234,50 zł');
    expect(formatMoney(0, 'pl')).toBe(`0,00${NBSP}zł`);
    expect(formatMoney(5, 'pl')).toBe(`0,05${NBSP}zł`);
    expect(formatMoney(-123450, 'pl')).toBe(`-1${NBSP}234,50${NBSP}zł`);
    expect(formatMoney(100_000_000, 'pl')).toBe(`1${NBSP}000${NBSP}000,00${NBSP}zł`);
  });

  it('writes English amounts as "PLN 1,234.50"', () => {
    expect(formatMoney(123450, 'en')).toBe(`PLN${NBSP}1,234.50`);
    expect(formatMoney(-123450, 'en')).toBe(`-PLN${NBSP}1,234.50`);
    expect(formatMoney(99, 'en')).toBe(`PLN${NBSP}0.99`);
    expect(formatMoney(MAX_GROSZE, 'en')).toBe(`PLN${NBSP}9,999,999,999,999.99`);
  });

  it('matches what Intl writes for PLN (pl-PL with grouping always, en-GB)', () => {
    const pl = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', useGrouping: 'always' });
    const en = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'PLN' });
    for (const g of [0, 1, 99, 123450, -123450, 100_000_000, 987_654_321_012]) {
      expect(formatMoney(g, 'pl')).toBe(pl.format(toDecimal(g) as `${number}`));
      expect(formatMoney(g, 'en')).toBe(en.format(toDecimal(g) as `${number}`));
    }
  });

  it('writes a bare amount for table columns, which parses back', () => {
    expect(formatAmount(123450, 'pl')).toBe(`1${NBSP}234,50`);
    expect(formatAmount(123450, 'en')).toBe('1,234.50');
    for (const g of [0, 7, -7, 123450, 100_000_000, MAX_GROSZE]) {
      expect(parseMoney(formatAmount(g, 'pl'))).toBe(g);
      expect(parseMoney(formatMoney(g, 'pl'))).toBe(g);
      expect(parseMoney(formatMoney(g, 'en'))).toBe(g);
    }
  });
});

describe('VAT', () => {
  it('is 23 % of the net total, rounded half up to a grosz', () => {
    expect(vatOf(10000)).toBe(2300);
    expect(vatOf(123450)).toBe(28394); // 28393.5 -> up
    expect(vatOf(50)).toBe(12); // 11.5 -> 12
    expect(vatOf(150)).toBe(35); // 34.5 -> 35
    expect(vatOf(2)).toBe(0); // 0.46 -> 0
    expect(vatOf(3)).toBe(1); // 0.69 -> 1
    expect(vatOf(1)).toBe(0); // 0.23 -> 0
    expect(vatOf(0)).toBe(0);
  });

  it('rounds exactly at half a grosz, where floating point would not', () => {
    // 1.005 * 100 is 100.49999999999999 in floating point; on integers 100.5 gr -> 101 gr
    expect(percentOf(201, 50)).toBe(101);
    expect(percentOf(10050, 1)).toBe(101); // 100.5 -> 101
    expect(percentOf(10049, 1)).toBe(100); // 100.49 -> 100
    expect(vatOf(1950)).toBe(449); // 448.5 -> 449
    expect(vatOf(1949)).toBe(448); // 448.27 -> 448
  });

  it('mirrors the VAT of a correction (half away from zero) and never gives -0', () => {
    expect(vatOf(-123450)).toBe(-28394);
    expect(vatOf(-50)).toBe(-12);
    expect(Object.is(vatOf(-1), -0)).toBe(false);
    expect(vatOf(-1)).toBe(0);
  });

  it('computes large totals exactly', () => {
    // 999,999,999,999.99 zł: net * 23 passes 2^53, so the multiplication runs on BigInt
    const net = 99_999_999_999_999;
    expect(vatOf(net)).toBe(23_000_000_000_000); // 22,999,999,999,999.77 -> .....000
    expect(totalsOfNet(net)).toEqual({ net, vat: 23_000_000_000_000, gross: 122_999_999_999_999 });
  });

  it('gives net, VAT and gross of a net total, with other rates too', () => {
    expect(totalsOfNet(123450)).toEqual({ net: 123450, vat: 28394, gross: 151844 });
    expect(totalsOfNet(1000, 8)).toEqual({ net: 1000, vat: 80, gross: 1080 });
    expect(totalsOfNet(1000, 0)).toEqual({ net: 1000, vat: 0, gross: 1000 });
    expect(() => vatOf(100, 23.5)).toThrow(RangeError);
    expect(() => vatOf(1.5)).toThrow(RangeError);
  });

  it('sums line totals and checks quantities', () => {
    expect(sumGrosze([lineTotal(1999, 3), lineTotal(50, 10), -100])).toBe(6397);
    expect(sumGrosze([])).toBe(0);
    expect(() => lineTotal(100, 1.5)).toThrow(RangeError);
    expect(() => sumGrosze([MAX_GROSZE, 1])).toThrow(RangeError);
  });
});

describe('money schemas', () => {
  it('moneyInput reads what a person typed into grosze', () => {
    expect(moneyInput().parse('1 234,50')).toBe(123450);
    expect(moneyInput().parse('1234.50')).toBe(123450);
    expect(moneyInput({ min: -1000 }).parse('-5,00')).toBe(-500);
  });

  it('moneyInput refuses garbage and out-of-range amounts in the given language', () => {
    const pl = moneyInput({ locale: 'pl' }).safeParse('12,345');
    expect(pl.success).toBe(false);
    expect(pl.error?.issues[0]?.message).toBe('Podaj kwotę, np. 1 234,50 (najwyżej dwa miejsca po przecinku).');
    const en = moneyInput({ locale: 'en' }).safeParse('abc');
    expect(en.error?.issues[0]?.message).toBe('Enter an amount, e.g. 1,234.50 (at most two decimal places).');
    expect(moneyInput({ locale: 'en' }).safeParse(1234).success).toBe(false);
    const negative = moneyInput({ locale: 'pl' }).safeParse('-1');
    expect(negative.error?.issues[0]?.message).toBe(`Kwota nie może być mniejsza niż 0,00${NBSP}zł.`);
    const big = moneyInput({ locale: 'en', max: 100_000 }).safeParse('1000.01');
    expect(big.error?.issues[0]?.message).toBe(`The amount must not be greater than PLN${NBSP}1,000.00.`);
  });

  it('moneyDecimal reads the JSON form only', () => {
    expect(moneyDecimal.parse('1234.50')).toBe(123450);
    expect(moneyDecimal.safeParse('1234,50').success).toBe(false);
    expect(moneyDecimal.safeParse('1234.5').success).toBe(false);
  });
});
