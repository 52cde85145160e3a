// The calculator's workbook (issue 16, SPEC section 9: four sheets): an XLSX made with exceljs whose
// results are live formulas, so a user changes the inputs in Excel or LibreOffice and sees the
// results. It opens with the inputs of the page it was downloaded from (validation.ts: the query of
// GET /api/calculator/workbook), or with WORKBOOK_EXAMPLE. The formulas compute what rules.ts
// computes; each formula cell also carries the value rules.ts gives for those inputs (exceljs does
// not evaluate formulas), so a spreadsheet shows the results before it recalculates.
//
// Sheets, in this order, named in the workbook's language (messages 'xlsx.sheet.*'):
//   1. instructions      pl "Instrukcja"          en "Instructions"
//   2. tray fill         pl "Zapełnienie koryta"  en "Tray fill"
//   3. cable separation  pl "Separacja kabli"     en "Cable separation"
//   4. cable data        pl "Dane kabli"          en "Cable data"
// The cell layout is in FILL, SEP and DATA below (the tests read the same addresses).
import ExcelJS from 'exceljs';
import { translator, type Locale } from '~/core/i18n/locale';
import { calculatorMessages } from './messages';
import {
  BARRIERS,
  CABLES,
  cableArea,
  cableName,
  DEFAULT_RESERVE,
  findCable,
  MAX_RESERVE,
  P_TABLE,
  S_TABLE,
  SEGREGATION_CLASSES,
  STANDARD_TRAYS,
  separation,
  trayFill,
  TRAY_HEIGHTS,
  TRAY_WIDTHS,
  type Barrier,
} from './rules';
import { WORKBOOK_MAX_ROWS, type WorkbookInput, type WorkbookRow } from './validation';

/** The example the workbook opens with when the download names no inputs (the last row: an own diameter). */
export const WORKBOOK_EXAMPLE: WorkbookInput = {
  rows: [
    { cable: 'uutp-6', count: 24 },
    { cable: 'futp-6', count: 12 },
    { cable: 'fo-u-12', count: 2 },
    { diameter: 9.5, count: 1 },
  ],
  tray: { width: 100, height: 60 },
  reserve: DEFAULT_RESERVE,
  separation: { cls: 'b', barrier: 'open', circuits: 20 },
};

/** The diameter (mm) of a row: the cable's from the list, or the row's own. */
export function rowDiameter(r: WorkbookRow): number {
  return 'cable' in r ? (findCable(r.cable)?.diameter ?? 0) : r.diameter;
}

/** What the workbook's formulas give for these inputs, by the rules. */
export function workbookResults(input: WorkbookInput) {
  const rows = input.rows.map((r) => ({ diameter: rowDiameter(r), count: r.count }));
  return { fill: trayFill({ rows, tray: input.tray, reserve: input.reserve }), separation: separation(input.separation) };
}

/** Cells of the tray fill sheet. */
export const FILL = {
  width: 'B4',
  height: 'B5',
  reserve: 'B6',
  headerRow: 8,
  firstRow: 9,
  lastRow: 28,
  cablesArea: 'B31',
  trayArea: 'B32',
  usableArea: 'B33',
  fill: 'B34',
  result: 'B35',
  recommended: 'B36',
} as const;

/** Cells of the cable separation sheet. */
export const SEP = {
  cls: 'B4',
  barrier: 'B5',
  circuits: 'B6',
  s: 'B9',
  p: 'B10',
  a: 'B11',
  sHeaderRow: 14,
  sFirstRow: 15,
  pHeaderRow: 21,
  pFirstRow: 22,
} as const;

/** Cells of the cable data sheet: the cables (with empty rows for the user's own) and the trays. */
export const DATA = {
  headerRow: 4,
  firstCableRow: 5,
  lastCableRow: 5 + CABLES.length + 10 - 1,
  firstTrayRow: 5,
  lastTrayRow: 5 + STANDARD_TRAYS.length - 1,
} as const;

export function sheetNames(locale: Locale): [string, string, string, string] {
  const t = translator(calculatorMessages, locale);
  return [t('xlsx.sheet.instructions'), t('xlsx.sheet.fill'), t('xlsx.sheet.separation'), t('xlsx.sheet.data')];
}

export function workbookFilename(locale: Locale): string {
  return translator(calculatorMessages, locale)('xlsx.filename');
}

const INPUT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
const RESULT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2EFDA' } };
const HEAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDE5F0' } };
const BORDER: Partial<ExcelJS.Borders> = {
  top: { style: 'thin', color: { argb: 'FFB4BECC' } },
  left: { style: 'thin', color: { argb: 'FFB4BECC' } },
  bottom: { style: 'thin', color: { argb: 'FFB4BECC' } },
  right: { style: 'thin', color: { argb: 'FFB4BECC' } },
};

const q = (sheet: string) => `'${sheet.replace(/'/g, "''")}'`;

function input(cell: ExcelJS.Cell, value: ExcelJS.CellValue, numFmt?: string) {
  cell.value = value;
  cell.fill = INPUT_FILL;
  cell.border = BORDER;
  if (numFmt) cell.numFmt = numFmt;
}

function result(cell: ExcelJS.Cell, formula: string, value: number | string, numFmt?: string) {
  cell.value = { formula, result: value } as ExcelJS.CellFormulaValue;
  cell.fill = RESULT_FILL;
  cell.border = BORDER;
  if (numFmt) cell.numFmt = numFmt;
}

function head(row: ExcelJS.Row) {
  row.eachCell((c) => {
    c.font = { bold: true };
    c.fill = HEAD_FILL;
    c.border = BORDER;
    c.alignment = { wrapText: true, vertical: 'middle' };
  });
}

function title(ws: ExcelJS.Worksheet, text: string) {
  const c = ws.getCell('A1');
  c.value = text;
  c.font = { bold: true, size: 14, color: { argb: 'FF0B3B75' } };
}

function section(ws: ExcelJS.Worksheet, address: string, text: string) {
  const c = ws.getCell(address);
  c.value = text;
  c.font = { bold: true, size: 12 };
}

/** Builds the workbook in the given language, opening with the given inputs (else the example). */
export async function buildWorkbook(locale: Locale, inputs: WorkbookInput = WORKBOOK_EXAMPLE): Promise<Buffer> {
  if (inputs.rows.length > WORKBOOK_MAX_ROWS || FILL.lastRow - FILL.firstRow + 1 !== WORKBOOK_MAX_ROWS) throw new RangeError('workbook rows');
  const t = translator(calculatorMessages, locale);
  const [instructionsName, fillName, sepName, dataName] = sheetNames(locale);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'COBI NET';
  wb.created = new Date();
  wb.calcProperties = { fullCalcOnLoad: true };

  const wsI = wb.addWorksheet(instructionsName);
  const wsF = wb.addWorksheet(fillName);
  const wsS = wb.addWorksheet(sepName);
  const wsD = wb.addWorksheet(dataName);
  const F = q(fillName);
  const D = q(dataName);

  // The inputs, computed by the rules (the cached results of the formulas).
  const ex = inputs;
  const { fill, separation: sep } = workbookResults(ex);

  // --- 1. Instructions
  title(wsI, t('xlsx.title'));
  wsI.getColumn(1).width = 120;
  const lines = [
    t('xlsx.i1'),
    t('xlsx.i2'),
    t('xlsx.i3', { fill: fillName, data: dataName }),
    t('xlsx.i4'),
    t('xlsx.i5', { data: dataName }),
    t('xlsx.i6', { sep: sepName }),
    t('xlsx.i7', { data: dataName }),
    t('xlsx.i8'),
  ];
  lines.forEach((text, i) => {
    const c = wsI.getCell(`A${3 + i}`);
    c.value = `${i + 1}. ${text}`;
    c.alignment = { wrapText: true, vertical: 'top' };
  });

  // --- 4. Cable data (first: the other sheets' formulas refer to it)
  title(wsD, t('xlsx.title'));
  section(wsD, 'A3', t('xlsx.cables'));
  section(wsD, 'E3', t('xlsx.trays'));
  wsD.getColumn(1).width = 46;
  wsD.getColumn(2).width = 14;
  wsD.getColumn(3).width = 16;
  wsD.getColumn(4).width = 3;
  for (const col of [5, 6, 7]) wsD.getColumn(col).width = 14;
  wsD.getColumn(8).width = 26;
  wsD.getColumn(9).width = 16;
  const dh = wsD.getRow(DATA.headerRow);
  dh.values = [
    t('xlsx.cable').replace(/ \(.*\)$/, ''),
    t('xlsx.diameter'),
    t('xlsx.area'),
    '',
    t('fill.width'),
    t('fill.height'),
    t('xlsx.trayArea'),
    t('xlsx.usableNow', { fill: fillName }),
    t('xlsx.fits'),
  ];
  head(dh);
  dh.getCell(4).fill = { type: 'pattern', pattern: 'none' };
  dh.getCell(4).border = {};
  for (let r = DATA.firstCableRow; r <= DATA.lastCableRow; r++) {
    const cable = CABLES[r - DATA.firstCableRow];
    const nameCell = wsD.getCell(`A${r}`);
    const dCell = wsD.getCell(`B${r}`);
    if (cable) {
      nameCell.value = cableName(cable, locale);
      nameCell.border = BORDER;
      dCell.value = cable.diameter;
      dCell.border = BORDER;
      dCell.numFmt = '0.0';
    } else {
      // empty rows for the user's own cables
      input(nameCell, null);
      input(dCell, null, '0.0');
    }
    result(wsD.getCell(`C${r}`), `IF(ISNUMBER(B${r}),PI()*B${r}^2/4,"")`, cable ? cableArea(cable.diameter) : '', '0.00');
  }
  const fits = (w: number, h: number) => (w * h * (1 - ex.reserve) >= fill.cablesArea ? 1 : 0);
  STANDARD_TRAYS.forEach((tray, i) => {
    const r = DATA.firstTrayRow + i;
    for (const [col, v] of [
      ['E', tray.width],
      ['F', tray.height],
    ] as const) {
      const c = wsD.getCell(`${col}${r}`);
      c.value = v;
      c.border = BORDER;
    }
    result(wsD.getCell(`G${r}`), `E${r}*F${r}`, tray.width * tray.height, '0');
    result(wsD.getCell(`H${r}`), `G${r}*(1-${F}!$${col(FILL.reserve)}$${row(FILL.reserve)})`, tray.width * tray.height * (1 - ex.reserve), '0.00');
    result(wsD.getCell(`I${r}`), `IF(H${r}>=${F}!$${col(FILL.cablesArea)}$${row(FILL.cablesArea)},1,0)`, fits(tray.width, tray.height), '0');
  });
  wsD.views = [{ state: 'frozen', ySplit: DATA.headerRow }];

  // --- 2. Tray fill
  title(wsF, t('xlsx.title'));
  wsF.getColumn(1).width = 44;
  wsF.getColumn(2).width = 22;
  wsF.getColumn(3).width = 14;
  wsF.getColumn(4).width = 14;
  wsF.getColumn(5).width = 16;
  section(wsF, 'A3', t('xlsx.inputs'));
  wsF.getCell(`A${row(FILL.width)}`).value = t('xlsx.width');
  wsF.getCell(`A${row(FILL.height)}`).value = t('xlsx.height');
  wsF.getCell(`A${row(FILL.reserve)}`).value = t('xlsx.reserve');
  input(wsF.getCell(FILL.width), ex.tray.width);
  input(wsF.getCell(FILL.height), ex.tray.height);
  input(wsF.getCell(FILL.reserve), ex.reserve, '0%');
  wsF.getCell(FILL.width).dataValidation = { type: 'list', allowBlank: false, formulae: [`"${TRAY_WIDTHS.join(',')}"`] };
  wsF.getCell(FILL.height).dataValidation = { type: 'list', allowBlank: false, formulae: [`"${TRAY_HEIGHTS.join(',')}"`] };
  wsF.getCell(FILL.reserve).dataValidation = {
    type: 'decimal',
    operator: 'between',
    allowBlank: false,
    formulae: [0, MAX_RESERVE],
    showErrorMessage: true,
    error: t('v.reserve'),
  };
  const fh = wsF.getRow(FILL.headerRow);
  fh.values = [t('xlsx.cable'), t('xlsx.ownDiameter'), t('xlsx.diameter'), t('xlsx.count'), t('xlsx.area')];
  fh.height = 32;
  head(fh);
  const cableList = `${D}!$A$${DATA.firstCableRow}:$A$${DATA.lastCableRow}`;
  const cableTable = `${D}!$A$${DATA.firstCableRow}:$B$${DATA.lastCableRow}`;
  for (let r = FILL.firstRow; r <= FILL.lastRow; r++) {
    const exRow: WorkbookRow | undefined = ex.rows[r - FILL.firstRow];
    const cable = exRow && 'cable' in exRow ? findCable(exRow.cable) : undefined;
    const own = exRow && 'diameter' in exRow ? exRow.diameter : null;
    input(wsF.getCell(`A${r}`), cable ? cableName(cable, locale) : null);
    wsF.getCell(`A${r}`).dataValidation = { type: 'list', allowBlank: true, formulae: [cableList] };
    input(wsF.getCell(`B${r}`), own, '0.0##');
    const diameter = exRow ? rowDiameter(exRow) : 0;
    const count = exRow ? exRow.count : null;
    result(wsF.getCell(`C${r}`), `IF(ISNUMBER(B${r}),B${r},IFERROR(VLOOKUP(A${r},${cableTable},2,FALSE),0))`, diameter, '0.0##');
    input(wsF.getCell(`D${r}`), count, '0');
    wsF.getCell(`D${r}`).dataValidation = {
      type: 'whole',
      operator: 'between',
      allowBlank: true,
      formulae: [0, 10000],
      showErrorMessage: true,
      error: t('v.count'),
    };
    result(wsF.getCell(`E${r}`), `IF(ISNUMBER(D${r}),D${r}*PI()*C${r}^2/4,0)`, count ? count * cableArea(diameter) : 0, '0.00');
  }
  section(wsF, `A${row(FILL.cablesArea) - 1}`, t('xlsx.results'));
  const results: [string, string, string, number | string, string][] = [
    [FILL.cablesArea, t('xlsx.cablesArea'), `SUM(E${FILL.firstRow}:E${FILL.lastRow})`, fill.cablesArea, '0.00'],
    [FILL.trayArea, t('xlsx.trayArea'), `${FILL.width}*${FILL.height}`, fill.trayArea, '0'],
    [FILL.usableArea, t('xlsx.usableArea'), `${FILL.trayArea}*(1-${FILL.reserve})`, fill.usableArea, '0.00'],
    [FILL.fill, t('xlsx.fill'), `IF(${FILL.usableArea}>0,${FILL.cablesArea}/${FILL.usableArea},0)`, fill.fill, '0.0%'],
    [
      FILL.result,
      t('xlsx.result'),
      `IF(${FILL.cablesArea}<=${FILL.usableArea},"${t('xlsx.pass')}","${t('xlsx.fail')}")`,
      fill.passes ? t('xlsx.pass') : t('xlsx.fail'),
      '',
    ],
  ];
  const fitsCol = `${D}!$I$${DATA.firstTrayRow}:$I$${DATA.lastTrayRow}`;
  const first = `MATCH(1,${fitsCol},0)`;
  results.push([
    FILL.recommended,
    t('xlsx.recommended'),
    `IFERROR(INDEX(${D}!$E$${DATA.firstTrayRow}:$E$${DATA.lastTrayRow},${first})&" × "&INDEX(${D}!$F$${DATA.firstTrayRow}:$F$${DATA.lastTrayRow},${first}),"${t('xlsx.none')}")`,
    fill.recommended ? `${fill.recommended.width} × ${fill.recommended.height}` : t('xlsx.none'),
    '',
  ]);
  for (const [address, label, formula, value, fmt] of results) {
    wsF.getCell(`A${row(address)}`).value = label;
    wsF.getCell(`A${row(address)}`).font = { bold: true };
    result(wsF.getCell(address), formula, value, fmt || undefined);
  }
  wsF.getCell(FILL.result).font = { bold: true };

  // --- 3. Cable separation
  title(wsS, t('xlsx.title'));
  wsS.getColumn(1).width = 40;
  for (const c of [2, 3, 4, 5]) wsS.getColumn(c).width = 20;
  section(wsS, 'A3', t('xlsx.inputs'));
  const barrierName = (b: Barrier) => t(`sep.barrier.${b}`);
  wsS.getCell(`A${row(SEP.cls)}`).value = t('xlsx.sClass');
  wsS.getCell(`A${row(SEP.barrier)}`).value = t('xlsx.sBarrier');
  wsS.getCell(`A${row(SEP.circuits)}`).value = t('xlsx.sCircuits');
  input(wsS.getCell(SEP.cls), ex.separation.cls);
  input(wsS.getCell(SEP.barrier), barrierName(ex.separation.barrier));
  input(wsS.getCell(SEP.circuits), ex.separation.circuits, '0');
  const sHead = `$B$${SEP.sHeaderRow}:$E$${SEP.sHeaderRow}`;
  const sClasses = `$A$${SEP.sFirstRow}:$A$${SEP.sFirstRow + 3}`;
  const sBody = `$B$${SEP.sFirstRow}:$E$${SEP.sFirstRow + 3}`;
  const pBody = `$A$${SEP.pFirstRow}:$C$${SEP.pFirstRow + P_TABLE.length - 1}`;
  wsS.getCell(SEP.cls).dataValidation = { type: 'list', allowBlank: false, formulae: [`"${SEGREGATION_CLASSES.join(',')}"`] };
  wsS.getCell(SEP.barrier).dataValidation = { type: 'list', allowBlank: false, formulae: [sHead] };
  wsS.getCell(SEP.circuits).dataValidation = {
    type: 'whole',
    operator: 'greaterThanOrEqual',
    allowBlank: false,
    formulae: [1],
    showErrorMessage: true,
    error: t('v.circuits'),
  };
  section(wsS, 'A8', t('xlsx.results'));
  const sepResults: [string, string, string, number, string][] = [
    [SEP.s, t('xlsx.sS'), `IFERROR(INDEX(${sBody},MATCH(${SEP.cls},${sClasses},0),MATCH(${SEP.barrier},${sHead},0)),"")`, sep.s, '0'],
    [SEP.p, t('xlsx.sP'), `IFERROR(VLOOKUP(${SEP.circuits},${pBody},3,TRUE),"")`, sep.p, '0.0'],
    [SEP.a, t('xlsx.sA'), `IFERROR(ROUND(${SEP.s}*${SEP.p},2),"")`, sep.a, '0.##'],
  ];
  for (const [address, label, formula, value, fmt] of sepResults) {
    wsS.getCell(`A${row(address)}`).value = label;
    wsS.getCell(`A${row(address)}`).font = { bold: true };
    result(wsS.getCell(address), formula, value, fmt);
  }
  wsS.getCell(SEP.a).font = { bold: true };
  section(wsS, `A${SEP.sHeaderRow - 1}`, t('xlsx.sTable'));
  const sh = wsS.getRow(SEP.sHeaderRow);
  sh.values = [t('xlsx.sClassCol'), ...BARRIERS.map(barrierName)];
  head(sh);
  SEGREGATION_CLASSES.forEach((cls, i) => {
    const r = wsS.getRow(SEP.sFirstRow + i);
    r.values = [cls, ...BARRIERS.map((b) => S_TABLE[cls][b])];
    r.eachCell((c) => {
      c.border = BORDER;
    });
  });
  section(wsS, `A${SEP.pHeaderRow - 1}`, t('xlsx.pTable'));
  const ph = wsS.getRow(SEP.pHeaderRow);
  ph.values = [t('xlsx.pFrom'), t('xlsx.pTo'), t('xlsx.pP')];
  head(ph);
  P_TABLE.forEach((p, i) => {
    const r = wsS.getRow(SEP.pFirstRow + i);
    r.values = [p.from, p.to ?? t('xlsx.more'), p.p];
    r.eachCell((c) => {
      c.border = BORDER;
    });
  });

  return Buffer.from(await wb.xlsx.writeBuffer());
}

function col(address: string): string {
  return address.replace(/\d+/g, '');
}

function row(address: string): number {
  return Number(address.replace(/\D+/g, ''));
}

/** The results the example in the workbook shows (for tests and docs). */
export function workbookExampleResults() {
  return workbookResults(WORKBOOK_EXAMPLE);
}
