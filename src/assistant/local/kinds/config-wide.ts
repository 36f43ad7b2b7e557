// A setting asked of the whole project: "which models are incremental?", "which sources have
// freshness checks?", "which models are tagged finance?", "who owns what?", "which models are
// Interfaces?". Each answer counts the matches against what was checked and lists them with their
// file:line, so the user sees the answer and its denominator.
import type { DbtNode, Project } from '../../../core/project/types.js';
import { ownerOf } from '../../index/build-nodes.js';
import { interfaceState } from '../facts.js';
import { list, plural, q, tableBullets, type Direct } from './shared.js';

const MATERIALIZATIONS = ['incremental', 'table', 'view', 'ephemeral', 'materialized_view', 'snapshot'];
const SHOWN = 20;

/** The project-wide answer for the first setting the question asks about, or undefined. */
export function projectConfigAnswer(project: Project, message: string, facets: string[], group?: { label: string; nodes: DbtNode[] }): Direct | undefined {
  const models = (group?.nodes ?? project.models).filter((n) => n.enabled !== false);
  const label = group?.label ?? 'models';
  for (const f of facets) {
    const d = f === 'materialized' ? materialized(models, message)
      : f === 'freshness' ? freshness(group ? group.nodes.filter((n) => n.resourceType === 'source') : project.sources)
      : f === 'tags' ? tagged(models, message, label)
      : f === 'owner' ? owners(models)
      : f === 'interface' ? interfaces(models)
      : undefined;
    if (d) return d;
  }
  return undefined;
}

const listed = (ns: DbtNode[]) => tableBullets(ns, SHOWN);

function materialized(models: DbtNode[], message: string): Direct {
  const asked = MATERIALIZATIONS.find((m) => new RegExp(`\\b${m.replace('_', '[ _]')}s?\\b`, 'i').test(message.replace(/\btables? or (an? )?views?\b|\bviews? or (an? )?tables?\b/gi, '')));
  const of = (n: DbtNode) => n.materialized ?? 'view';
  if (asked) {
    const hits = models.filter((n) => of(n) === asked);
    if (!hits.length) return { lead: `No model of the ${models.length} is materialized as ${q(asked)}.`, evidence: [] };
    return { lead: `${plural(hits.length, 'model')} of ${models.length} ${hits.length === 1 ? 'is' : 'are'} materialized as ${q(asked)}: ${list(hits.map((n) => q(n.name)), 8)}.`, evidence: listed(hits) };
  }
  const by = new Map<string, number>();
  for (const n of models) by.set(of(n), (by.get(of(n)) ?? 0) + 1);
  const parts = [...by].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([m, k]) => `${k} ${q(m)}`);
  return { lead: `The project's ${plural(models.length, 'model')} are materialized as: ${list(parts, 8)}.`, evidence: [] };
}

function freshness(sources: DbtNode[]): Direct {
  if (!sources.length) return { lead: 'The project declares no sources, so no freshness check.', evidence: [] };
  const checked = sources.filter((s) => s.freshness && Object.values(s.freshness).some((v) => v != null));
  if (!checked.length) return { lead: `None of the ${plural(sources.length, 'source table')} has a freshness check (no freshness: warn_after/error_after in its YAML).`, evidence: [] };
  const noField = checked.filter((s) => !s.loadedAtField);
  const evidence = listed(checked);
  if (noField.length) evidence.unshift(`${plural(noField.length, 'of them has', 'of them have')} no loaded_at_field, which dbt needs to run the check: ${list(noField.map((s) => q(s.name)), 6)}.`);
  return { lead: `${plural(checked.length, 'source table')} of ${sources.length} ${checked.length === 1 ? 'has' : 'have'} a freshness check: ${list(checked.map((n) => q(n.name)), 8)}.`, evidence };
}

function tagged(models: DbtNode[], message: string, label: string): Direct {
  const all = new Map<string, DbtNode[]>();
  for (const n of models) for (const t of n.tags) all.set(t, [...(all.get(t) ?? []), n]);
  // a tag is asked for by name beside the word ("tagged finance", "the finance tag"), not by a word
  // of the question that happens to be a tag too ("the staging models")
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const asked = [...all.keys()].find((t) => new RegExp(`\\b(tagged|tags?|with)\\s+(the\\s+)?['"\`]?${esc(t)}\\b|\\b${esc(t)}['"\`]?\\s+tags?\\b`, 'i').test(message));
  if (asked) {
    const hits = all.get(asked)!;
    return { lead: `${plural(hits.length, 'model')} of ${models.length} ${hits.length === 1 ? 'is' : 'are'} tagged ${q(asked)}: ${list(hits.map((n) => q(n.name)), 8)}.`, evidence: listed(hits) };
  }
  // "tagged finance" naming a tag no model has: say so before listing the tags there are
  const named = /\btagged\s+(?:with\s+)?['"`]?([\w-]+)/i.exec(message)?.[1];
  const none = named ? `No model of the ${models.length} is tagged ${q(named)}. ` : '';
  if (!all.size) return { lead: named ? `No model of the ${models.length} is tagged ${q(named)}: none has a tag.` : `No model of the ${models.length} has a tag.`, evidence: [] };
  const parts = [...all].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)).map(([t, ns]) => `${q(t)} ${ns.length}`);
  return { lead: `${none}The ${label}' tags, with how many carry each: ${list(parts, 12)}.`, evidence: [] };
}

function owners(models: DbtNode[]): Direct {
  const by = new Map<string, DbtNode[]>();
  for (const n of models) { const o = ownerOf(n); if (o) by.set(o, [...(by.get(o) ?? []), n]); }
  const owned = [...by.values()].reduce((k, ns) => k + ns.length, 0);
  if (!owned) return { lead: `No model of the ${models.length} names an owner (meta.owner, meta.modeler.interface.owner or a group's owner).`, evidence: [] };
  const parts = [...by].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)).map(([o, ns]) => `${q(o)} ${ns.length}`);
  return { lead: `${plural(owned, 'model')} of ${models.length} name an owner: ${list(parts, 10)}; ${models.length - owned} name none.`, evidence: [...by].map(([o, ns]) => `- ${o}: ${list(ns.map((n) => n.name), 10)}`) };
}

function interfaces(models: DbtNode[]): Direct {
  const hits = models.filter((n) => interfaceState(n));
  if (!hits.length) return { lead: `No model of the ${models.length} is an Interface (meta.modeler.interface).`, evidence: [] };
  return { lead: `${plural(hits.length, 'model')} of ${models.length} ${hits.length === 1 ? 'is an Interface' : 'are Interfaces'}: ${list(hits.map((n) => `${q(n.name)} (${interfaceState(n)})`), 8)}.`, evidence: listed(hits) };
}
