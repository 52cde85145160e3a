import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { withEarlyConsentHandler } from '~/core/consent/consent-early';
import { deferModuleScripts } from '~/core/html/deferred-scripts';
import { withEarlyClickRecorder } from '~/core/html/early-click';
import { withWebFontSwitch } from '~/core/html/web-fonts';

export const streamTimeout = 5000;

/**
 * Renders the whole document before answering. No page defers data (no <Await>), so streaming
 * would only add stream plumbing per request; the server also needs the whole body anyway, to
 * compress it and to keep it in the page cache.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const nonce = loadContext.nonce;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const rendered = Buffer.concat(chunks).toString('utf8');
        const html = deferModuleScripts(withEarlyClickRecorder(withEarlyConsentHandler(withWebFontSwitch(rendered, nonce), nonce), nonce));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // The document goes out whole, so a Suspense boundary's content stays in place. By default
      // React moves a boundary after 12.8 kB of page to the end, hidden, and shows it by a script
      // (the buyer's add-to-cart form of a product page: hidden until that script ran).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError() {
        // React Router reports the error itself and renders the error boundary.
        responseStatusCode = 500;
      },
    });
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
