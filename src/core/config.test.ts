import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.server';

describe('configuration', () => {
  it('stops with a sentence naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: '/tmp/cfg-test' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: '/tmp/cfg-test' })).toThrow(/Environment variable PORT is invalid/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: '/tmp/cfg-test' })).toThrow(/DATABASE_URL/);
  });

  it('defaults to port 3000 and the ./data folder', () => {
    const c = loadConfig({ SESSION_SECRET: 'y'.repeat(40) });
    expect(c.PORT).toBe(3000);
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });
});
