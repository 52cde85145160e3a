/**
 * Lets the browser paint a server-rendered page before it fetches and runs the page's JavaScript.
 *
 * React Router writes `<link rel="modulepreload">` tags into <head> and an inline module script that
 * imports the route modules and starts hydration. On a phone both compete with the first paint: the
 * ~150 kB of modules share the connection with the stylesheet, the fonts and the largest image, and
 * the module script runs (compiling and evaluating every module) before the first frame is shown.
 *
 * This rewrites the finished document: the preload tags are taken out of <head> and the module script
 * becomes a small classic script (same nonce) that, after the first frame, adds the preloads and the
 * very same module script. React's hydration skips the missing preload tags (hoisted <head> resources)
 * and the script element stays a script element. A document without the module script is unchanged.
 */
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;

export function deferModuleScripts(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const head = html.indexOf('</head>');
  const hrefs: string[] = [];
  const withoutPreloads =
    html.slice(0, head).replace(MODULE_PRELOAD, (_, href: string) => {
      hrefs.push(href);
      return '';
    }) + html.slice(head);
  const [whole, nonce, source] = script;
  // `<` escaped so that the module's text can never close the script element it now lives in.
  const data = JSON.stringify({ p: hrefs, m: source }).replace(/</g, '\\u003c');
  const loader =
    `<script nonce="${nonce}">(function(d,s){var n=d.currentScript.nonce,c=${data};function go(){` +
    `c.p.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    `s=d.createElement("script");s.type="module";s.nonce=n;s.textContent=c.m;d.body.appendChild(s)}` +
    `if(d.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})})(document)</script>`;
  return withoutPreloads.replace(whole, () => loader);
}
