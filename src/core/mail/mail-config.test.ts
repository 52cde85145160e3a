import { describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';

const base = { SESSION_SECRET: 'z'.repeat(40), DATA_DIR: '/tmp/mail-config-test' };

describe('MAIL_FROM', () => {
  it('defaults to no-reply at the host of APP_URL', () => {
    expect(loadConfig({ ...base, APP_URL: 'https://sklep.example.pl' }).mailFrom).toBe('COBI NET <no-reply@sklep.example.pl>');
    expect(loadConfig(base).mailFrom).toBe('COBI NET <no-reply@localhost>');
  });

  it('takes a bare or a named address', () => {
    expect(loadConfig({ ...base, MAIL_FROM: 'shop@example.com' }).mailFrom).toBe('shop@example.com');
    expect(loadConfig({ ...base, MAIL_FROM: 'Sklep COBI <shop@example.com>' }).mailFrom).toBe('Sklep COBI <shop@example.com>');
  });

  it('stops the start on something that is not an address', () => {
    expect(() => loadConfig({ ...base, MAIL_FROM: 'COBI NET' })).toThrow(/MAIL_FROM is invalid/);
    expect(() => loadConfig({ ...base, MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM/);
  });
});
