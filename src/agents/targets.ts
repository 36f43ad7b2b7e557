// What a declared foreign key points at (a ref, a source table, a bare name, "infer from the
// column"), resolved to the entity of the staging layer that stands for it.
import type { DbtNode, Project } from '../core/project/types.js';
import { columnTokens, keyShape } from './columns.js';
import type { StagingModel } from './entities.js';
import type { TargetRef } from './foreign-keys.js';
import { singularPhrase } from './inflection.js';
import type { EntityIndex } from './key-inference.js';
import { parseModelName, tokensOfEntityName } from './naming.js';

export interface ResolvedTarget {
  entity: string;
  /** The target model, when the declaration names one. */
  node?: DbtNode;
}

export function declaredTargetResolver(project: Project, byModel: Map<string, StagingModel>, index: EntityIndex) {
  const byNoun = (tokens: string[]) => index.get(tokens)?.name;
  const entity = (e: string | undefined): ResolvedTarget | undefined => (e ? { entity: e } : undefined);
  const byModelName = (name: string): ResolvedTarget | undefined => {
    const staged = byModel.get(name);
    if (staged) return staged.entity && staged.kind !== 'bridge' && staged.kind !== 'technical' ? { entity: staged.entity, node: staged.node } : undefined;
    // a seed is the project's own list of values (frais_v1, modes_accueil): no staging entity, whatever its noun
    if (project.seeds.some((s) => s.name === name)) return undefined;
    // a mart or intermediate model: its business noun may still name an entity (dim_customers), in the system
    // its name names when several systems have that noun (int_dora__structures_v1 is dora's structure)
    const parsed = parseModelName(name, [], { otherLayers: true });
    const e = index.get(parsed.tokens, parsed.source)?.name;
    return e ? { entity: e, node: project.modelByName.get(name) } : undefined;
  };
  return (t: TargetRef, column: string): ResolvedTarget | undefined => {
    switch (t.kind) {
      case 'ref': return byModelName(t.name);
      case 'source': {
        const dot = t.name.indexOf('.');
        return entity(byNoun(parseModelName(t.name.slice(dot + 1), dot > 0 ? [t.name.slice(0, dot)] : []).tokens));
      }
      case 'name':
        return byModelName(t.name) ?? entity(byNoun(tokensOfEntityName(t.name)) ?? byNoun(singularPhrase(tokensOfEntityName(t.name))));
      case 'infer': {
        const stem = keyShape(column)?.stem ?? singularPhrase(columnTokens(column));
        if (!stem.length) return undefined;
        return entity(byNoun(stem) ?? (stem.length > 1 ? byNoun(singularPhrase(stem.slice(-1))) : undefined));
      }
    }
  };
}
