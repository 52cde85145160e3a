import { describe, expect, it } from 'vitest';
import { BRAND, brandedMail, escapeHtml } from './layout.server';

describe('brandedMail', () => {
  const hostile = '<script>alert("x")</script> & \'quoted\'';

  it('escapes every interpolated value in the HTML part', () => {
    const { html } = brandedMail({
      locale: 'en',
      heading: `Hi ${hostile}`,
      paragraphs: [`Paragraph ${hostile}`],
      action: { label: `Go ${hostile}`, url: 'https://shop.example.com/verify?a=1&b="2"<x>' },
      footerNote: `Note ${hostile}`,
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"x")');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    // the heading, the paragraph, the label and the note are each escaped
    expect(html.match(/&lt;script&gt;/g)?.length).toBeGreaterThanOrEqual(5); // title + heading + paragraph + label + note
    expect(html).toContain('href="https://shop.example.com/verify?a=1&amp;b=&quot;2&quot;&lt;x&gt;"');
  });

  it('spells out the action URL in the plain-text part, with the label and paragraphs', () => {
    const url = 'https://shop.example.com/pl/verify/abc123?token=t0k&x=1';
    const { text, html } = brandedMail({
      locale: 'pl',
      heading: 'Potwierdź adres e-mail',
      paragraphs: ['Dziękujemy za rejestrację.', 'Druga linia'],
      action: { label: 'Potwierdź', url },
    });
    expect(text).toContain(`Potwierdź:\n${url}`);
    expect(text).toContain('Dziękujemy za rejestrację.');
    expect(text).toContain('Druga linia');
    expect(text).not.toMatch(/<[a-z]/i);
    expect(html).toContain('Potwierdź</a>');
  });

  it('carries the manufacturer branding and a footer in the recipient language', () => {
    const pl = brandedMail({ locale: 'pl', heading: 'H', paragraphs: ['p'] });
    const en = brandedMail({ locale: 'en', heading: 'H', paragraphs: ['p'] });
    for (const m of [pl, en]) {
      expect(m.html).toContain('COBI NET');
      expect(m.html).toContain('bgcolor="#1549c6"');
      expect(m.html).toContain('ul. Usługowa 10B, 64-100 Leszno');
      expect(m.text).toContain('ul. Usługowa 10B, 64-100 Leszno');
      expect(m.html).toContain('role="presentation"');
    }
    expect(pl.html).toContain('<html lang="pl"');
    expect(pl.html).toContain('prosimy na nią nie odpowiadać');
    expect(pl.text).toContain('prosimy na nią nie odpowiadać');
    expect(pl.html).not.toContain('please do not reply');
    expect(en.html).toContain('<html lang="en"');
    expect(en.html).toContain('please do not reply');
    expect(en.text).toContain('Poland');
    expect(en.html).not.toContain('prosimy');
  });

  it('keeps line breaks of a paragraph and leaves out the button without an action', () => {
    const { html, text } = brandedMail({ locale: 'en', heading: 'H', paragraphs: ['line 1\nline 2'] });
    expect(html).toContain('line 1<br>line 2');
    expect(html).not.toContain('<a href');
    expect(text).toContain('line 1\nline 2');
  });

  it('refuses an action URL that is not http(s) or mailto', () => {
    expect(() => brandedMail({ locale: 'en', heading: 'H', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow(/action URL/);
    expect(() => brandedMail({ locale: 'en', heading: 'H', paragraphs: [], action: { label: 'x', url: '/relative' } })).toThrow(/action URL/);
  });

  it('escapeHtml escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(BRAND.color).toBe('#1549c6');
  });

  it('shows details as an escaped two-column table in HTML and aligned lines in text', () => {
    const { html, text } = brandedMail({
      locale: 'pl',
      heading: 'Zamówienie przyjęte',
      paragraphs: ['Dziękujemy.'],
      details: [
        { label: 'Numer zamówienia', value: 'ZAM/2026/0001' },
        { label: 'Termin', value: '07.01.2027' },
        { label: 'Adres <dostawy>', value: 'ul. Usługowa 10B\n64-100 Leszno & okolice' },
      ],
      action: { label: 'Zobacz', url: 'https://shop.example.com/o/1' },
    });
    expect(html).toContain('>Numer zamówienia</td>');
    expect(html).toContain('>ZAM/2026/0001</td>');
    expect(html).toContain('Adres &lt;dostawy&gt;');
    expect(html).toContain('ul. Usługowa 10B<br>64-100 Leszno &amp; okolice');
    expect(html.indexOf('ZAM/2026/0001')).toBeGreaterThan(html.indexOf('Dziękujemy.'));
    expect(html.indexOf('ZAM/2026/0001')).toBeLessThan(html.indexOf('Zobacz</a>'));
    expect(text).toContain('Numer zamówienia: ZAM/2026/0001\nTermin:           07.01.2027\n');
    expect(text).toContain('Adres <dostawy>:  ul. Usługowa 10B\n                  64-100 Leszno & okolice\n');
    expect(text.indexOf('ZAM/2026/0001')).toBeLessThan(text.indexOf('Zobacz:'));
  });

  it('leaves the HTML of a mail without details as it was', () => {
    const without = brandedMail({ locale: 'en', heading: 'H', paragraphs: ['p'] });
    const empty = brandedMail({ locale: 'en', heading: 'H', paragraphs: ['p'], details: [] });
    expect(empty).toEqual(without);
    expect(without.html).not.toContain('border-collapse');
  });
});
