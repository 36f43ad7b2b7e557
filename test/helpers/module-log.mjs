// Preloaded with `node --import` (see loadedModules in module-log.ts): records every module the
// process loads — ES modules through a loader hook, CommonJS ones from require.cache at exit —
// one URL or path a line, into the file MODULE_LOG names.
import { appendFileSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const out = process.env.MODULE_LOG;
writeFileSync(out, '');
register('data:text/javascript,' + encodeURIComponent(`
import { appendFileSync } from 'node:fs';
let out;
export function initialize(file) { out = file; }
export async function load(url, context, next) { appendFileSync(out, url + '\\n'); return next(url, context); }
`), { data: out });
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => appendFileSync(out, Object.keys(cache).join('\n') + '\n'));
