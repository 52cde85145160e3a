// The server's reading of SPEC section 7 multipart bodies: nested arrays and objects arrive as
// bracket keys (`delivery_addresses[0][town]`); this turns them back into the nested value that the
// shared Zod schemas parse. JSON bodies (already nested) pass through unchanged.

type Nested = Record<string, unknown> | unknown[];

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

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
const isIndex = (s: string) => /^\d{1,4}$/.test(s);

/**
 * Nests a flat body of bracket keys: `{ 'a[0][b]': '1', 'a[1][b]': '2', x: 'y' }` gives
 * `{ a: [{ b: '1' }, { b: '2' }], x: 'y' }`. Numeric segments make arrays (holes are dropped, so
 * indexes 0, 2 give a two-item array in index order). Keys such as `__proto__` are ignored.
 */
export function nestFormBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const flat = body as Record<string, unknown>;
  if (!Object.keys(flat).some((k) => k.includes('['))) return flat;
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const path = keyPath(key);
    if (path.some((p) => UNSAFE_KEYS.has(p))) continue;
    let node: Record<string, unknown> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const seg = path[i] as string;
      const nextIsIndex = isIndex(path[i + 1] as string);
      let child = node[seg];
      if (!child || typeof child !== 'object') {
        // Arrays are collected as index-keyed objects first and compacted below.
        child = nextIsIndex ? { [ARRAY]: true } : {};
        node[seg] = child;
      }
      node = child as Record<string, unknown>;
    }
    node[path[path.length - 1] as string] = value;
  }
  return compact(root) as Record<string, unknown>;
}

const ARRAY = Symbol('array');

function compact(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const obj = value as Record<string | symbol, unknown>;
  if (obj[ARRAY]) {
    return Object.keys(obj)
      .filter(isIndex)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => compact(obj[k]));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = compact(v);
  return out as Nested;
}
