// The tracking link of a shipment: each carrier's own tracking page with the waybill number
// (encoded), no link for another carrier, an unknown carrier or an empty number.
import { describe, expect, it } from 'vitest';
import { CARRIERS, trackingUrl } from './statuses';

describe('trackingUrl', () => {
  it('points to the tracking page of each carrier', () => {
    const urls = Object.fromEntries(CARRIERS.map((c) => [c, trackingUrl(c, '0000123456789X')]));
    expect(urls).toEqual({
      dpd: 'https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=0000123456789X',
      inpost: 'https://inpost.pl/sledzenie-przesylek?number=0000123456789X',
      dhl: 'https://www.dhl.com/pl-pl/home/sledzenie-przesylek.html?tracking-id=0000123456789X',
      gls: 'https://gls-group.com/PL/pl/sledzenie-paczek?match=0000123456789X',
      ups: 'https://www.ups.com/track?loc=pl_PL&tracknum=0000123456789X',
      poczta_polska: 'https://emonitoring.poczta-polska.pl/?numer=0000123456789X',
      other: null,
    });
  });

  it('encodes the number and gives no link without one or for an unknown carrier', () => {
    expect(trackingUrl('dpd', ' 12 34&x=1 ')).toBe('https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=12%2034%26x%3D1');
    expect(trackingUrl('ups', '')).toBeNull();
    expect(trackingUrl('fedex', '123')).toBeNull();
  });
});
