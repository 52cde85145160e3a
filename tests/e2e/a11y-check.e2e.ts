// The suite's accessibility check (fixtures.ts) runs axe-core in the page itself: it must still see
// what it is there to see, a serious violation inside the checked part and none outside it.
import { expect, test } from '@playwright/test';
import { axeViolations } from './fixtures';

test('the axe check reports a serious violation, within `include` only, and again after a navigation', async ({ page }) => {
  await page.setContent('<html lang="pl"><title>t</title><main><div id="a"><img src="data:,"></div><div id="b"><p>ok</p></div></main></html>');
  const all = await axeViolations(page);
  expect(all.find((v) => v.id === 'image-alt')).toMatchObject({ impact: 'critical', nodes: ['img'] });
  expect((await axeViolations(page, { include: '#b' })).some((v) => v.id === 'image-alt')).toBe(false);
  expect((await axeViolations(page, { exclude: ['#a'] })).some((v) => v.id === 'image-alt')).toBe(false);

  await page.setContent('<html lang="pl"><title>t</title><main><button></button></main></html>');
  expect((await axeViolations(page)).map((v) => v.id)).toContain('button-name');
});
