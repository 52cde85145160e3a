import { describe, expect, it } from 'vitest';
import { inlineCall, withHeadScript } from './head-script';

const page = '<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p></body></html>';

describe('withHeadScript', () => {
  it("writes one script carrying the page's nonce at the end of <head>", () => {
    const html = withHeadScript(page, 'n0nce', 'go()');
    expect(html).toBe('<!DOCTYPE html><html><head><title>t</title><script nonce="n0nce">go()</script></head><body><p>x</p></body></html>');
  });

  it('leaves a fragment without <head> as it is', () => {
    expect(withHeadScript('<p>x</p>', 'n0nce', 'go()')).toBe('<p>x</p>');
  });
});

describe('inlineCall', () => {
  it('calls the function with its argument, and the argument cannot close the script element', () => {
    const source = inlineCall((o: { text: string }) => o.text.length, { text: '</script><b>' });
    expect(source).not.toContain('<');
    expect(new Function(`return ${source}`)()).toBe(12);
  });
});
