import { describe, expect, it } from 'vitest';
import { memoryRateLimiter, takeAttempt } from './rate-limit.server';

describe('memory rate limiter', () => {
  it('counts within the window, forgets after it, and resets', async () => {
    let now = 1_000_000;
    const rl = memoryRateLimiter(() => now);
    expect(await rl.hit('k', 1000)).toBe(1);
    expect(await rl.hit('k', 1000)).toBe(2);
    expect(await rl.count('k')).toBe(2);
    expect(await rl.count('other')).toBe(0);
    now += 999;
    expect(await rl.count('k')).toBe(2);
    now += 1;
    expect(await rl.count('k')).toBe(0);
    expect(await rl.hit('k', 1000)).toBe(1);
    await rl.reset('k');
    expect(await rl.count('k')).toBe(0);
  });

  it('release takes back one attempt and never goes below zero or revives a window', async () => {
    let now = 0;
    const rl = memoryRateLimiter(() => now);
    await rl.hit('k', 1000);
    await rl.hit('k', 1000);
    await rl.release('k');
    expect(await rl.count('k')).toBe(1);
    await rl.release('k');
    await rl.release('k');
    expect(await rl.count('k')).toBe(0);
    now += 1000;
    await rl.release('gone');
    expect(await rl.count('gone')).toBe(0);
  });

  it('takeAttempt counts first, so parallel attempts cannot pass the limit together', async () => {
    const rl = memoryRateLimiter();
    const rule = { max: 3, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 10 }, () => takeAttempt('p', rule, rl)));
    expect(results.filter(Boolean)).toHaveLength(3);
  });
});
