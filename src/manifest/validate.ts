// Validate a qlang project manifest: the JSON Schema first, then what a schema cannot say —
// unique ids, lineage edges and app members that name things the manifest does not contain,
// lineage edges that close a cycle, and the certified-block rules.
import { hasErrors, type Diagnostic, type Severity } from '../core/diagnostics.js';
import { didYouMeanSuffix } from '../core/suggest.js';
import { Digraph, findBackEdges } from './graph.js';
import { parseJsonDocument, readJsonText } from './read-json.js';
import type { QlangManifest } from './types.js';

export const QLANG_SCHEMA = 'qlang-manifest.schema.json';

export interface ManifestCheck {
  file: string;
  manifest?: QlangManifest;
  /** Schema-valid (the manifest can be read); semantic errors may still be present. */
  readable: boolean;
  diagnostics: Diagnostic[];
  ok: boolean;
  /** Add line/column to further diagnostics about this file (e.g. contract drift). */
  locate(ds: Diagnostic[]): Diagnostic[];
}

/** Hint for a manifest written in the peer compiler's naming or its native format. */
function formatHint(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if ('manifestVersion' in v && !('manifestSpecVersion' in v)) {
    return 'this looks like a compiler-native manifest (manifestVersion, blocks keyed by name); modeler reads the spec form with manifestSpecVersion and block arrays';
  }
  if ('dqlVersion' in v || JSON.stringify(v).includes('"datalex_contract"')) {
    return 'this manifest uses the peer naming; rename dqlVersion→qlangVersion, datalex_contract→modeler_contract, dbt_*→tform_*, dql_block/dql_app→qlang_block/qlang_app';
  }
  return undefined;
}

export function checkManifestText(text: string, file: string): ManifestCheck {
  const doc = parseJsonDocument<QlangManifest>(text, file, QLANG_SCHEMA, {
    unknownKeyHint: 'the spec allows extra keys only at the root and on blocks, apps and dashboards; remove this key',
  });
  if (!doc.value) {
    let ds = doc.diagnostics;
    if (ds.length && ds[0].code !== 'JSON_SYNTAX') {
      try {
        const hint = formatHint(JSON.parse(text));
        if (hint) ds = [{ ...ds[0], hint }, ...ds.slice(1)];
      } catch { /* already reported */ }
    }
    return { file, readable: false, diagnostics: ds, ok: false, locate: doc.locate };
  }
  const diagnostics = doc.locate(semanticChecks(doc.value, file));
  return { file, manifest: doc.value, readable: true, diagnostics, ok: !hasErrors(diagnostics), locate: doc.locate };
}

export function checkManifestFile(path: string): ManifestCheck {
  return checkManifestText(readJsonText(path), path);
}

export function semanticChecks(m: QlangManifest, file?: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (code: string, severity: Severity, path: string, message: string, hint?: string) =>
    out.push({ code, severity, file, path, message, ...(hint ? { hint } : {}) });

  const blocks = new Map<string, number>();
  m.blocks.forEach((b, i) => {
    if (blocks.has(b.name)) {
      add('DUPLICATE_BLOCK', 'error', `/blocks/${i}/name`, `block '${b.name}' is defined twice (first at /blocks/${blocks.get(b.name)})`, 'block names must be unique; rename or remove one');
    } else blocks.set(b.name, i);
  });
  const unique = (list: { id: string }[] | undefined, what: string, code: string, at: string) => {
    const seen = new Map<string, number>();
    (list ?? []).forEach((x, i) => {
      if (seen.has(x.id)) add(code, 'error', `/${at}/${i}/id`, `${what} id '${x.id}' is used twice (first at /${at}/${seen.get(x.id)})`);
      else seen.set(x.id, i);
    });
    return seen;
  };
  const apps = unique(m.apps, 'app', 'DUPLICATE_APP', 'apps');
  const dashboards = unique(m.dashboards, 'dashboard', 'DUPLICATE_DASHBOARD', 'dashboards');
  const notebooks = unique(m.notebooks, 'notebook', 'DUPLICATE_NOTEBOOK', 'notebooks');

  m.blocks.forEach((b, i) => blockChecks(b, i, blocks, m, add));

  (m.apps ?? []).forEach((a, i) => {
    const members: [keyof typeof a & ('dashboards' | 'notebooks' | 'blocks'), Map<string, number>, string][] = [
      ['dashboards', dashboards, 'APP_UNKNOWN_DASHBOARD'], ['notebooks', notebooks, 'APP_UNKNOWN_NOTEBOOK'], ['blocks', blocks, 'APP_UNKNOWN_BLOCK'],
    ];
    for (const [key, known, code] of members) {
      (a[key] ?? []).forEach((ref, j) => {
        if (!known.has(ref)) {
          add(code, 'error', `/apps/${i}/${key}/${j}`, `app '${a.id}' names ${key.slice(0, -1)} '${ref}', which the manifest does not define${didYouMeanSuffix(ref, known.keys())}`);
        }
      });
    }
  });

  const edges = m.lineage?.edges ?? [];
  const g = new Digraph();
  edges.forEach((e, i) => {
    for (const side of ['from', 'to'] as const) {
      const ep = e[side];
      if (ep.kind === 'qlang_block' && !blocks.has(ep.ref)) {
        add('LINEAGE_UNKNOWN_BLOCK', 'error', `/lineage/edges/${i}/${side}`, `lineage edge ${i} ${side} names block '${ep.ref}', which the manifest does not define${didYouMeanSuffix(ep.ref, blocks.keys())}`);
      } else if (ep.kind === 'qlang_app' && !apps.has(ep.ref)) {
        add('LINEAGE_UNKNOWN_APP', 'error', `/lineage/edges/${i}/${side}`, `lineage edge ${i} ${side} names app '${ep.ref}', which the manifest does not define${didYouMeanSuffix(ep.ref, apps.keys())}`);
      }
    }
    g.addEdge(g.id(e.from.kind, e.from.ref), g.id(e.to.kind, e.to.ref), i);
  });
  for (const be of findBackEdges(g)) {
    const e = edges[be.tag];
    const shown = be.cycle.length > 12 ? [...be.cycle.slice(0, 6), '…', ...be.cycle.slice(-5)] : be.cycle;
    add('LINEAGE_CYCLE', 'error', `/lineage/edges/${be.tag}`,
      `lineage edge ${e.from.kind}:${e.from.ref} -> ${e.to.kind}:${e.to.ref} closes a cycle: ${shown.join(' -> ')}`,
      'lineage is a DAG from sources to apps; remove or reverse the edge');
  }
  return out;
}

type Add = (code: string, severity: Severity, path: string, message: string, hint?: string) => void;

function blockChecks(b: QlangManifest['blocks'][number], i: number, blocks: Map<string, number>, m: QlangManifest, add: Add): void {
  const at = `/blocks/${i}`;
  const dupes = (list: { name: string }[] | undefined, key: string, what: string) => {
    const seen = new Set<string>();
    (list ?? []).forEach((x, j) => {
      if (seen.has(x.name)) add(`DUPLICATE_${what.toUpperCase()}`, 'error', `${at}/${key}/${j}/name`, `block '${b.name}' declares ${what} '${x.name}' twice`);
      seen.add(x.name);
    });
  };
  dupes(b.params, 'params', 'param');
  dupes(b.outputs, 'outputs', 'output');
  const version = /@([0-9]+)$/.exec(b.modeler_contract ?? '')?.[1];
  if (version !== undefined && !/^[1-9][0-9]*$/.test(version)) {
    add('CONTRACT_REF_VERSION', 'error', `${at}/modeler_contract`, `block '${b.name}' pins contract version '@${version}'; versions are integers from 1 without leading zeros`);
  }
  if (b.type === 'custom' && !b.query) add('CUSTOM_NO_QUERY', 'warning', at, `custom block '${b.name}' has no query`, 'add the block\'s SQL as query');
  if (b.type === 'semantic' && !b.metric) add('SEMANTIC_NO_METRIC', 'warning', at, `semantic block '${b.name}' names no metric`, 'set metric to the semantic-layer metric it delegates to');
  (b.outputs ?? []).forEach((o, j) => (o.lineage ?? []).forEach((l, k) => {
    if (l.kind !== 'block_column') return;
    const cut = l.ref.lastIndexOf('.');
    const owner = cut > 0 ? l.ref.slice(0, cut) : '';
    const col = l.ref.slice(cut + 1);
    const bi = blocks.get(owner);
    if (bi === undefined) {
      add('LINEAGE_UNKNOWN_BLOCK_COLUMN', 'error', `${at}/outputs/${j}/lineage/${k}/ref`,
        `output '${b.name}.${o.name}' derives from block column '${l.ref}', but no block '${owner}' exists${didYouMeanSuffix(owner, blocks.keys())}`,
        'block_column refs are <block>.<column>');
    } else if (m.blocks[bi].outputs && !m.blocks[bi].outputs!.some((x) => x.name === col)) {
      add('LINEAGE_UNKNOWN_BLOCK_COLUMN', 'error', `${at}/outputs/${j}/lineage/${k}/ref`,
        `output '${b.name}.${o.name}' derives from '${l.ref}', but block '${owner}' has no output '${col}'${didYouMeanSuffix(col, m.blocks[bi].outputs!.map((x) => x.name))}`);
    }
  }));
  if (b.status !== 'certified') return;
  if (!b.owner) add('CERTIFIED_NO_OWNER', 'error', at, `certified block '${b.name}' has no owner`, 'a certified block needs an accountable owner; set owner');
  if (!b.outputs?.length) {
    add('CERTIFIED_NO_LINEAGE', 'warning', at, `certified block '${b.name}' declares no outputs, so it has no column lineage`,
      'list its outputs with lineage; the spec makes column lineage required for certified blocks once it ships');
    return;
  }
  b.outputs.forEach((o, j) => {
    if (!o.lineage?.length) {
      add('CERTIFIED_NO_LINEAGE', 'warning', `${at}/outputs/${j}`, `certified block '${b.name}' output '${o.name}' has no column lineage`,
        'add lineage entries; the spec makes them required for certified blocks once column lineage ships');
    }
  });
}
