// The CSP allows scripts from the app's own origin only ('self'), and the hash of each inline
// script of the built documents: login.html holds the tap on Sign in from its first paint, before
// any file of code has arrived (issue 24; a file is a round trip later on a weak link).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built documents that may carry an inline script. */
const DOCUMENTS = ['login.html', 'index.html'];
/** A classic inline script: no `src`, no `type` (a JSON block is data), its text as the browser hashes it (everything between the tags). */
const INLINE_SCRIPT = /<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g;

/** `'sha256-…'` source expressions for every inline script of the documents in `staticDir`. */
export function inlineScriptHashes(staticDir: string | null): string[] {
  if (staticDir === null) return [];
  const hashes = new Set<string>();
  for (const name of DOCUMENTS) {
    const file = join(staticDir, name);
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT)) {
      const text = match[1] ?? '';
      if (text.trim()) hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}
