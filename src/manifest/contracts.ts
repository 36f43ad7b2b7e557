// Contract drift: every block that names a modeler_contract must resolve it in the modeler
// manifest (a pinned @N must exist) and must output every column the contract promises, with a
// compatible type. Drift is an error whatever the block's status. Without a modeler manifest
// nothing can be verified: certified blocks then fail (closed), other blocks get a warning.
import { hasErrors, type Diagnostic, type Severity } from '../core/diagnostics.js';
import { didYouMeanSuffix } from '../core/suggest.js';
import type { ModelerManifest, ModelerContract } from './modeler-manifest.js';
import { compatibleType } from './type-compat.js';
import type { Block, QlangManifest } from './types.js';
import { opt } from '../core/option-names.js';

const CONTRACT_ID = /^[a-zA-Z][a-zA-Z0-9_]*\.[A-Z][A-Za-z0-9]*\.[a-z][a-z0-9_]*$/;

export interface ContractRef { id: string; version?: number }

/** `domain.Entity.name` or `domain.Entity.name@N` (N a canonical integer ≥ 1); anything else is malformed. */
export function parseContractRef(ref: string): ContractRef | { error: string } {
  const at = ref.indexOf('@');
  const id = at < 0 ? ref : ref.slice(0, at);
  if (!CONTRACT_ID.test(id)) return { error: `'${id}' is not domain.Entity.contract_name` };
  if (at < 0) return { id };
  const v = ref.slice(at + 1);
  if (!/^[1-9][0-9]*$/.test(v)) return { error: `version '@${v}' is not an integer from 1 without leading zeros` };
  return { id, version: Number(v) };
}

export interface IndexedContract { contract: ModelerContract; domain: string; entity: string }

export function indexContracts(mm: ModelerManifest): Map<string, IndexedContract[]> {
  const byId = new Map<string, IndexedContract[]>();
  for (const d of mm.domains) for (const e of d.entities) for (const c of e.contracts ?? []) {
    const list = byId.get(c.id) ?? [];
    list.push({ contract: c, domain: d.name, entity: e.name });
    byId.set(c.id, list);
  }
  for (const list of byId.values()) list.sort((a, b) => a.contract.version - b.contract.version);
  return byId;
}

export interface ContractCheck {
  block: string;
  contract: string;
  /** `id@version` that was checked, when the reference resolved. */
  resolved?: string;
  result: 'ok' | 'drift' | 'unresolved' | 'unverified';
  outputsChecked: number;
}

export interface ContractCheckResult {
  checks: ContractCheck[];
  diagnostics: Diagnostic[];
  ok: boolean;
}

/**
 * @param mm the modeler manifest, or undefined when there is none (fail closed for certified blocks)
 * @param missingWhy how to describe the absent modeler manifest in messages
 */
export function checkContracts(q: QlangManifest, mm: ModelerManifest | undefined, opts: { file?: string; missingWhy?: string } = {}): ContractCheckResult {
  const diagnostics: Diagnostic[] = [];
  const checks: ContractCheck[] = [];
  const index = mm ? indexContracts(mm) : undefined;
  q.blocks.forEach((b, i) => {
    if (!b.modeler_contract) return;
    const at = `/blocks/${i}`;
    const add = (code: string, severity: Severity, path: string, message: string, hint?: string) =>
      diagnostics.push({ code, severity, file: opts.file, path, message, ...(hint ? { hint } : {}) });
    const ref = b.modeler_contract;
    const check: ContractCheck = { block: b.name, contract: ref, result: 'ok', outputsChecked: 0 };
    checks.push(check);
    const parsed = parseContractRef(ref);
    if ('error' in parsed) {
      add('CONTRACT_REF_MALFORMED', 'error', `${at}/modeler_contract`, `block '${b.name}': modeler_contract '${ref}' is malformed: ${parsed.error}`);
      check.result = 'unresolved';
      return;
    }
    if (!index) {
      const certified = b.status === 'certified';
      add('CONTRACT_MANIFEST_MISSING', certified ? 'error' : 'warning', `${at}/modeler_contract`,
        `block '${b.name}' (${b.status}) implements contract '${ref}', but ${opts.missingWhy ?? 'no modeler manifest was given'}, so the contract cannot be verified`,
        `build one with \`modeler manifest build --project <dir> --out modeler-manifest.json\` and pass ${opt('modeler_manifest')}`);
      check.result = 'unverified';
      return;
    }
    const candidates = index.get(parsed.id);
    if (!candidates?.length) {
      add('CONTRACT_NOT_FOUND', 'error', `${at}/modeler_contract`,
        `block '${b.name}': contract '${parsed.id}' is not in the modeler manifest${didYouMeanSuffix(parsed.id, index.keys())}`);
      check.result = 'unresolved';
      return;
    }
    let chosen: IndexedContract | undefined;
    if (parsed.version !== undefined) {
      chosen = candidates.find((c) => c.contract.version === parsed.version);
      if (!chosen) {
        add('CONTRACT_VERSION_MISSING', 'error', `${at}/modeler_contract`,
          `block '${b.name}': contract '${parsed.id}' has no version ${parsed.version} (available: ${candidates.map((c) => c.contract.version).join(', ')})`);
        check.result = 'unresolved';
        return;
      }
    } else {
      chosen = candidates[candidates.length - 1];
      add('CONTRACT_UNPINNED', 'warning', `${at}/modeler_contract`,
        `block '${b.name}': contract '${parsed.id}' is not pinned; checked against the latest version ${chosen.contract.version}`,
        `pin it as ${parsed.id}@${chosen.contract.version}`);
    }
    const full = `${chosen.contract.id}@${chosen.contract.version}`;
    check.resolved = full;
    if (chosen.contract.status === 'deprecated') {
      add('CONTRACT_DEPRECATED', 'warning', `${at}/modeler_contract`, `block '${b.name}' implements deprecated contract '${full}'`);
    }
    const drift = outputDrift(b, chosen.contract, full, at, add);
    check.outputsChecked = chosen.contract.signature?.outputs?.length ?? 0;
    if (drift) check.result = 'drift';
  });
  return { checks, diagnostics, ok: !hasErrors(diagnostics) };
}

type Add = (code: string, severity: Severity, path: string, message: string, hint?: string) => void;

function outputDrift(b: Block, c: ModelerContract, full: string, at: string, add: Add): boolean {
  let drift = false;
  const outputs = b.outputs ?? [];
  const byName = new Map(outputs.map((o, j) => [o.name, j]));
  for (const want of c.signature?.outputs ?? []) {
    const j = byName.get(want.name);
    if (j === undefined) {
      drift = true;
      add('CONTRACT_OUTPUT_MISSING', 'error', outputs.length ? `${at}/outputs` : at,
        `block '${b.name}' implements contract '${full}' but does not output column '${want.name}'${didYouMeanSuffix(want.name, byName.keys())}`,
        `add '${want.name}' to the block's query and outputs, or pin a contract version without it`);
      continue;
    }
    const got = outputs[j];
    const compat = compatibleType(want.type, got.type);
    if (!compat.ok) {
      drift = true;
      add('CONTRACT_OUTPUT_TYPE', 'error', `${at}/outputs/${j}`,
        `block '${b.name}' implements contract '${full}', but column '${want.name}' has an incompatible type: ${compat.reason}`,
        `make the block output '${want.name}' as ${want.type}`);
    }
  }
  const promised = new Set((c.signature?.outputs ?? []).map((o) => o.name));
  outputs.forEach((o, j) => {
    if (!promised.has(o.name)) add('CONTRACT_EXTRA_OUTPUT', 'info', `${at}/outputs/${j}`, `block '${b.name}' outputs '${o.name}', which contract '${full}' does not promise`);
  });
  return drift;
}
