import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './password.server';
import { isValidNip, registerSchema } from './validation';

describe('common passwords', () => {
  it('refuses listed passwords in any case, also with a predictable suffix', () => {
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('QwertyUIOP')).toBe(true);
    expect(isCommonPassword('password1234')).toBe(true);
    expect(isCommonPassword('Password123!')).toBe(true);
    expect(isCommonPassword('1q2w3e4r5t')).toBe(true);
  });

  it('accepts an uncommon password', () => {
    expect(isCommonPassword('Kabel-Miedz-Cat6A-x')).toBe(false);
    expect(isCommonPassword('zielony-swiatlowod-42x')).toBe(false);
  });

  it('ships a list of several thousand entries', async () => {
    const { default: list } = await import('./common-passwords.txt?raw');
    const entries = list.split('\n').filter((l: string) => l && !l.startsWith('#'));
    expect(entries.length).toBeGreaterThan(10000);
  });
});

describe('registration rules', () => {
  const valid = {
    first_name: 'Anna',
    surname: 'Nowak',
    email: 'anna@example.com',
    password: 'Kabel-Miedz-Cat6A-x',
    password_confirmation: 'Kabel-Miedz-Cat6A-x',
    default_locale: 'pl',
    accepted_terms: '1',
    accepted_privacy: 'on',
    accepted_rodo: true,
  };

  it('accepts a minimal registration and normalises values', () => {
    const r = registerSchema('pl', { isCommonPassword }).safeParse({ ...valid, email: '  Anna@Example.COM ', first_name: ' Anna ' });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ email: 'anna@example.com', first_name: 'Anna', is_b2b_request: false, accepted_marketing: false, company: '' });
  });

  it('refuses the e-mail (or its name part) as the password', () => {
    const r = registerSchema('en').safeParse({ ...valid, password: 'Anna@example.com', password_confirmation: 'Anna@example.com' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', 'The password must not be your e-mail address.']]);
  });

  it('the browser schema (no list) lets a common password through; the server one refuses it', () => {
    const input = { ...valid, password: 'qwertyuiop', password_confirmation: 'qwertyuiop' };
    expect(registerSchema('pl').safeParse(input).success).toBe(true);
    expect(registerSchema('pl', { isCommonPassword }).safeParse(input).success).toBe(false);
  });

  it('checks the NIP check digit', () => {
    expect(isValidNip('779-10-11-327')).toBe(true);
    expect(isValidNip('PL7791011327')).toBe(true);
    expect(isValidNip('7791011328')).toBe(false);
    expect(isValidNip('123')).toBe(false);
  });
});
