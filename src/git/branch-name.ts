// Why a branch name is not legal, in words: the rules of `git check-ref-format --branch`
// (git stays the authority; this only names the broken rule instead of "not a valid name").

export function branchNameProblem(name: string): string | undefined {
  if (!name) return 'the name is empty';
  if (name.startsWith('-')) return 'a branch name cannot start with "-"';
  if (name === '@') return 'a branch cannot be named "@"';
  if (name === 'HEAD') return '"HEAD" is reserved';
  // eslint-disable-next-line no-control-regex
  const ctrl = /[\x00-\x1f\x7f]/.exec(name);
  if (ctrl) return `it contains a control character (code ${ctrl[0].charCodeAt(0)})`;
  const bad = /[ ~^:?*[\\]/.exec(name);
  if (bad) return bad[0] === ' ' ? 'it contains a space' : `it contains "${bad[0]}"`;
  if (name.includes('..')) return 'it contains ".."';
  if (name.includes('@{')) return 'it contains "@{"';
  if (name.startsWith('/') || name.endsWith('/')) return 'it starts or ends with "/"';
  if (name.includes('//')) return 'it contains "//"';
  if (name.endsWith('.')) return 'it ends with "."';
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return `the component "${part}" starts with "."`;
    if (part.endsWith('.lock')) return `the component "${part}" ends with ".lock"`;
  }
  return undefined;
}
