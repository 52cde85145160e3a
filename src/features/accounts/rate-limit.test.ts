import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from './rate-limit.server';

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
});
