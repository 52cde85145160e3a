import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { nestFormEntries } from '~/core/http/bracket-keys';
import { CABLES, cableName, findCable, separation, trayFill } from '../rules';
import { WORKBOOK_MAX_ROWS, type WorkbookInput, workbookInputSchema, workbookQuery } from '../validation';
import { buildWorkbook, DATA, FILL, SEP, sheetNames, WORKBOOK_EXAMPLE, workbookExampleResults, workbookResults } from '../workbook.server';
import { Evaluator } from './formula-eval';

async function open(locale: 'pl' | 'en') {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildWorkbook(locale)) as unknown as ExcelJS.Buffer);
  return wb;
}

function formulaOf(ws: ExcelJS.Worksheet, address: string): string {
  const v = ws.getCell(address).value as { formula?: string };
  expect(v && typeof v === 'object' && typeof v.formula === 'string', `${ws.name}!${address} holds a formula`).toBe(true);
  return v.formula as string;
}

function cachedOf(ws: ExcelJS.Worksheet, address: string): unknown {
  return (ws.getCell(address).value as { result?: unknown }).result;
}

describe('the workbook (SPEC section 9: four sheets)', () => {
  let pl: ExcelJS.Workbook;
  let en: ExcelJS.Workbook;
  beforeAll(async () => {
    [pl, en] = await Promise.all([open('pl'), open('en')]);
  });

  it('has the four sheets in order, named in the workbook language', () => {
    expect(pl.worksheets.map((w) => w.name)).toEqual(['Instrukcja', 'Zapełnienie koryta', 'Separacja kabli', 'Dane kabli']);
    expect(en.worksheets.map((w) => w.name)).toEqual(['Instructions', 'Tray fill', 'Cable separation', 'Cable data']);
    expect(sheetNames('en')).toEqual(en.worksheets.map((w) => w.name));
  });

  it('results are formulas that use the cable data sheet and the S and P tables', () => {
    const [, fillName, sepName, dataName] = sheetNames('en');
    const f = en.getWorksheet(fillName) as ExcelJS.Worksheet;
    const s = en.getWorksheet(sepName) as ExcelJS.Worksheet;
    expect(formulaOf(f, `C${FILL.firstRow}`)).toBe(`IF(ISNUMBER(B9),B9,IFERROR(VLOOKUP(A9,'${dataName}'!$A$5:$B$30,2,FALSE),0))`);
    expect(formulaOf(f, `E${FILL.firstRow}`)).toBe('IF(ISNUMBER(D9),D9*PI()*C9^2/4,0)');
    expect(formulaOf(f, FILL.cablesArea)).toBe('SUM(E9:E28)');
    expect(formulaOf(f, FILL.usableArea)).toBe('B32*(1-B6)');
    expect(formulaOf(f, FILL.fill)).toBe('IF(B33>0,B31/B33,0)');
    expect(formulaOf(f, FILL.recommended)).toContain(`MATCH(1,'${dataName}'!$I$5:$I$58,0)`);
    expect(formulaOf(s, SEP.s)).toBe('IFERROR(INDEX($B$15:$E$18,MATCH(B4,$A$15:$A$18,0),MATCH(B5,$B$14:$E$14,0)),"")');
    expect(formulaOf(s, SEP.p)).toBe('IFERROR(VLOOKUP(B6,$A$22:$C$31,3,TRUE),"")');
    expect(formulaOf(s, SEP.a)).toBe('IFERROR(ROUND(B9*B10,2),"")');
    // the cable list of the data sheet: every cable with its diameter
    const d = en.getWorksheet(dataName) as ExcelJS.Worksheet;
    CABLES.forEach((c, i) => {
      expect(d.getCell(`A${DATA.firstCableRow + i}`).value).toBe(cableName(c, 'en'));
      expect(d.getCell(`B${DATA.firstCableRow + i}`).value).toBe(c.diameter);
    });
  });

  it('the cached results equal the rules for the example inputs', () => {
    const [, fillName, sepName] = sheetNames('pl');
    const f = pl.getWorksheet(fillName) as ExcelJS.Worksheet;
    const s = pl.getWorksheet(sepName) as ExcelJS.Worksheet;
    // 24 × 6.2 + 12 × 7.2 + 2 × 6.0 + 1 × 9.5 mm: (24 × 38.44 + 12 × 51.84 + 2 × 36 + 90.25) π / 4
    //   = (922.56 + 622.08 + 72 + 90.25) π / 4 = 1706.89 π / 4 = 1340.59 mm²; usable 100 × 60 × 0.75 = 4500
    // smallest tray: needs 1340.59 / 0.75 = 1787.5 mm²; 50 × 35 = 1750 is too small; 50 × 42 and 60 × 35 = 2100 tie: 50 × 42
    const { fill, separation: sep } = workbookExampleResults();
    expect(fill.cablesArea).toBeCloseTo(1340.59, 2);
    expect(cachedOf(f, FILL.cablesArea)).toBeCloseTo(fill.cablesArea, 9);
    expect(cachedOf(f, FILL.usableArea)).toBe(4500);
    expect(cachedOf(f, FILL.fill)).toBeCloseTo(fill.fill, 9);
    expect(cachedOf(f, FILL.result)).toBe('Kable mieszczą się');
    expect(cachedOf(f, FILL.recommended)).toBe('50 × 42');
    // class b, open metallic: S 75; 20 circuits: P 2; A 150
    expect([cachedOf(s, SEP.s), cachedOf(s, SEP.p), cachedOf(s, SEP.a)]).toEqual([75, 2, 150]);
    expect(sep).toEqual({ s: 75, p: 2, a: 150 });
  });

  it('recomputed as a spreadsheet would, the formulas give the cached results', () => {
    const [, fillName, sepName, dataName] = sheetNames('pl');
    const ev = new Evaluator(pl);
    const f = pl.getWorksheet(fillName) as ExcelJS.Worksheet;
    const s = pl.getWorksheet(sepName) as ExcelJS.Worksheet;
    for (const a of [FILL.cablesArea, FILL.trayArea, FILL.usableArea, FILL.fill]) expect(ev.value(fillName, a)).toBeCloseTo(cachedOf(f, a) as number, 9);
    for (const a of [FILL.result, FILL.recommended]) expect(ev.value(fillName, a)).toBe(cachedOf(f, a));
    for (const a of [SEP.s, SEP.p, SEP.a]) expect(ev.value(sepName, a)).toBe(cachedOf(s, a));
    const d = pl.getWorksheet(dataName) as ExcelJS.Worksheet;
    // (exceljs writes a cached 0 as <v>0</v> but reads it back as no result)
    for (let r = DATA.firstTrayRow; r <= DATA.lastTrayRow; r++) expect(ev.value(dataName, `I${r}`)).toBe(cachedOf(d, `I${r}`) ?? 0);
    expect(cachedOf(d, `I${DATA.firstTrayRow}`)).toBeUndefined(); // 50 × 35 does not hold the example
    expect(cachedOf(d, `I${DATA.lastTrayRow}`)).toBe(1);
  });

  it('changing the inputs recomputes the same results as the rules', () => {
    const [, fillName, sepName] = sheetNames('en');
    const ev = new Evaluator(en);
    // 100 × U/FTP cat. 6A in a 100 × 50 tray, reserve 25 %; the other example rows cleared
    const uftp = findCable('uftp-6a');
    if (!uftp) throw new Error('no U/FTP 6A');
    for (let r = FILL.firstRow; r <= FILL.lastRow; r++) {
      ev.set(fillName, `A${r}`, null);
      ev.set(fillName, `B${r}`, null);
      ev.set(fillName, `D${r}`, null);
    }
    ev.set(fillName, 'A9', cableName(uftp, 'en'));
    ev.set(fillName, 'D9', 100);
    ev.set(fillName, FILL.width, 100);
    ev.set(fillName, FILL.height, 50);
    const expected = trayFill({ rows: [{ diameter: 7.5, count: 100 }], tray: { width: 100, height: 50 }, reserve: 0.25 });
    expect(ev.value(fillName, FILL.cablesArea)).toBeCloseTo(expected.cablesArea, 9); // 4417.86
    expect(ev.value(fillName, FILL.fill)).toBeCloseTo(expected.fill, 9); // 117.8 %
    expect(ev.value(fillName, FILL.result)).toBe('Tray too small');
    expect(ev.value(fillName, FILL.recommended)).toBe('100 × 60');

    // an own diameter beats the list; a 40 % reserve
    ev.set(fillName, 'B10', 12);
    ev.set(fillName, 'D10', 30);
    ev.set(fillName, FILL.reserve, 0.4);
    const own = trayFill({
      rows: [
        { diameter: 7.5, count: 100 },
        { diameter: 12, count: 30 },
      ],
      tray: { width: 100, height: 50 },
      reserve: 0.4,
    });
    expect(ev.value(fillName, FILL.cablesArea)).toBeCloseTo(own.cablesArea, 9);
    expect(ev.value(fillName, FILL.usableArea)).toBeCloseTo(own.usableArea, 9);
    expect(ev.value(fillName, FILL.recommended)).toBe(`${own.recommended?.width} × ${own.recommended?.height}`);

    // nothing fits: 2000 × 8 mm
    ev.set(fillName, 'A9', cableName(findCable('sftp-7') as (typeof CABLES)[number], 'en'));
    ev.set(fillName, 'D9', 2000);
    expect(ev.value(fillName, FILL.recommended)).toBe('none – split the cables over several trays');

    // separation: class c, perforated, 8 circuits -> 25 × 0.6 = 15; class a, none, 76 -> 300 × 6
    ev.set(sepName, SEP.cls, 'c');
    ev.set(sepName, SEP.barrier, 'Perforated metallic');
    ev.set(sepName, SEP.circuits, 8);
    expect(ev.value(sepName, SEP.a)).toBe(separation({ cls: 'c', barrier: 'perforated', circuits: 8 }).a);
    for (const [cls, barrier, circuits] of [
      ['a', 'none', 76],
      ['c', 'open', 7],
      ['d', 'solid', 3],
      ['b', 'none', 15],
      ['b', 'none', 16],
    ] as const) {
      ev.set(sepName, SEP.cls, cls);
      ev.set(sepName, SEP.barrier, { none: 'No barrier', open: 'Open metallic', perforated: 'Perforated metallic', solid: 'Solid metallic' }[barrier]);
      ev.set(sepName, SEP.circuits, circuits);
      const r = separation({ cls, barrier, circuits });
      expect([ev.value(sepName, SEP.s), ev.value(sepName, SEP.p), ev.value(sepName, SEP.a)]).toEqual([r.s, r.p, r.a]);
    }
  });

  it('opens with the documented example', () => {
    expect(WORKBOOK_EXAMPLE.reserve).toBe(0.25);
    const f = pl.getWorksheet(sheetNames('pl')[1]) as ExcelJS.Worksheet;
    expect(f.getCell('A9').value).toBe('Kabel U/UTP kat. 6 4x2x23AWG');
    expect(f.getCell('D9').value).toBe(24);
    expect(f.getCell(FILL.reserve).value).toBe(0.25);
  });
});

describe('the workbook opens with the page inputs (GET /api/calculator/workbook?…)', () => {
  const inputs: WorkbookInput = {
    rows: [
      { cable: 'uutp-6', count: 200 },
      { cable: 'fo-u-12', count: 4 },
      { diameter: 20, count: 3 },
      { diameter: 7.25, count: 0 },
    ],
    tray: { width: 200, height: 50 },
    reserve: 0.3,
    separation: { cls: 'c', barrier: 'perforated', circuits: 8 },
  };

  it('holds the inputs in the input cells, in both languages', async () => {
    for (const locale of ['pl', 'en'] as const) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await buildWorkbook(locale, inputs)) as unknown as ExcelJS.Buffer);
      const [, fillName, sepName] = sheetNames(locale);
      const f = wb.getWorksheet(fillName) as ExcelJS.Worksheet;
      const s = wb.getWorksheet(sepName) as ExcelJS.Worksheet;
      const cells = (r: number) => [f.getCell(`A${r}`).value, f.getCell(`B${r}`).value, f.getCell(`D${r}`).value];
      expect(cells(9)).toEqual([cableName(findCable('uutp-6') as (typeof CABLES)[number], locale), null, 200]);
      expect(cells(10)).toEqual([cableName(findCable('fo-u-12') as (typeof CABLES)[number], locale), null, 4]);
      expect(cells(11)).toEqual([null, 20, 3]);
      expect(cells(12)).toEqual([null, 7.25, 0]);
      for (let r = 13; r <= FILL.lastRow; r++) expect(cells(r)).toEqual([null, null, null]);
      expect([f.getCell(FILL.width).value, f.getCell(FILL.height).value, f.getCell(FILL.reserve).value]).toEqual([200, 50, 0.3]);
      expect(s.getCell(SEP.cls).value).toBe('c');
      expect(s.getCell(SEP.barrier).value).toBe(locale === 'pl' ? 'Perforowana metalowa' : 'Perforated metallic');
      expect(s.getCell(SEP.circuits).value).toBe(8);
    }
  });

  it('its formulas recompute to the results of the rules, equal to the cached ones', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildWorkbook('pl', inputs)) as unknown as ExcelJS.Buffer);
    const [, fillName, sepName] = sheetNames('pl');
    const f = wb.getWorksheet(fillName) as ExcelJS.Worksheet;
    const ev = new Evaluator(wb);
    // 200 × 6.2 + 4 × 6.0 + 3 × 20 mm: (200 × 38.44 + 4 × 36 + 3 × 400) π / 4 = 9032 π / 4 = 7093.72 mm²;
    // usable 200 × 50 × 0.7 = 7000: 101.3 %, too small; smallest: needs 10133.9 mm² -> 300 × 35 = 10500
    const expected = trayFill({
      rows: [
        { diameter: 6.2, count: 200 },
        { diameter: 6, count: 4 },
        { diameter: 20, count: 3 },
        { diameter: 7.25, count: 0 },
      ],
      tray: { width: 200, height: 50 },
      reserve: 0.3,
    });
    expect(expected.cablesArea).toBeCloseTo(7093.72, 2);
    expect(expected.recommended).toEqual({ width: 300, height: 35 });
    expect(workbookResults(inputs).fill).toEqual(expected);
    expect(ev.value(fillName, FILL.cablesArea)).toBeCloseTo(expected.cablesArea, 9);
    expect(ev.value(fillName, FILL.usableArea)).toBeCloseTo(expected.usableArea, 9);
    expect(ev.value(fillName, FILL.fill)).toBeCloseTo(expected.fill, 9);
    expect(ev.value(fillName, FILL.result)).toBe('Koryto za małe');
    expect(ev.value(fillName, FILL.recommended)).toBe('300 × 35');
    for (const a of [FILL.cablesArea, FILL.usableArea, FILL.fill]) expect(cachedOf(f, a)).toBeCloseTo(ev.value(fillName, a) as number, 9);
    for (const a of [FILL.result, FILL.recommended]) expect(cachedOf(f, a)).toBe(ev.value(fillName, a));
    // class c, perforated: S 25; 8 circuits: P 0.6; A 15
    const sep = separation(inputs.separation);
    expect(sep).toEqual({ s: 25, p: 0.6, a: 15 });
    expect([ev.value(sepName, SEP.s), ev.value(sepName, SEP.p), ev.value(sepName, SEP.a)]).toEqual([sep.s, sep.p, sep.a]);
  });

  it('the query the page builds parses back to the same inputs; bad or oversized inputs are refused', () => {
    const schema = workbookInputSchema('en');
    const parse = (q: string) => schema.safeParse(nestFormEntries(new URLSearchParams(q)));
    const round = parse(workbookQuery(inputs));
    expect(round.success && round.data).toEqual(inputs);
    expect(workbookQuery(inputs)).toContain('reserve=30');
    const ok = workbookQuery(inputs);
    const bad = (from: string, to: string) => {
      const r = parse(ok.replace(from, to));
      expect(r.success, `${from} -> ${to}`).toBe(false);
      return r.error?.issues[0]?.message;
    };
    expect(bad('width=200', 'width=250')).toBe('Invalid value.');
    expect(bad('height=50', 'height=1000')).toBe('Invalid value.');
    expect(bad('reserve=30', 'reserve=95')).toBe('Enter a reserve from 0 to 90 %.');
    expect(bad('reserve=30', 'reserve=-1')).toBe('Enter a reserve from 0 to 90 %.');
    expect(bad('class=c', 'class=e')).toBe('Invalid value.');
    expect(bad('barrier=perforated', 'barrier=wood')).toBe('Invalid value.');
    expect(bad('circuits=8', 'circuits=0')).toBe('Enter a whole number from 1 to 9999.');
    expect(bad('circuits=8', 'circuits=10000')).toBe('Enter a whole number from 1 to 9999.');
    expect(bad('%5Bcount%5D=200', '%5Bcount%5D=10001')).toBe('Enter a whole number from 0 to 10000.');
    expect(bad('%5Bcount%5D=200', '%5Bcount%5D=2.5')).toBe('Enter a whole number from 0 to 10000.');
    expect(bad('%5Bdiameter%5D=20', '%5Bdiameter%5D=101')).toBe('Enter a diameter from 0.1 to 100 mm.');
    expect(bad('%5Bdiameter%5D=20', '%5Bdiameter%5D=0')).toBe('Enter a diameter from 0.1 to 100 mm.');
    expect(bad('%5Bcable%5D=uutp-6', '%5Bcable%5D=nope')).toBe('Invalid value.');
    // a row with both a cable and an own diameter, or neither
    expect(parse(`${ok}&cables%5B0%5D%5Bdiameter%5D=5`).success).toBe(false);
    expect(parse(ok.replace('cables%5B0%5D%5Bcable%5D=uutp-6&', '')).success).toBe(false);
    // at most 20 rows (the workbook's rows)
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `cables[${i}][cable]=uutp-6&cables[${i}][count]=1`).join('&');
    const rest = 'width=100&height=60&reserve=25&class=b&barrier=none&circuits=12';
    expect(parse(`${rows(WORKBOOK_MAX_ROWS)}&${rest}`).success).toBe(true);
    expect(parse(`${rows(WORKBOOK_MAX_ROWS + 1)}&${rest}`).error?.issues[0]?.message).toBe('The workbook holds at most 20 kinds of cable.');
    // missing inputs
    expect(parse('width=100').success).toBe(false);
  });
});
