// A readable difference between two versions of a field (the change log screen): short values
// side by side, longer texts (HTML turned into text) as one text with the removed and added words
// marked and long unchanged stretches shortened.

export type Segment = { type: 'same' | 'del' | 'ins'; text: string };

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|tr|div|table|ul|ol)>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Rich-text HTML as plain text, one line per block. */
export function htmlToText(html: string): string {
  return html
    .replace(BLOCK_END, '\n')
    .replace(/<img\b[^>]*\bsrc="([^"]*)"[^>]*>/gi, ' [img $1] ')
    .replace(/<iframe\b[^>]*\bsrc="([^"]*)"[^>]*>/gi, ' [video $1] ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&amp;|&lt;|&gt;|&quot;|&#39;/g, (e) => ENTITIES[e] ?? e)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

export function looksLikeHtml(value: string): boolean {
  return /<\/?(p|h[1-6]|ul|ol|li|strong|em|a|br|table|div|img|iframe|blockquote|u|s)\b/i.test(value);
}

function tokens(text: string): string[] {
  return text.split(/(\s+)/).filter((t) => t !== '');
}

/** Longest common subsequence table budget; above it the changed middle is shown whole. */
const MAX_CELLS = 2_000_000;

function push(out: Segment[], type: Segment['type'], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.type === type) last.text += text;
  else out.push({ type, text });
}

/** Word-level difference of two texts. */
export function diffWords(before: string, after: string): Segment[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: Segment[] = [];
  push(out, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    push(out, 'del', midA.join(''));
    push(out, 'ins', midB.join(''));
  } else {
    const n = midA.length;
    const m = midB.length;
    // lcs[i][j]: length of the LCS of midA[i..] and midB[j..]
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      const row = lcs[i] as Uint32Array;
      const next = lcs[i + 1] as Uint32Array;
      for (let j = m - 1; j >= 0; j--) row[j] = midA[i] === midB[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        push(out, 'same', midA[i] as string);
        i++;
        j++;
      } else if ((lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0)) {
        push(out, 'del', midA[i++] as string);
      } else {
        push(out, 'ins', midB[j++] as string);
      }
    }
    while (i < n) push(out, 'del', midA[i++] as string);
    while (j < m) push(out, 'ins', midB[j++] as string);
  }
  push(out, 'same', a.slice(endA).join(''));
  return out;
}

/** Unchanged stretches longer than `keep` words on each side of a change are cut to "…". */
export function shortenSame(segments: Segment[], keep = 12): Segment[] {
  return segments.map((s, index) => {
    if (s.type !== 'same') return s;
    const words = tokens(s.text);
    const first = index === 0;
    const last = index === segments.length - 1;
    const limit = (first || last ? 1 : 2) * keep * 2;
    if (words.length <= limit) return s;
    const head = first ? [] : words.slice(0, keep * 2);
    const tail = last ? [] : words.slice(-keep * 2);
    return { type: 'same', text: `${head.join('')}${head.length ? ' ' : ''}…${tail.length ? ' ' : ''}${tail.join('')}` };
  });
}
