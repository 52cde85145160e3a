import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (SPEC section 5) is HTML from the TipTap editor: paragraphs, headings h2-h4, bold,
 * italic, underline, strike, lists, blockquote, line breaks, rules, tables and text alignment;
 * the media option adds links, images and YouTube/Vimeo videos. Everything else is removed
 * before the HTML is stored, so a stored text can be rendered as it is.
 */
export interface SanitizeOptions {
  /** Images and embedded YouTube/Vimeo players (the editor's "link, image and video" option). */
  allowMedia?: boolean;
}

const TEXT_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ol',
  'ul',
  'li',
  'blockquote',
  'br',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
];
const MEDIA_TAGS = ['img', 'iframe', 'div'];

/** Tags whose content is dropped with them (never shown as text). */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'title',
  'template',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'applet',
  'frameset',
  'head',
];

const ALIGNED = ['p', 'h2', 'h3', 'h4', 'li', 'td', 'th'];
const ALIGN_RE = /^\s*text-align\s*:\s*(left|center|right|justify)\s*;?\s*$/i;

/** Video players that may be embedded: host and the path prefix of their embed pages. */
const VIDEO_HOSTS: Record<string, string> = {
  'www.youtube-nocookie.com': '/embed/',
  'youtube-nocookie.com': '/embed/',
  'www.youtube.com': '/embed/',
  'youtube.com': '/embed/',
  'player.vimeo.com': '/video/',
};

/** An https embed address of an allowed player, else null. */
export function videoEmbedSrc(src: string | undefined): string | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return null;
  }
  const prefix = VIDEO_HOSTS[url.hostname.toLowerCase()];
  if (url.protocol !== 'https:' || !prefix || url.username || url.password || url.port) return null;
  if (!url.pathname.startsWith(prefix) || url.pathname.length === prefix.length) return null;
  return url.toString();
}

/** Characters a browser ignores or that old parsers treated as quotes, in a URL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to remove
const URL_NOISE = /[\u0000-\u0020\u007f-\u009f`'"\\]/g;
const SCRIPT_SCHEME = /^[^/?#]*?(javascript|vbscript|livescript|data):/;

/** True when a URL still names a script scheme once the noise a browser skips is removed. */
function scriptLike(value: string): boolean {
  return SCRIPT_SCHEME.test(value.replace(URL_NOISE, '').toLowerCase());
}

function relTokens(rel: string | undefined): string {
  const given = new Set((rel ?? '').toLowerCase().split(/\s+/));
  return ['noopener', 'noreferrer', ...['nofollow', 'ugc'].filter((t) => given.has(t))].join(' ');
}

/** sanitize-html 2.18 options; its type package does not list allowedEmptyAttributes yet. */
type Options = sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] };

function buildOptions(allowMedia: boolean): Options {
  const allowedAttributes: Record<string, string[]> = {
    a: ['href', 'target', 'rel', 'title'],
    td: ['colspan', 'rowspan', 'colwidth'],
    th: ['colspan', 'rowspan', 'colwidth'],
    col: ['span'],
  };
  for (const tag of ALIGNED) allowedAttributes[tag] = [...(allowedAttributes[tag] ?? []), 'style'];
  if (allowMedia) {
    allowedAttributes.img = ['src', 'alt', 'title', 'width', 'height'];
    allowedAttributes.iframe = ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'frameborder'];
    allowedAttributes.div = ['data-youtube-video'];
  }
  return {
    allowedTags: allowMedia ? [...TEXT_TAGS, ...MEDIA_TAGS] : TEXT_TAGS,
    allowedAttributes,
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'background', 'poster'],
    allowProtocolRelative: false,
    allowedIframeHostnames: Object.keys(VIDEO_HOSTS),
    allowIframeRelativeUrls: false,
    // The only style kept is rebuilt below from a fixed list, so it needs no CSS parsing.
    parseStyleAttributes: false,
    allowedEmptyAttributes: ['alt', 'allowfullscreen', 'data-youtube-video'],
    disallowedTagsMode: 'discard',
    nonTextTags: NON_TEXT_TAGS,
    enforceHtmlBoundary: false,
    transformTags: {
      '*': (tagName, attribs) => {
        const out = { ...attribs };
        for (const attr of ['href', 'src', 'cite']) {
          const value = out[attr];
          if (value !== undefined && scriptLike(value)) delete out[attr];
        }
        if ('style' in out) {
          const match = ALIGNED.includes(tagName) ? ALIGN_RE.exec(out.style ?? '') : null;
          if (match?.[1]) out.style = `text-align: ${match[1].toLowerCase()}`;
          else delete out.style;
        }
        if (tagName === 'a') {
          if (out.target !== undefined && out.target !== '_blank') delete out.target;
          out.rel = relTokens(out.rel);
        }
        if (tagName === 'iframe') {
          const src = videoEmbedSrc(out.src);
          if (src) out.src = src;
          else delete out.src;
        }
        return { tagName, attribs: out };
      },
    },
    // An iframe or image left without an address is removed; a link without one keeps its text,
    // and so does a div that is not the editor's video wrapper.
    exclusiveFilter: (frame) => {
      if ((frame.tag === 'iframe' || frame.tag === 'img') && !frame.attribs.src) return true;
      if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
      if (frame.tag === 'div' && !('data-youtube-video' in frame.attribs)) return 'excludeTag';
      return false;
    },
  };
}

const textOptions = buildOptions(false);
const mediaOptions = buildOptions(true);

/** Void elements are written as `<br>` (as the editor writes them), not `<br />`. */
const SELF_CLOSED = /<(br|hr|img|col)((?: [^>]*)?) \/>/g;

/**
 * Rich text shown right under a heading of level `top - 1` (a lesson under the page's h1): its
 * headings start at `top` and never skip a level (an h3 straight under the h1 fails the W3C check and
 * confuses screen readers), so each is raised to at most one level below the one before it. Headings
 * do not nest, so a closing tag takes the level of the last opening one.
 */
export function balanceHeadings(html: string, top = 2): string {
  // The open sections as [the author's level, the level shown]: a heading closes those of its own
  // level or deeper and sits one level below the section still open around it.
  const open: [number, number][] = [];
  let shown = top;
  return html.replace(/<(\/?)h([1-6])(\b[^>]*)>/gi, (_tag, close: string, level: string, rest: string) => {
    if (close) return `</h${shown}>`;
    const authored = Number(level);
    while (open.length > 0 && (open.at(-1) as [number, number])[0] >= authored) open.pop();
    shown = Math.min(6, (open.at(-1)?.[1] ?? top - 1) + 1);
    open.push([authored, shown]);
    return `<h${shown}${rest}>`;
  });
}

/** The HTML of a rich-text field with everything outside the editor's allow-list removed. */
export function sanitizeRichText(html: string, opts: SanitizeOptions = {}): string {
  const clean = sanitizeHtml(html ?? '', opts.allowMedia ? mediaOptions : textOptions);
  return clean.replace(SELF_CLOSED, '<$1$2>');
}
