// The Przelewy24 signs: SHA-384 (hex) of the documented JSON objects, fields in the documented
// order, written without spaces (as PHP's json_encode with JSON_UNESCAPED_UNICODE|SLASHES does).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { notificationIsAuthentic, notificationSign, p24FromConfig, registerSign, verifySign } from './p24.server';

const sha384 = (s: string) => createHash('sha384').update(s).digest('hex');
const CFG = { merchantId: 11, posId: 12, crc: 'abc/ś', apiKey: 'k', url: 'https://sandbox.przelewy24.pl' };

describe('Przelewy24 signs', () => {
  it('register: {sessionId, merchantId, amount, currency, crc}', () => {
    expect(registerSign({ sessionId: 's/1', merchantId: 11, amount: 1218, currency: 'PLN', crc: 'abc/ś' })).toBe(
      sha384('{"sessionId":"s/1","merchantId":11,"amount":1218,"currency":"PLN","crc":"abc/ś"}'),
    );
  });

  it('verify: {sessionId, orderId, amount, currency, crc}', () => {
    expect(verifySign({ sessionId: 's1', orderId: 300000001, amount: 1218, currency: 'PLN', crc: 'c' })).toBe(
      sha384('{"sessionId":"s1","orderId":300000001,"amount":1218,"currency":"PLN","crc":"c"}'),
    );
  });

  it('notification: {merchantId, posId, sessionId, amount, originAmount, currency, orderId, methodId, statement, crc}; checked against the merchant', () => {
    const n = { merchantId: 11, posId: 12, sessionId: 's1', amount: 1218, originAmount: 1218, currency: 'PLN', orderId: 7, methodId: 25, statement: 'p24-7' };
    const sign = sha384(
      '{"merchantId":11,"posId":12,"sessionId":"s1","amount":1218,"originAmount":1218,"currency":"PLN","orderId":7,"methodId":25,"statement":"p24-7","crc":"abc/ś"}',
    );
    expect(notificationSign(n, CFG.crc)).toBe(sign);
    expect(notificationIsAuthentic({ ...n, sign }, CFG)).toBe(true);
    expect(notificationIsAuthentic({ ...n, sign: sign.toUpperCase() }, CFG)).toBe(true);
    expect(notificationIsAuthentic({ ...n, amount: 1, sign }, CFG)).toBe(false);
    expect(notificationIsAuthentic({ ...n, sign }, { ...CFG, merchantId: 99 })).toBe(false);
    expect(notificationIsAuthentic({ ...n, sign: 'x' }, CFG)).toBe(false);
  });

  it('is configured only with all four settings', () => {
    const all = { P24_MERCHANT_ID: 11, P24_POS_ID: 12, P24_CRC: 'c', P24_API_KEY: 'k', P24_URL: 'https://sandbox.przelewy24.pl/' };
    expect(p24FromConfig(all)).toEqual({ merchantId: 11, posId: 12, crc: 'c', apiKey: 'k', url: 'https://sandbox.przelewy24.pl' });
    expect(p24FromConfig({ ...all, P24_API_KEY: undefined })).toBeNull();
  });
});
