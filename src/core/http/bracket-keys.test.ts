import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertCleanInput, FormInputError, keyPath, nestFormBody, nestFormEntries } from './bracket-keys';

describe('bracket keys of multipart bodies (SPEC section 7)', () => {
  it('splits keys into their path', () => {
    expect(keyPath('a')).toEqual(['a']);
    expect(keyPath('a[0][b]')).toEqual(['a', '0', 'b']);
    expect(keyPath('a[0]x')).toEqual(['a[0]x']);
    expect(keyPath('[0]')).toEqual(['[0]']);
  });

  it('nests arrays and objects, in index order, dropping holes', () => {
    expect(
      nestFormBody({
        name: 'X',
        'delivery_addresses[2][town]': 'Kalisz',
        'delivery_addresses[0][town]': 'Leszno',
        'delivery_addresses[0][name]': 'A',
        'invoice_address[town]': 'Poznań',
        'role_ids[1]': '3',
        'role_ids[0]': '2',
      }),
    ).toEqual({
      name: 'X',
      delivery_addresses: [{ town: 'Leszno', name: 'A' }, { town: 'Kalisz' }],
      invoice_address: { town: 'Poznań' },
      role_ids: ['2', '3'],
    });
  });

  it('passes nested JSON bodies through, checked', () => {
    const body = { a: [{ b: 1 }] };
    expect(nestFormBody(body)).toBe(body);
    expect(nestFormBody(null)).toEqual({});
    expect(() => nestFormBody({ a: { constructor: { prototype: { x: 1 } } } })).toThrow(FormInputError);
  });

  it('refuses prototype segments and keys (422) and never touches Object.prototype', () => {
    const cases: [string, string][] = [
      ['__proto__[pageHandler]', '__proto__.pageHandler'],
      ['x[constructor][prototype][y]', 'x.constructor.prototype.y'],
      ['a[0][__proto__]', 'a.0.__proto__'],
      ['prototype', 'prototype'],
      ['constructor', 'constructor'],
    ];
    for (const [key, field] of cases) {
      let error: unknown;
      try {
        nestFormEntries([
          ['ok', '1'],
          [key, '1'],
        ]);
      } catch (e) {
        error = e;
      }
      expect(error, key).toBeInstanceOf(FormInputError);
      expect((error as FormInputError).problem).toBe('unsafeKey');
      expect((error as FormInputError).field).toBe(field);
    }
    // Also through nestFormBody (flat bodies of the form parsers, where __proto__ can be an own key).
    const flat = Object.create(null) as Record<string, unknown>;
    Object.defineProperty(flat, '__proto__', { value: '1', enumerable: true });
    expect(() => nestFormBody(flat)).toThrow(FormInputError);
    expect(() => nestFormBody({ 'a[b]': '1', 'c[prototype]': '1' })).toThrow(FormInputError);
    expect(({} as Record<string, unknown>).pageHandler).toBeUndefined();
  });

  it('builds nested data on null-prototype objects, which Zod parses', () => {
    const out = nestFormEntries([
      ['a[b][c]', '1'],
      ['toString', 'x'],
    ]);
    expect(Object.getPrototypeOf(out)).toBeNull();
    expect(Object.getPrototypeOf(out.a)).toBeNull();
    const schema = z.object({ a: z.object({ b: z.object({ c: z.string() }) }), toString: z.string() });
    expect(schema.parse(out)).toEqual({ a: { b: { c: '1' } }, toString: 'x' });
  });

  it('keeps files as leaves, appends ids[] and makes lists of repeated keys', () => {
    const file = new (class Upload {
      constructor(public name = 'x.pdf') {}
    })();
    const out = nestFormEntries([
      ['doc[0][file]', file],
      ['ids[]', '1'],
      ['ids[]', '2'],
      ['tag', 'a'],
      ['tag', 'b'],
    ]);
    expect(out).toEqual({ doc: [{ file }], ids: ['1', '2'], tag: ['a', 'b'] });
    expect((out.doc as { file: unknown }[])[0]?.file).toBe(file);
  });

  it('refuses a NUL character in a key or a text value, at any depth', () => {
    const nul = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof FormInputError && e.problem === 'nul' ? e.field : `other: ${String(e)}`;
      }
      return 'no error';
    };
    expect(nul(() => nestFormEntries([['email', 'a\u0000@example.com']]))).toBe('email');
    expect(nul(() => nestFormEntries([['a[0][b\u0000]', 'x']]))).toBe('a.0.b');
    expect(nul(() => nestFormBody({ list: [{ name: 'ok' }, { name: 'x\u0000' }] }))).toBe('list.1.name');
    expect(nul(() => assertCleanInput({ q: 'kabel\u0000' }))).toBe('q');
    expect(() => assertCleanInput({ q: 'kabel', file: Buffer.from([0, 0, 0]) })).not.toThrow();
  });
});
