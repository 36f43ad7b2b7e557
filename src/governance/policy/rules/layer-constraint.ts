import { LAYERS } from '../../layers.js';
import type { RuleType } from '../types.js';

export const layerConstraint: RuleType = {
  type: 'layer_constraint',
  summary: 'per layer: allowed materializations and required attributes (checked on the object, its config and meta)',
  params: { layers: { kind: 'object', default: {} } },
  validate(p) {
    const errs: string[] = [];
    for (const [k, v] of Object.entries<any>(p.layers ?? {})) {
      if (!(LAYERS as readonly string[]).includes(k)) errs.push(`layers.${k}: unknown layer (use ${LAYERS.join(', ')})`);
      if (!v || typeof v !== 'object') { errs.push(`layers.${k}: must be a mapping with materialization and/or requires`); continue; }
      for (const key of Object.keys(v)) if (key !== 'materialization' && key !== 'requires') errs.push(`layers.${k}.${key}: unknown key (use materialization, requires)`);
      for (const key of ['materialization', 'requires']) if (v[key] !== undefined && !(Array.isArray(v[key]) && v[key].every((x: unknown) => typeof x === 'string'))) errs.push(`layers.${k}.${key}: must be a list of strings`);
    }
    return errs;
  },
  check(s, p) {
    const out = [];
    for (const layer of s.layers) {
      const c = p.layers?.[layer];
      if (!c) continue;
      if (c.materialization?.length && s.materialized && !c.materialization.includes(s.materialized)) {
        out.push({ message: `${s.resource} '${s.name}' (layer ${layer}) is materialized as ${s.materialized}; allowed: ${c.materialization.join(', ')}`, hint: `set config.materialized to ${c.materialization[0]}`, at: ['config', 'materialized'] });
      }
      for (const attr of c.requires ?? []) {
        const v = s.raw?.[attr] ?? s.raw?.config?.[attr] ?? s.meta?.[attr] ?? s.raw?.config?.meta?.[attr];
        if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) {
          out.push({ message: `${s.resource} '${s.name}' (layer ${layer}) needs '${attr}'`, hint: `add ${attr} (on the object or under meta)`, at: ['name'] });
        }
      }
    }
    return out;
  },
};
