// The server's one reading of SPEC section 7 form bodies: nested arrays and objects arrive as
// bracket keys (`delivery_addresses[0][town]`); this turns them back into the nested value that the
// shared Zod schemas parse. JSON bodies (already nested) pass through, checked.
//
// Input that could reach an object's prototype or the database badly is refused here (the error
// handler answers 422): a key segment `__proto__`, `constructor` or `prototype`, and a NUL
// character in a key or a text value (PostgreSQL rejects it). Nested data is built on
// null-prototype objects, which Zod parses as any other object.
import { MAX_JSON_DEPTH } from './json-depth';

export type FormInputProblem = 'unsafeKey' | 'nul' | 'tooDeep';

/** Refused input; core/server/app.server.ts answers it with 422 `{ message, errors: { [field]: [...] } }`. */
export class FormInputError extends Error {
  constructor(
    /** The field as a dotted path (`a.0.b`), as in the 422 contract. */
    public readonly field: string,
    public readonly problem: FormInputProblem,
  ) {
    super(problem === 'nul' ? `NUL character in field ${field}` : problem === 'tooDeep' ? 'Input nested too deeply' : `Field name not allowed: ${field}`);
  }
}

/** Input nested deeper than this is refused (400) before any recursive walk could overflow the stack. */
const MAX_DEPTH = MAX_JSON_DEPTH;

const SEGMENT = /\[([^\][]*)\]/g;

/** `a[0][b]` -> ['a', '0', 'b']; a key without brackets is one segment. */
export function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const rest = key.slice(open);
  const parts: string[] = [];
  let consumed = 0;
  for (const m of rest.matchAll(SEGMENT)) {
    if (m.index !== consumed) return [key];
    parts.push(m[1] ?? '');
    consumed += m[0].length;
  }
  if (consumed !== rest.length) return [key];
  return [key.slice(0, open), ...parts];
}

export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

const isIndex = (s: string) => /^\d{1,4}$/.test(s);
const fieldOf = (path: readonly string[]) => path.join('.');

/** Throws FormInputError for a key with a prototype segment or a NUL character. */
function checkKey(key: string, at: readonly string[] = []): string[] {
  const path = keyPath(key);
  const full = [...at, ...path];
  if (key.includes('\u0000')) throw new FormInputError(fieldOf(full).replaceAll('\u0000', ''), 'nul');
  if (path.some((p) => UNSAFE_KEYS.has(p))) throw new FormInputError(fieldOf(full), 'unsafeKey');
  return path;
}

/** Nodes this parser made (null-prototype objects); anything else (files, buffers) is a leaf. */
type Node = Record<string, unknown>;
const newNode = (): Node => Object.create(null) as Node;
const isNode = (v: unknown, nodes: WeakSet<object>): v is Node => typeof v === 'object' && v !== null && nodes.has(v);

/**
 * Checks any input (JSON, query, params, a parsed form) in place: every key and text value at any
 * depth. Throws FormInputError on the first problem. Files and buffers are not looked into.
 */
export function assertCleanInput(value: unknown, at: readonly string[] = []): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new FormInputError(fieldOf(at) || '_', 'nul');
    return;
  }
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) return;
  if (at.length >= MAX_DEPTH) throw new FormInputError(fieldOf(at), 'tooDeep');
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) assertCleanInput(v, [...at, String(i)]);
    return;
  }
  // Plain objects only (also null-prototype ones, such as the query parser's); files and other
  // class instances are leaves.
  const proto = Object.getPrototypeOf(value);
  if (proto !== null && proto !== Object.prototype && Object.getPrototypeOf(proto) !== null) return;
  for (const [k, v] of Object.entries(value)) {
    checkKey(k, at);
    assertCleanInput(v, [...at, k]);
  }
}

/**
 * Nests form entries in their order: `[['a[0][b]', '1'], ['a[1][b]', '2'], ['x', 'y']]` gives
 * `{ a: [{ b: '1' }, { b: '2' }], x: 'y' }`. An object whose keys are all indexes becomes an array
 * (in index order, holes dropped); `ids[]` appends; a key given twice becomes a list. Values that
 * are not text (uploaded files) are kept as they are. Refuses prototype segments and NUL (FormInputError).
 */
export function nestFormEntries(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const nodes = new WeakSet<object>();
  const make = () => {
    const n = newNode();
    nodes.add(n);
    return n;
  };
  const root = make();
  for (const [key, value] of entries) {
    const path = checkKey(key);
    assertCleanInput(value, path);
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      const seg = path[i] as string;
      const next = node[seg];
      if (!isNode(next, nodes)) node[seg] = make();
      node = node[seg] as Node;
    }
    const last = path[path.length - 1] as string;
    if (last === '' && path.length > 1) {
      // `ids[]`: append.
      node[String(Object.keys(node).length)] = value;
    } else if (last in node && !isNode(node[last], nodes)) {
      const prev = node[last];
      node[last] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    } else node[last] = value;
  }
  const toArrays = (value: unknown): unknown => {
    if (!isNode(value, nodes)) return value;
    const keys = Object.keys(value);
    for (const k of keys) value[k] = toArrays(value[k]);
    if (keys.length > 0 && keys.every(isIndex)) {
      return keys
        .map(Number)
        .sort((a, b) => a - b)
        .map((k) => value[String(k)]);
    }
    return value;
  };
  return toArrays(root) as Record<string, unknown>;
}

/**
 * A request body as nested data. A flat form body (multipart or urlencoded, values possibly lists
 * of a repeated key) is nested by its bracket keys; a JSON body without bracket keys is checked and
 * returned as it is. Anything else is an empty object.
 */
export function nestFormBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || ArrayBuffer.isView(body)) return {};
  const flat = body as Record<string, unknown>;
  const keys = Object.keys(flat);
  if (!keys.some((k) => k.includes('['))) {
    assertCleanInput(flat);
    return flat;
  }
  const entries: [string, unknown][] = [];
  for (const k of keys) {
    const v = flat[k];
    // A repeated key (a list from the form parser) stays a list; `k[]` keys append each item.
    if (Array.isArray(v) && k.endsWith('[]')) for (const item of v) entries.push([k, item]);
    else entries.push([k, v]);
  }
  return nestFormEntries(entries);
}
