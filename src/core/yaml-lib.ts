// The `yaml` package (the reader that keeps comments and positions, and the writer), loaded the
// first time something parses or writes with it: it is ~70 modules, and a command that reads no
// file with it — `ask` answering from its kept project, `--version` — does not pay for them. Its
// functions are here under their own names; a class is reached through yaml().
import { createRequire } from 'node:module';

export type YamlLib = typeof import('yaml');

let lib: YamlLib | undefined;
export function yaml(): YamlLib {
  return (lib ??= createRequire(import.meta.url)('yaml') as YamlLib);
}

export const parse: YamlLib['parse'] = ((...a: Parameters<YamlLib['parse']>) => yaml().parse(...a)) as YamlLib['parse'];
export const parseDocument: YamlLib['parseDocument'] = ((...a: Parameters<YamlLib['parseDocument']>) => yaml().parseDocument(...a)) as YamlLib['parseDocument'];
export const stringify: YamlLib['stringify'] = ((...a: Parameters<YamlLib['stringify']>) => yaml().stringify(...a)) as YamlLib['stringify'];
export const isAlias: YamlLib['isAlias'] = ((n: unknown) => yaml().isAlias(n)) as YamlLib['isAlias'];
export const isCollection: YamlLib['isCollection'] = ((n: unknown) => yaml().isCollection(n)) as YamlLib['isCollection'];
export const isMap: YamlLib['isMap'] = ((n: unknown) => yaml().isMap(n)) as YamlLib['isMap'];
export const isPair: YamlLib['isPair'] = ((n: unknown) => yaml().isPair(n)) as YamlLib['isPair'];
export const isScalar: YamlLib['isScalar'] = ((n: unknown) => yaml().isScalar(n)) as YamlLib['isScalar'];
export const isSeq: YamlLib['isSeq'] = ((n: unknown) => yaml().isSeq(n)) as YamlLib['isSeq'];
