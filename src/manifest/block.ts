// Resolve one block for a consumer (an agent, a catalog): what it computes and how to call it.
// Only certified blocks are served unless the caller explicitly accepts other statuses.
import { UserError } from '../core/diagnostics.js';
import { didYouMeanSuffix } from '../core/suggest.js';
import type { Block, QlangManifest } from './types.js';
import { opt } from '../core/option-names.js';

export interface ResolvedBlock {
  name: string;
  domain: string;
  type: Block['type'];
  status: Block['status'];
  owner: string | null;
  description: string | null;
  tags: string[];
  modeler_contract: string | null;
  metric: string | null;
  query: string | null;
  /** Every parameter; `required` when it has no default. */
  params: { name: string; type: string; default?: unknown; required: boolean; description: string | null }[];
  /** Parameter defaults by name (only those that have one). */
  defaults: Record<string, unknown>;
  outputs: { name: string; type: string | null; description: string | null; lineage: { kind: string; ref: string }[] }[];
  llmContext: string | null;
  invariants: string[];
  examples: { question: string; sql?: string }[];
}

export class BlockRefusal extends UserError {
  constructor(message: string) {
    super(message, 1, 'BLOCK_REFUSED');
  }
}

export function findBlock(m: QlangManifest, name: string): Block {
  const exact = m.blocks.filter((b) => b.name === name);
  if (exact.length > 1) throw new BlockRefusal(`block '${name}' is defined ${exact.length} times in the manifest; refusing to guess`);
  if (exact.length === 1) return exact[0];
  const folded = m.blocks.filter((b) => b.name.toLowerCase() === name.toLowerCase());
  if (folded.length === 1) return folded[0];
  throw new BlockRefusal(`no block named '${name}' in the manifest${didYouMeanSuffix(name, m.blocks.map((b) => b.name))}`);
}

export function resolveBlock(m: QlangManifest, name: string, opts: { anyStatus?: boolean } = {}): ResolvedBlock {
  const b = findBlock(m, name);
  if (b.status !== 'certified' && !opts.anyStatus) {
    throw new BlockRefusal(`block '${b.name}' is ${b.status}, not certified; consumers get certified blocks only (pass ${opt('any_status')} to read it anyway)`);
  }
  const defaults: Record<string, unknown> = {};
  const params = (b.params ?? []).map((p) => {
    const has = Object.prototype.hasOwnProperty.call(p, 'default');
    if (has) defaults[p.name] = p.default;
    return { name: p.name, type: p.type, ...(has ? { default: p.default } : {}), required: !has, description: p.description ?? null };
  });
  return {
    name: b.name, domain: b.domain, type: b.type, status: b.status,
    owner: b.owner ?? null, description: b.description ?? null, tags: b.tags ?? [],
    modeler_contract: b.modeler_contract ?? null, metric: b.metric ?? null, query: b.query ?? null,
    params, defaults,
    outputs: (b.outputs ?? []).map((o) => ({ name: o.name, type: o.type ?? null, description: o.description ?? null, lineage: o.lineage ?? [] })),
    llmContext: b.llmContext ?? null, invariants: b.invariants ?? [], examples: b.examples ?? [],
  };
}

export function formatBlock(r: ResolvedBlock): string {
  const lines: string[] = [];
  lines.push(`block: ${r.name}`);
  lines.push(`  domain: ${r.domain}   type: ${r.type}   status: ${r.status}${r.owner ? `   owner: ${r.owner}` : ''}`);
  if (r.modeler_contract) lines.push(`  contract: ${r.modeler_contract}`);
  if (r.metric) lines.push(`  metric: ${r.metric}`);
  if (r.description) lines.push(`  description: ${r.description}`);
  if (r.tags.length) lines.push(`  tags: ${r.tags.join(', ')}`);
  if (r.params.length) {
    lines.push('params:');
    for (const p of r.params) lines.push(`  ${p.name}: ${p.type}${'default' in p ? ` = ${JSON.stringify(p.default)}` : ' (required)'}${p.description ? `  -- ${p.description}` : ''}`);
  }
  if (r.outputs.length) {
    lines.push('outputs:');
    for (const o of r.outputs) lines.push(`  ${o.name}${o.type ? `: ${o.type}` : ''}${o.lineage.length ? `  <- ${o.lineage.map((l) => `${l.kind}:${l.ref}`).join(', ')}` : ''}`);
  }
  if (r.llmContext) lines.push(`llmContext: ${r.llmContext}`);
  if (r.invariants.length) lines.push('invariants:', ...r.invariants.map((x) => `  - ${x}`));
  if (r.examples.length) lines.push('examples:', ...r.examples.map((x) => `  - ${x.question}${x.sql ? `\n    ${x.sql}` : ''}`));
  if (r.query) lines.push('query:', ...r.query.split('\n').map((l) => `  ${l}`));
  return lines.join('\n');
}
