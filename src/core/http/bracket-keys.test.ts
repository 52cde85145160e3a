import { describe, expect, it } from 'vitest';
import { keyPath, nestFormBody } from './bracket-keys';

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

  it('passes nested JSON bodies through and ignores prototype keys', () => {
    const body = { a: [{ b: 1 }] };
    expect(nestFormBody(body)).toBe(body);
    expect(nestFormBody(null)).toEqual({});
    const out = nestFormBody({ '__proto__[polluted]': '1', 'x[constructor][y]': '1', 'ok[a]': '1' });
    expect(out).toEqual({ ok: { a: '1' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
