import { LAYERS } from '../../layers.js';
import type { RuleType } from '../types.js';

export const regexPerLayer: RuleType = {
  type: 'regex_per_layer',
  summary: 'object names match the pattern of their layer (stg, int, fct, dim, mart)',
  params: { patterns: { kind: 'regexMap', default: { stg: '^stg_', int: '^int_', fct: '^fct_', dim: '^dim_', mart: '^[a-z][a-z0-9_]*$' } } },
  validate(p) {
    return Object.keys(p.patterns ?? {}).filter((k) => !(LAYERS as readonly string[]).includes(k)).map((k) => `patterns.${k}: unknown layer (use ${LAYERS.join(', ')})`);
  },
  check(s, p) {
    const out = [];
    for (const layer of s.layers) {
      const re = p.patterns?.[layer];
      if (re && !new RegExp(re).test(s.name)) out.push({ message: `${s.resource} '${s.name}' is in layer ${layer} but its name does not match ${re}`, hint: `rename it, or move it to the folder of its layer`, at: ['name'] });
    }
    return out;
  },
};
