// Declarations made downstream: a relationships test (or foreign key) on a mart or intermediate
// column is evidence for the staging entities its lineage leads back to. fct_order_items.listing_id
// → ref('dim_listings') says OrderItem.listing_id points at Listing when fct_order_items selects
// from stg_app__order_items (which has listing_id) and dim_listings from stg_app__listings.
import type { DbtNode, Project } from '../core/project/types.js';
import type { StagingLayer, StagingModel } from './entities.js';
import { foreignKeysOf, type ForeignKeyDecl } from './foreign-keys.js';
import { isUniqueColumn } from './keys.js';
import { parseModelName, pascalName } from './naming.js';
import { declaredTargetResolver } from './targets.js';
import { upstreamModels } from './staging.js';

export interface DownstreamDecl {
  decl: ForeignKeyDecl;
  /** The staging model that holds the column the declaration is about. */
  child: StagingModel;
  /** The column's name in that staging model. */
  column: string;
  parent: { entity: string; node?: DbtNode; column?: string };
}

export function downstreamDeclarations(project: Project, layer: StagingLayer): { found: DownstreamDecl[]; notes: string[] } {
  const notes: string[] = [];
  const found: DownstreamDecl[] = [];
  const declaring = project.models.filter((n) => !layer.byModel.has(n.name)).map((n) => ({ node: n, decls: foreignKeysOf(n) })).filter((x) => x.decls.length);
  if (!declaring.length) return { found, notes };
  const ancestors = stagingAncestors(project, layer);
  const resolve = declaredTargetResolver(project, layer.byModel, layer.index);
  let unplaced = 0;
  for (const { node, decls } of declaring) {
    const up = ancestors(node.name);
    if (!up.length) continue;
    const noun = pascalName(parseModelName(node.name, [], { otherLayers: true }).tokens);
    for (const decl of decls) {
      const lower = decl.column.toLowerCase();
      const holders = up.filter((m) => m.entity && m.kind !== 'technical' && m.node.columns.some((c) => c.name.toLowerCase() === lower));
      const child = holders.length === 1 ? holders[0] : holders.find((m) => m.entity === noun);
      if (!child) { unplaced++; continue; }
      const parent = parentOf(project, layer, ancestors, decl, resolve);
      if (!parent || parent.entity === child.entity) continue;
      found.push({ decl, child, column: child.node.columns.find((c) => c.name.toLowerCase() === lower)!.name, parent });
    }
  }
  if (unplaced) notes.push(`${unplaced} relationship declaration(s) on downstream models could not be traced to one staging column (no single upstream staging model has that column); not used.`);
  return { found, notes };
}

/** The entity a downstream declaration points at: the staging model behind its target that is keyed by the target column. */
function parentOf(project: Project, layer: StagingLayer, ancestors: (name: string) => StagingModel[], decl: ForeignKeyDecl,
  resolve: ReturnType<typeof declaredTargetResolver>): DownstreamDecl['parent'] | undefined {
  if (decl.target.kind === 'ref' && !layer.byModel.has(decl.target.name)) {
    const key = (decl.targetColumn ?? decl.column).toLowerCase();
    const up = ancestors(decl.target.name).filter((m) => m.entity && m.kind === 'entity');
    const keyed = up.filter((m) => isUniqueColumn(m.node, key) || m.ownKeys.has(key));
    const noun = pascalName(parseModelName(decl.target.name, [], { otherLayers: true }).tokens);
    const pick = keyed.length === 1 ? keyed[0] : up.find((m) => m.entity === noun) ?? (up.length === 1 ? up[0] : undefined);
    if (pick) return { entity: pick.entity!, node: pick.node, column: decl.targetColumn };
  }
  const r = resolve(decl.target, decl.column);
  return r && { entity: r.entity, node: r.node, column: decl.targetColumn };
}

/** Staging models a model selects from, directly or through other non-staging models (memoised). */
function stagingAncestors(project: Project, layer: StagingLayer): (name: string) => StagingModel[] {
  const memo = new Map<string, StagingModel[]>();
  const visit = (name: string, onPath: Set<string>): StagingModel[] => {
    const hit = memo.get(name);
    if (hit) return hit;
    const node = project.modelByName.get(name);
    if (!node || onPath.has(name)) return [];
    onPath.add(name);
    const out = new Set<StagingModel>();
    for (const up of upstreamModels(project, node)) {
      const staged = layer.byModel.get(up);
      if (staged) out.add(staged);
      else for (const s of visit(up, onPath)) out.add(s);
    }
    onPath.delete(name);
    const list = [...out];
    memo.set(name, list);
    return list;
  };
  return (name: string) => visit(name, new Set());
}
