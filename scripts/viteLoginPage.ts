// login.html (issue 24 item 5: the sign-in form usable before any of the app's code arrives on a
// weak link), put together at build time from the app's own sources:
// - LoginScreen's stylesheet inlined in the document: one file, src/ui/routes/LoginScreen.css, for
//   the HTML form and the React screen that takes it over (Vite minifies it with the page);
// - the code the sign-in needs preloaded from the document's head: the sync worker's chunks (the
//   worker asks for them only once its own entry has arrived, a round trip later) and the page's
//   own (main.tsx: LoginScreen sends the sign-in);
// - the app's (App.tsx: Home and the shell) listed for login.html's inline script, which preloads
//   it at low priority as soon as the driver touches the form: it fills the link whenever the
//   sign-in's code and requests leave room. Asked for by the page later (when the sign-in's code
//   had arrived), its dozen requests held the sign-in's back on the 6 connections a browser keeps
//   per host; preloaded at once, a page nobody touches would load it too.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

const LOGIN_CSS = 'src/ui/routes/LoginScreen.css';
const CSS_SLOT = /<style data-login-css>([\s\S]*?)<\/style>/;
const isLoginHtml = (file: string): boolean => /[\\/]login\.html$/.test(file);
const MAIN = /[\\/]src[\\/]ui[\\/]main\.tsx$/;
/** The id of the JSON list of the app's chunks in login.html (read by its inline script). */
const APP_CODE_ID = 'app-code';
const APP = /[\\/]src[\\/]ui[\\/]App\.tsx$/;

/** The chunk holding the module whose id matches `module`. */
function chunkOf(bundle: Rollup.OutputBundle, module: RegExp): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.moduleIds.some((id) => module.test(id)));
  if (!chunk) throw new Error(`the build has no chunk for ${String(module)}`);
  return chunk;
}

/** A chunk and every chunk it imports statically, depth first, its imports before it. */
function staticClosure(bundle: Rollup.OutputBundle, file: string, into: Set<string>): Set<string> {
  const chunk = bundle[file];
  if (into.has(file) || chunk?.type !== 'chunk') return into;
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  into.add(file);
  return into;
}

export function loginPage(root: string, workerEntry: string): Plugin[] {
  return [
    {
      name: 'driver-app:login-css',
      transformIndexHtml: {
        order: 'pre',
        handler(html, ctx) {
          if (!isLoginHtml(ctx.filename)) return html;
          if (!CSS_SLOT.test(html)) throw new Error(`login.html has no <style data-login-css> for ${LOGIN_CSS}`);
          const css = readFileSync(resolve(root, LOGIN_CSS), 'utf8');
          return html.replace(CSS_SLOT, (_all, own: string) => `<style>${own}\n${css}</style>`);
        },
      },
    },
    {
      name: 'driver-app:login-worker-preloads',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx): HtmlTagDescriptor[] {
          if (!ctx.bundle || !isLoginHtml(ctx.filename)) return [];
          const bundle = ctx.bundle;
          const worker = bundle[workerEntry];
          if (worker?.type !== 'chunk') throw new Error(`the build has no ${workerEntry}`);
          // The sign-in needs the worker's chunks and the page's own (main.tsx: LoginScreen sends
          // it); the app's (App.tsx: Home) can fill the link after them.
          const first = new Set(worker.imports);
          const page = staticClosure(bundle, chunkOf(bundle, MAIN).fileName, new Set());
          const later = staticClosure(bundle, chunkOf(bundle, APP).fileName, new Set());
          // `preload`, not `modulepreload`: fetched into the cache, not parsed on the page (the
          // worker runs RxDB's chunk; issue 10 keeps it off a fresh /login's main thread). Marked
          // for src/ui/loginPage.ts, which waits for them before it imports main.tsx.
          const signIn = [...first, ...page].filter((file, i, all) => all.indexOf(file) === i && !html.includes(`/${file}"`));
          // The app's code (and the stylesheets the import of a chunk waits for) is only named here:
          // login.html's inline script preloads it at low priority once the driver touches the form,
          // so a page nobody touches (a crawler, Lighthouse) does not load it.
          const styles = [...page, ...later].flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
          const app = [
            ...[...later].filter((file) => !first.has(file) && !page.has(file)).map((file) => ({ href: `/${file}`, as: 'script' })),
            ...[...new Set(styles)].map((file) => ({ href: `/${file}`, as: 'style' })),
          ];
          return [
            ...signIn.map(
              (file): HtmlTagDescriptor => ({
                tag: 'link',
                attrs: { rel: 'preload', as: 'script', crossorigin: true, href: `/${file}`, 'data-sign-in': true },
                injectTo: 'head',
              }),
            ),
            { tag: 'script', attrs: { type: 'application/json', id: APP_CODE_ID }, children: JSON.stringify(app), injectTo: 'head' },
          ];
        },
      },
    },
  ];
}
