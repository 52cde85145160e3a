// A small spreadsheet-formula evaluator for the workbook tests: exceljs reads and writes formulas but
// does not compute them, so the tests recompute the workbook's formulas here after changing inputs,
// as Excel or LibreOffice would. It knows exactly what the workbook uses: numbers, strings, cell
// and range references (also to other sheets, quoted names), + - * / ^ &, comparisons, and the
// functions SUM, PI, IF, IFERROR, ISNUMBER, ROUND, VLOOKUP (exact and approximate), INDEX, MATCH.
import type ExcelJS from 'exceljs';

export class FormulaError {
  constructor(public code: string) {}
}

type Scalar = number | string | boolean | null | FormulaError;
type Value = Scalar | Scalar[][];

type Node =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'bool'; v: boolean }
  | { k: 'ref'; sheet: string | null; from: string; to: string | null }
  | { k: 'call'; name: string; args: Node[] }
  | { k: 'bin'; op: string; a: Node; b: Node }
  | { k: 'neg'; a: Node };

function tokenize(src: string): string[] {
  const re =
    /\s*('(?:[^']|'')+'![$A-Z0-9:]+|[A-Za-z_][A-Za-z0-9_.]*![$A-Z0-9:]+|\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?|\d+(?:\.\d+)?|"(?:[^"]|"")*"|<=|>=|<>|[A-Za-z_][A-Za-z0-9_.]*|[-+*/^&=<>(),])/y;
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(src);
    if (!m) throw new Error(`cannot read formula at ${i}: ${src}`);
    out.push(m[1]);
    i = re.lastIndex;
  }
  return out;
}

const PREC: Record<string, number> = { '=': 1, '<>': 1, '<': 1, '>': 1, '<=': 1, '>=': 1, '&': 2, '+': 3, '-': 3, '*': 4, '/': 4, '^': 5 };

function parse(src: string): Node {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const next = () => toks[p++];
  function primary(): Node {
    const t = next();
    if (t === undefined) throw new Error(`unexpected end: ${src}`);
    if (t === '(') {
      const e = expr(0);
      if (next() !== ')') throw new Error(`missing ) in ${src}`);
      return e;
    }
    if (t === '-') return { k: 'neg', a: primary() };
    if (t === '+') return primary();
    if (/^\d/.test(t)) return { k: 'num', v: Number(t) };
    if (t.startsWith('"')) return { k: 'str', v: t.slice(1, -1).replace(/""/g, '"') };
    const sheetRef = /^(?:'((?:[^']|'')+)'|([A-Za-z_][A-Za-z0-9_.]*))!(\$?[A-Z]{1,3}\$?\d+)(?::(\$?[A-Z]{1,3}\$?\d+))?$/.exec(t);
    if (sheetRef) return { k: 'ref', sheet: (sheetRef[1] ?? sheetRef[2]).replace(/''/g, "'"), from: sheetRef[3], to: sheetRef[4] ?? null };
    const ref = /^(\$?[A-Z]{1,3}\$?\d+)(?::(\$?[A-Z]{1,3}\$?\d+))?$/.exec(t);
    if (ref) return { k: 'ref', sheet: null, from: ref[1], to: ref[2] ?? null };
    if (/^[A-Za-z_]/.test(t)) {
      const name = t.toUpperCase();
      if (peek() === '(') {
        next();
        const args: Node[] = [];
        if (peek() === ')') next();
        else {
          for (;;) {
            args.push(expr(0));
            const s = next();
            if (s === ')') break;
            if (s !== ',') throw new Error(`expected , in ${src}`);
          }
        }
        return { k: 'call', name, args };
      }
      if (name === 'TRUE' || name === 'FALSE') return { k: 'bool', v: name === 'TRUE' };
    }
    throw new Error(`unexpected ${t} in ${src}`);
  }
  function expr(min: number): Node {
    let left = primary();
    for (;;) {
      const op = peek();
      const prec = op === undefined ? undefined : PREC[op];
      if (prec === undefined || prec < min) return left;
      next();
      const right = expr(op === '^' ? prec : prec + 1);
      left = { k: 'bin', op: op as string, a: left, b: right };
    }
  }
  const tree = expr(0);
  if (p !== toks.length) throw new Error(`trailing tokens in ${src}`);
  return tree;
}

function colNum(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function cellPos(address: string): { row: number; col: number } {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(address);
  if (!m) throw new Error(`bad address ${address}`);
  return { col: colNum(m[1]), row: Number(m[2]) };
}

/** Computes formula cells of a workbook read by exceljs, from the current inputs. */
export class Evaluator {
  private cache = new Map<string, Scalar>();
  constructor(private wb: ExcelJS.Workbook) {}

  /** Sets an input (and forgets every computed value). */
  set(sheet: string, address: string, value: number | string | null) {
    this.ws(sheet).getCell(address).value = value;
    this.cache.clear();
  }

  value(sheet: string, address: string): Scalar {
    const key = `${sheet}!${address}`;
    if (this.cache.has(key)) return this.cache.get(key) as Scalar;
    const cell = this.ws(sheet).getCell(address);
    const v = cell.value as unknown;
    let out: Scalar;
    if (v && typeof v === 'object' && 'formula' in (v as object)) out = this.scalar(this.evaluate(parse((v as { formula: string }).formula), sheet));
    else if (v === undefined || v === null) out = null;
    else if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out = v;
    else throw new Error(`unsupported cell value at ${key}`);
    this.cache.set(key, out);
    return out;
  }

  private ws(name: string): ExcelJS.Worksheet {
    const ws = this.wb.getWorksheet(name);
    if (!ws) throw new Error(`no sheet ${name}`);
    return ws;
  }

  private scalar(v: Value): Scalar {
    return Array.isArray(v) ? v[0][0] : v;
  }

  private num(v: Value): number {
    const s = this.scalar(v);
    if (s instanceof FormulaError) throw s;
    if (s === null || s === '') return 0;
    if (typeof s === 'boolean') return s ? 1 : 0;
    if (typeof s === 'number') return s;
    const n = Number(s);
    if (Number.isNaN(n)) throw new FormulaError('#VALUE!');
    return n;
  }

  private text(v: Value): string {
    const s = this.scalar(v);
    if (s instanceof FormulaError) throw s;
    return s === null ? '' : String(s);
  }

  private evaluate(n: Node, sheet: string): Value {
    switch (n.k) {
      case 'num':
      case 'str':
      case 'bool':
        return n.v;
      case 'neg':
        return -this.num(this.evaluate(n.a, sheet));
      case 'ref': {
        const s = n.sheet ?? sheet;
        if (!n.to) return this.value(s, n.from.replace(/\$/g, ''));
        const a = cellPos(n.from);
        const b = cellPos(n.to);
        const rows: Scalar[][] = [];
        for (let r = a.row; r <= b.row; r++) {
          const line: Scalar[] = [];
          for (let c = a.col; c <= b.col; c++) line.push(this.value(s, this.ws(s).getCell(r, c).address));
          rows.push(line);
        }
        return rows;
      }
      case 'bin': {
        const a = this.evaluate(n.a, sheet);
        const b = this.evaluate(n.b, sheet);
        switch (n.op) {
          case '+':
            return this.num(a) + this.num(b);
          case '-':
            return this.num(a) - this.num(b);
          case '*':
            return this.num(a) * this.num(b);
          case '/': {
            const d = this.num(b);
            if (d === 0) throw new FormulaError('#DIV/0!');
            return this.num(a) / d;
          }
          case '^':
            return this.num(a) ** this.num(b);
          case '&':
            return this.text(a) + this.text(b);
          default:
            return this.compare(n.op, this.scalar(a), this.scalar(b));
        }
      }
      case 'call':
        return this.call(n.name, n.args, sheet);
    }
  }

  private compare(op: string, a: Scalar, b: Scalar): boolean {
    if (a instanceof FormulaError) throw a;
    if (b instanceof FormulaError) throw b;
    const x = a ?? (typeof b === 'string' ? '' : 0);
    const y = b ?? (typeof a === 'string' ? '' : 0);
    const c = typeof x === 'string' && typeof y === 'string' ? x.toLowerCase().localeCompare(y.toLowerCase()) : Number(x) - Number(y);
    return op === '=' ? c === 0 : op === '<>' ? c !== 0 : op === '<' ? c < 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : c >= 0;
  }

  private call(name: string, args: Node[], sheet: string): Value {
    const ev = (i: number) => this.evaluate(args[i], sheet);
    switch (name) {
      case 'PI':
        return Math.PI;
      case 'SUM': {
        let s = 0;
        for (let i = 0; i < args.length; i++) {
          const v = ev(i);
          for (const x of Array.isArray(v) ? v.flat() : [v]) {
            if (x instanceof FormulaError) throw x;
            if (typeof x === 'number') s += x;
          }
        }
        return s;
      }
      case 'IF': {
        const c = this.scalar(ev(0));
        if (c instanceof FormulaError) throw c;
        const truthy = typeof c === 'string' ? c !== '' : Boolean(c);
        return truthy ? ev(1) : args.length > 2 ? ev(2) : false;
      }
      case 'IFERROR':
        try {
          const v = this.scalar(ev(0));
          if (v instanceof FormulaError) return ev(1);
          return v;
        } catch (e) {
          if (e instanceof FormulaError) return ev(1);
          throw e;
        }
      case 'ISNUMBER':
        return typeof this.scalar(ev(0)) === 'number';
      case 'ROUND': {
        const f = 10 ** this.num(ev(1));
        return Math.round(this.num(ev(0)) * f) / f;
      }
      case 'VLOOKUP': {
        const key = this.scalar(ev(0));
        const table = ev(1) as Scalar[][];
        const col = this.num(ev(2));
        const approximate = args.length < 4 || Boolean(this.scalar(ev(3)));
        if (key instanceof FormulaError) throw key;
        if (!approximate) {
          const hit = table.find((r) => r[0] !== null && this.compare('=', r[0], key));
          if (!hit) throw new FormulaError('#N/A');
          return hit[col - 1];
        }
        let found: Scalar[] | undefined;
        for (const r of table) {
          if (typeof r[0] !== 'number') continue;
          if (r[0] <= this.num(key)) found = r;
          else break;
        }
        if (!found) throw new FormulaError('#N/A');
        return found[col - 1];
      }
      case 'MATCH': {
        const key = this.scalar(ev(0));
        const range = (ev(1) as Scalar[][]).flat();
        if (this.num(ev(2)) !== 0) throw new Error('MATCH: only exact matching is used');
        const i = range.findIndex((x) => x !== null && !(x instanceof FormulaError) && this.compare('=', x, key));
        if (i < 0) throw new FormulaError('#N/A');
        return i + 1;
      }
      case 'INDEX': {
        const range = ev(0) as Scalar[][];
        const r = this.num(ev(1));
        if (args.length > 2) return range[r - 1]?.[this.num(ev(2)) - 1] ?? new FormulaError('#REF!');
        // one index into a single column or a single row
        const flat = range.length === 1 ? range[0] : range.map((x) => x[0]);
        const v = flat[r - 1];
        if (v === undefined) throw new FormulaError('#REF!');
        return v;
      }
      default:
        throw new Error(`function ${name} is not known to the test evaluator`);
    }
  }
}
