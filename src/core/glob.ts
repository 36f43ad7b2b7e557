// Minimal glob matching for selectors: `*` (within a segment), `**` (any depth), `?`, `{a,b}`.
const cache = new Map<string, RegExp>();

export function globToRegExp(glob: string): RegExp {
  let re = cache.get(glob);
  if (re) return re;
  re = new RegExp(`^${source(glob)}$`);
  cache.set(glob, re);
  return re;
}

function source(glob: string): string {
  let s = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        i++;
        if (glob[i + 1] === '/') { i++; s += '(?:.*/)?'; } else s += '.*';
      } else s += '[^/]*';
    } else if (c === '?') s += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) { s += '\\{'; continue; }
      // alternatives are globs themselves: {stg_*,int_*}
      s += '(?:' + glob.slice(i + 1, end).split(',').map(source).join('|') + ')';
      i = end;
    } else s += escape(c);
  }
  return s;
}

function escape(s: string): string {
  return s.replace(/[.+^$()|[\]\\{}*?]/g, '\\$&');
}

export function matchGlob(glob: string, path: string): boolean {
  return globToRegExp(glob).test(path);
}
