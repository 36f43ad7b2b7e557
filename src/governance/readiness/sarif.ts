// SARIF 2.1.0 for code scanning: one run, one rule per finding code, a region (startLine) for
// every result, and partialFingerprints that survive line moves (code + file + target).
import { createHash } from 'node:crypto';
import { ruleInfo, type Finding } from './findings.js';
import type { FileScore } from './score.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

export function toSarif(files: FileScore[], opts: { version: string; uriPrefix?: string }): object {
  const findings = files.flatMap((f) => f.findings);
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  const rules = codes.map((code) => {
    const sample = findings.find((f) => f.code === code)!;
    const info = ruleInfo(code, sample);
    return {
      id: code, name: camel(code),
      shortDescription: { text: info.title },
      fullDescription: { text: `${info.title} (weight ${info.weight}, category ${info.category}).` },
      defaultConfiguration: { level: LEVEL[info.severity] },
      properties: { category: info.category, weight: info.weight, tags: ['modeler', info.category] },
    };
  });
  const index = new Map(codes.map((c, i) => [c, i]));
  const results = findings.map((f: Finding) => ({
    ruleId: f.code, ruleIndex: index.get(f.code)!, level: LEVEL[f.severity],
    message: { text: f.hint ? `${f.message}. Fix: ${f.hint}` : f.message },
    locations: [{ physicalLocation: { artifactLocation: { uri: fileUri((opts.uriPrefix ?? '') + f.file), uriBaseId: '%SRCROOT%' }, region: { startLine: Math.max(1, f.line) } } }],
    partialFingerprints: { 'modelerFinding/v1': createHash('sha256').update(`${f.code}\u0000${f.file}\u0000${f.target}`).digest('hex').slice(0, 32) },
    properties: { category: f.category, weight: f.weight, target: f.target },
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'modeler', version: opts.version, informationUri: 'https://github.com/modeler-dev/modeler', rules } },
      automationDetails: { id: 'modeler-readiness/' },
      columnKind: 'unicodeCodePoints',
      results,
    }],
  };
}

function camel(code: string): string {
  return code.toLowerCase().split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** A relative path as a URI reference: spaces, '#', '%' and non-ASCII are percent-encoded per segment. */
function fileUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
