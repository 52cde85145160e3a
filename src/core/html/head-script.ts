/** Writes an inline script (carrying the page's CSP nonce) at the end of a document's <head>. */
export function withHeadScript(html: string, nonce: string, source: string): string {
  const head = html.indexOf('</head>');
  if (head === -1) return html;
  return `${html.slice(0, head)}<script nonce="${nonce}">${source}</script>${html.slice(head)}`;
}

/**
 * The source of an inline script that calls `fn` with `arg`. `fn` is written with
 * Function.prototype.toString, so it may use only its parameter and the browser's globals.
 * `<` is escaped so that nothing in `arg` can close the script element.
 */
export function inlineCall<T>(fn: (arg: T) => void, arg: T): string {
  return `(${fn.toString()})(${JSON.stringify(arg).replace(/</g, '\\u003c')})`;
}
