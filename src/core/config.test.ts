import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.server';

describe('configuration', () => {
  it('stops with a sentence naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: '/tmp/cfg-test' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: '/tmp/cfg-test' })).toThrow(/Environment variable PORT is invalid/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: '/tmp/cfg-test' })).toThrow(/DATABASE_URL/);
  });

  it('TRUST_PROXY: nobody by default; a hop count or a list of addresses and ranges; never "everybody"', () => {
    const env = { SESSION_SECRET: 'y'.repeat(40), DATA_DIR: '/tmp/cfg-test' };
    expect(loadConfig(env).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,fd00::/8 ,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', '10.0.0', 'proxy.example.com', '11']) {
      expect(() => loadConfig({ ...env, TRUST_PROXY: bad }), bad).toThrow(/Environment variable TRUST_PROXY is invalid/);
    }
  });

  it('defaults to port 3000 and the ./data folder', () => {
    const c = loadConfig({ SESSION_SECRET: 'y'.repeat(40) });
    expect(c.PORT).toBe(3000);
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('APP_URL follows PORT when only PORT is set (mail links, canonical URLs, mail sender host)', () => {
    const c = loadConfig({ SESSION_SECRET: 'y'.repeat(40), PORT: '3456' });
    expect(c.APP_URL).toBe('http://localhost:3456');
    expect(c.mailFrom).toBe('COBI NET <no-reply@localhost>');
    expect(loadConfig({ SESSION_SECRET: 'y'.repeat(40) }).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ SESSION_SECRET: 'y'.repeat(40), PORT: '3456', APP_URL: 'https://cobinet.pl' }).APP_URL).toBe('https://cobinet.pl');
  });

  it('B2B_SHOP_URL: the external B2B shop, https://b2b.cobinet.pl unless set; only an http(s) address', () => {
    const env = { SESSION_SECRET: 'y'.repeat(40), DATA_DIR: '/tmp/cfg-test' };
    expect(loadConfig(env).B2B_SHOP_URL).toBe('https://b2b.cobinet.pl');
    expect(loadConfig({ ...env, B2B_SHOP_URL: 'https://sklep.example.com/b2b' }).B2B_SHOP_URL).toBe('https://sklep.example.com/b2b');
    for (const bad of ['b2b.cobinet.pl', 'javascript:alert(1)', 'ftp://b2b.cobinet.pl']) {
      expect(() => loadConfig({ ...env, B2B_SHOP_URL: bad }), bad).toThrow(/Environment variable B2B_SHOP_URL is invalid/);
    }
  });

  it('Przelewy24: the four settings together or none', () => {
    const env = { SESSION_SECRET: 'y'.repeat(40), DATA_DIR: '/tmp/cfg-test' };
    expect(loadConfig(env).P24_MERCHANT_ID).toBeUndefined();
    const all = { ...env, P24_MERCHANT_ID: '11', P24_POS_ID: '12', P24_CRC: 'c', P24_API_KEY: 'k' };
    expect(loadConfig(all)).toMatchObject({ P24_MERCHANT_ID: 11, P24_POS_ID: 12, P24_URL: 'https://secure.przelewy24.pl' });
    expect(() => loadConfig({ ...all, P24_API_KEY: '' })).toThrow(/P24_MERCHANT_ID, P24_POS_ID, P24_CRC and P24_API_KEY must be set together/);
    expect(() => loadConfig({ ...all, P24_MERCHANT_ID: 'abc' })).toThrow(/P24_MERCHANT_ID/);
  });
});
