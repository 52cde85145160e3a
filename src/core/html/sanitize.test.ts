import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { balanceHeadings, sanitizeRichText, videoEmbedSrc } from './sanitize.server';

// Vectors after the OWASP XSS Filter Evasion Cheat Sheet, grouped by technique.
const VECTORS: string[] = [
  // script tags: casings, attributes, malformed, split, encoded
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://cdn.example/xss.js></SCRIPT>',
  '<ScRiPt>alert(String.fromCharCode(88,83,83))</sCrIpT>',
  '<SCRIPT/XSS SRC="https://x.example/xss.js"></SCRIPT>',
  '<SCRIPT/SRC="https://x.example/xss.js"></SCRIPT>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=//x.example/.j>',
  '<SCRIPT SRC=https://x.example/xss.js?< B >',
  '<script a=">" SRC="https://x.example/xss.js"></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<p>text<script>document.cookie</script>more</p>',
  '\u003cscript\u003ealert(1)\u003c/script\u003e',
  '<script\x20type="text/javascript">javascript:alert(1);</script>',
  '<script\x3Etype="text/javascript">javascript:alert(1);</script>',
  '<!--<script>alert(1)//--><script>alert(2)</script>',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<xmp><script>alert(1)</script></xmp>',
  '<template><script>alert(1)</script></template>',
  '<plaintext><script>alert(1)</script>',
  // event handlers
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<body onload=alert(1)>',
  "<BODY ONLOAD=alert('XSS')>",
  '<p onmouseover="alert(1)">hover</p>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a href="https://example.com" onclick="alert(1)">x</a>',
  '<strong onfocus=alert(1) autofocus tabindex=1>x</strong>',
  '<h2 OnClIcK=alert(1)>x</h2>',
  '<td onpointerenter=alert(1)>x</td>',
  '<p/onmouseover=alert(1)>x</p>',
  '<p\nonmouseover\n=\nalert(1)>x</p>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<input autofocus onfocus=alert(1)>',
  '<select autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  // javascript:, vbscript:, data: URLs, plain and obfuscated
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav&#x0D;ascript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="java&NewLine;script&colon;alert(1)">x</a>',
  '<a href="\x01javascript:alert(1)">x</a>',
  '<a href="\\x01javascript:alert(1)">x</a>',
  '<a href="\u2028javascript:alert(1)">x</a>',
  '<a href=javascript:alert(1)>x</a>',
  '<a href=`javascript:alert(1)`>x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBSCRIPT:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="livescript:alert(1)">x</a>',
  '<a href="file:///etc/passwd">x</a>',
  '<a href="//evil.example/x">x</a>',
  '<img src="javascript:alert(1)">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<img srcset="javascript:alert(1) 1x">',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC="javascript:alert(\'XSS\')"',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://www.youtube.com/embed/x" srcdoc="<script>alert(1)</script>" onload="alert(1)"></iframe>',
  '<iframe src="https://evil.example/embed/x"></iframe>',
  '<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>',
  '<iframe src="http://www.youtube.com/embed/x"></iframe>',
  '<iframe src="https://www.youtube.com/redirect?q=https://evil.example"></iframe>',
  '<iframe src="//www.youtube.com/embed/x"></iframe>',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  // svg and math payloads
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>',
  '<svg><foreignObject><iframe srcdoc="<script>alert(1)</script>"></iframe></foreignObject></svg>',
  '<math><maction actiontype="statusline#http://x" xlink:href="javascript:alert(1)">CLICKME</maction></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">CLICKME</math>',
  // style and CSS expressions
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<p style="text-align: center; background-image: url(javascript:alert(1))">x</p>',
  '<p style="text-align: center;behavior: url(xss.htc)">x</p>',
  '<p style="-moz-binding:url(https://x.example/xss.xml#xss)">x</p>',
  '<p style="xss:expr/*XSS*/ession(alert(\'XSS\'))">x</p>',
  '<p style="text-align: javascript:alert(1)">x</p>',
  "<STYLE>@import'https://x.example/xss.css';</STYLE>",
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<STYLE>.XSS{background-image:url("javascript:alert(\'XSS\')");}</STYLE><A CLASS=XSS></A>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')"><TR><TD BACKGROUND="javascript:alert(1)">x</TD></TR></TABLE>',
  // base, meta, object, embed, forms, others
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<base href="https://evil.example/">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<META HTTP-EQUIV="Set-Cookie" Content="USERID=<SCRIPT>alert(\'XSS\')</SCRIPT>">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://x.example/scriptlet.html"></OBJECT>',
  '<object data="javascript:alert(1)">',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<applet code="x.class"></applet>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<isindex action="javascript:alert(1)" type=submit>',
  '<input type="image" src="javascript:alert(1)">',
  '<BGSOUND SRC="javascript:alert(\'XSS\');">',
  '<XSS STYLE="behavior: url(xss.htc);">',
  '<blockquote cite="javascript:alert(1)">q</blockquote>',
  '<a href="https://example.com" target="javascript:alert(1)">x</a>',
  '<a href="https://example.com" formaction="javascript:alert(1)">x</a>',
  '<p id="x" class="y" data-x="javascript:alert(1)">x</p>',
  '<p xmlns:x="javascript:alert(1)">x</p>',
  // malformed and split tags
  '<IMG SRC="javascript:alert(\'XSS\')"',
  '<iframe src=https://x.example/scriptlet.html <',
  '<a href="https://example.com"" onclick="alert(1)">x</a>',
  "<a href='https://example.com'' onclick='alert(1)'>x</a>",
  '<p title="a" title="b" onclick=alert(1)>x</p>',
  '<p title=`x`onclick=alert(1)>x</p>',
  '<<p>>onclick=alert(1)<</p>>',
  '<img/src="x"/onerror=alert(1)>',
  '<a/href="javascript:alert(1)">x</a>',
  '<a href="javascript:alert(1)"\x00>x</a>',
  '<p>\x00<script>alert(1)</script></p>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<<img src=x onerror=alert(1)//<</img>',
  '<div><p>text</div></p><script>alert(1)</script>',
  '<table><td><script>alert(1)</script></td></table>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
];

const ALLOWED: Record<string, string[]> = {
  p: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ol: [],
  ul: [],
  li: ['style'],
  blockquote: [],
  br: [],
  hr: [],
  a: ['href', 'target', 'rel', 'title'],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'colwidth', 'style'],
  td: ['colspan', 'rowspan', 'colwidth', 'style'],
  caption: [],
  colgroup: [],
  col: ['span'],
};
const MEDIA: Record<string, string[]> = {
  img: ['src', 'alt', 'title', 'width', 'height'],
  iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'frameborder'],
  div: ['data-youtube-video'],
};

interface Tag {
  name: string;
  attribs: Record<string, string>;
}

/** Every element of the output (decoded attribute values), parsed as a browser would. */
function elements(html: string): Tag[] {
  const out: Tag[] = [];
  const parser = new Parser({ onopentag: (name, attribs) => out.push({ name, attribs }) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return out;
}

/** A URL value as a browser resolves its scheme: control characters and whitespace removed. */
function scheme(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip them from URLs
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
}

function expectInert(out: string, media: boolean) {
  expect(out).not.toMatch(/<\s*\/?\s*script/i);
  expect(out).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(out).not.toMatch(/<[^>]*(javascript|vbscript|livescript)\s*:/i);
  expect(out).not.toMatch(/<[^>]*=\s*["']?\s*data:/i);
  expect(out).not.toMatch(/<(svg|math|object|embed|applet|base|meta|link|style|form|input|button|frame|frameset|body|template)\b/i);
  expect(out).not.toMatch(/srcdoc|expression\s*\(|url\s*\(|behavior|binding/i);
  const allowed = media ? { ...ALLOWED, ...MEDIA } : ALLOWED;
  for (const el of elements(out)) {
    expect(Object.keys(allowed), `element <${el.name}> in ${out}`).toContain(el.name);
    for (const [attr, value] of Object.entries(el.attribs)) {
      expect(allowed[el.name], `attribute ${attr} on <${el.name}> in ${out}`).toContain(attr);
      if (attr === 'href' || attr === 'src') {
        const s = scheme(value);
        expect(s.startsWith('//'), `protocol-relative ${value}`).toBe(false);
        if (/^[a-z][a-z0-9+.-]*:/.test(s)) expect(s).toMatch(el.name === 'a' ? /^(https?|mailto):/ : /^https?:/);
      }
      if (attr === 'style') expect(value).toMatch(/^text-align: (left|center|right|justify)$/);
      if (attr === 'target') expect(value).toBe('_blank');
    }
    if (el.name === 'a') expect(el.attribs.rel).toMatch(/^noopener noreferrer/);
    if (el.name === 'iframe') expect(videoEmbedSrc(el.attribs.src)).toBe(el.attribs.src);
  }
}

describe('sanitizeRichText: XSS filter evasion vectors', () => {
  it.each(VECTORS.map((v, i) => [i, v] as const))('vector %i is made inert (text mode): %s', (_i, vector) => {
    expectInert(sanitizeRichText(vector), false);
  });

  it.each(VECTORS.map((v, i) => [i, v] as const))('vector %i is made inert (media mode): %s', (_i, vector) => {
    expectInert(sanitizeRichText(vector, { allowMedia: true }), true);
  });

  it('keeps the text around a removed vector and drops script content', () => {
    expect(sanitizeRichText('<p>before<script>alert(1)</script>after</p>')).toBe('<p>beforeafter</p>');
    expect(sanitizeRichText('<p onclick="alert(1)">text</p>')).toBe('<p>text</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">click</a>')).toBe('click');
    expect(sanitizeRichText('<p>&lt;script&gt;</p>')).toBe('<p>&lt;script&gt;</p>');
  });
});

describe('sanitizeRichText: editor formatting survives unchanged', () => {
  // HTML as the TipTap editor writes it (getHTML()).
  const FORMATTED = [
    '<p>Plain paragraph with <strong>bold</strong>, <em>italic</em>, <u>underline</u> and <s>strike</s>.</p>',
    '<p><b>b</b> <i>i</i></p>',
    '<h2>Heading 2</h2><h3>Heading 3</h3><h4>Heading 4</h4>',
    '<ol><li><p>one</p></li><li><p>two</p></li></ol><ul><li><p>bullet</p></li></ul>',
    '<blockquote><p>quoted</p></blockquote><hr><p>line<br>break</p>',
    '<p style="text-align: center">centred</p><h2 style="text-align: right">right</h2><p style="text-align: justify">justified</p><p style="text-align: left">left</p>',
    '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">link</a></p>',
    '<p><a rel="noopener noreferrer" href="/pl/produkty">relative</a> <a rel="noopener noreferrer" href="mailto:biuro@example.com">mail</a> <a rel="noopener noreferrer" href="#top">anchor</a></p>',
    '<table><tbody><tr><th colspan="1" rowspan="1"><p>Head</p></th></tr><tr><td colspan="1" rowspan="1"><p>Cell</p></td></tr></tbody></table>',
    '<p>Zażółć gęślą jaźń &amp; &lt;tag&gt; “quotes”</p>',
  ];
  it.each(FORMATTED)('%s', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText(html, { allowMedia: true })).toBe(html);
  });

  it('keeps images and YouTube/Vimeo players only with the media option', () => {
    const media =
      '<p><img src="https://cdn.example.com/a.jpg" alt="A cable"><img src="/files/b.png" alt=""></p>' +
      '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="480" allowfullscreen="true"></iframe></div>' +
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=10" width="640" height="360"></iframe>' +
      '<iframe src="https://player.vimeo.com/video/76979871" width="640" height="360" allow="autoplay; fullscreen" allowfullscreen=""></iframe>';
    expect(sanitizeRichText(media, { allowMedia: true })).toBe(media);
    expect(sanitizeRichText(media)).toBe('<p></p>');
  });
});

describe('sanitizeRichText: normalisation', () => {
  it('rewrites an allowed alignment to the editor form and drops any other style', () => {
    expect(sanitizeRichText('<p style="TEXT-ALIGN:Center;">x</p>')).toBe('<p style="text-align: center">x</p>');
    expect(sanitizeRichText('<p style="color: red">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<p style="text-align: center; color: red">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<strong style="text-align: center">x</strong>')).toBe('<strong>x</strong>');
  });

  it('always sets rel="noopener noreferrer" on links and keeps only target="_blank"', () => {
    expect(sanitizeRichText('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="https://example.com" rel="opener" target="_top">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops images with data: or javascript: addresses and players of other hosts', () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA" alt="x">', { allowMedia: true })).toBe('');
    expect(sanitizeRichText('<iframe src="https://evil.example/embed/x"></iframe>', { allowMedia: true })).toBe('');
    expect(sanitizeRichText('<iframe src="https://www.youtube.com/watch?v=x"></iframe>', { allowMedia: true })).toBe('');
  });

  it('accepts only https embed addresses of the allowed players', () => {
    expect(videoEmbedSrc('https://www.youtube.com/embed/abc')).toBe('https://www.youtube.com/embed/abc');
    expect(videoEmbedSrc('https://player.vimeo.com/video/1')).toBe('https://player.vimeo.com/video/1');
    expect(videoEmbedSrc('http://www.youtube.com/embed/abc')).toBeNull();
    expect(videoEmbedSrc('https://www.youtube.com/embed/')).toBeNull();
    expect(videoEmbedSrc('https://user@www.youtube.com/embed/abc')).toBeNull();
    expect(videoEmbedSrc('https://vimeo.com/video/1')).toBeNull();
  });

  it('handles empty input', () => {
    expect(sanitizeRichText('')).toBe('');
  });
});

describe('balanceHeadings', () => {
  it('starts under the page heading and never skips a level (W3C, issue 41 point 23)', () => {
    expect(balanceHeadings('<p>a</p><h3>Kanał</h3><p>b</p><h4 style="text-align: center">x</h4><h3>y</h3>')).toBe(
      '<p>a</p><h2>Kanał</h2><p>b</p><h3 style="text-align: center">x</h3><h2>y</h2>',
    );
  });
  it('leaves well-ordered headings alone and honours a deeper top', () => {
    const ok = '<h2>A</h2><h3>B</h3><h4>C</h4><h2>D</h2>';
    expect(balanceHeadings(ok)).toBe(ok);
    expect(balanceHeadings('<h2>A</h2><h4>C</h4>', 3)).toBe('<h3>A</h3><h4>C</h4>');
  });
  it('does not touch other tags', () => {
    expect(balanceHeadings('<hr><p>h3</p><header>x</header>')).toBe('<hr><p>h3</p><header>x</header>');
  });
});
