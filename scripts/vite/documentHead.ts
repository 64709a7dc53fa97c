// The head lines both documents carry (index.html and /login's login.html): icon, viewport,
// theme colour, description, title. Written once here; each document marks their place with
// `<!-- document-head -->`, and a document without the mark fails the build.
import type { Plugin } from 'vite';

const MARK = '<!-- document-head -->';

const LINES = [
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
  '<meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />',
  '<meta name="theme-color" content="#4fb3e8" />',
  `<meta name="description" content="Driver App: the delivery drivers' orders, schedule and proof of delivery, on and off signal." />`,
  '<link rel="apple-touch-icon" href="/icons/icon-192.png" />',
  '<title>Driver App</title>',
];

export function documentHead(): Plugin {
  return {
    name: 'driver-app:document-head',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        if (!html.includes(MARK)) throw new Error(`${ctx.filename} has no ${MARK}`);
        return html.replace(MARK, LINES.join('\n    '));
      },
    },
  };
}
