import { describe, expect, it } from 'vitest';
import { demoProducts } from '~/features/catalog/demo/catalog.data';
import { demoPhysicals } from '~/features/catalog/demo/physicals';
import { DEMO_DEFINITIONS, demoBasePrice, discounted } from '../demo/prices';

const numbers = demoProducts().flatMap((p) => p.numbers.map((n) => n.number));

describe('demo prices and physicals', () => {
  it('every demo catalogue number has a positive whole-grosze price, weight and volume', () => {
    for (const n of numbers) {
      const price = demoBasePrice(n);
      expect(Number.isInteger(price) && price > 0, n).toBe(true);
      const { weightKg, volumeCm } = demoPhysicals(n);
      // the calculator's online access is software: no weight, no volume
      if (n === 'CN-KALK-KORYTA') expect({ weightKg, volumeCm }).toEqual({ weightKg: 0, volumeCm: 0 });
      else expect(weightKg > 0 && Number.isInteger(volumeCm) && volumeCm > 0, n).toBe(true);
    }
  });

  it('prices and weights are realistic for known items', () => {
    // Cat. 6 U/UTP cable: about 2.35 zł/m, 42 g/m; a 42U floor-standing cabinet: thousands of złoty, ~80 kg.
    expect(demoBasePrice('CN-U6-305-B')).toBe(235);
    expect(demoPhysicals('CN-U6-305-B').weightKg).toBeCloseTo(0.042, 3);
    expect(demoBasePrice('CN-SS-42U-66-K')).toBeGreaterThan(250000);
    expect(demoPhysicals('CN-SS-42U-66-K').weightKg).toBeGreaterThan(60);
    // SPEC section 9: the calculator costs 9.90 PLN net in the base list
    expect(demoBasePrice('CN-KALK-KORYTA')).toBe(990);
  });

  it('the definitions discount every price, rounding half up to the grosz', () => {
    expect(discounted(235, 25)).toBe(176);
    expect(discounted(1005, 10)).toBe(905);
    for (const d of DEMO_DEFINITIONS) for (const n of numbers) expect(discounted(demoBasePrice(n), d.discount(n))).toBeLessThan(demoBasePrice(n));
  });
});
