// What retrieval asks of an index: the built one (project-index.ts) and the one the CLI's cache
// opens without reading the project (cached-index.ts) both answer it, alike.
import type { IndexRecord, RecordKind } from './records.js';

export interface IndexView {
  readonly records: { readonly size: number; get(id: string): IndexRecord | undefined; values(): Iterable<IndexRecord> };
  get(id: string): IndexRecord | undefined;
  /** Bring validation issues up to date after changes (retrieval calls it first). */
  refreshIssues(): number;
  lexical(query: string, opts?: { limit?: number; kinds?: ReadonlySet<RecordKind> }): { id: string; score: number }[];
  lookup(name: string): IndexRecord[];
  /** The validation issues with a code (their names start `CODE:`), in the order records() gives them. */
  issuesWithCode(code: string): IndexRecord[];
  neighbours(id: string): IndexRecord[];
  lineage(id: string): { parents: IndexRecord[]; children: IndexRecord[] };
  unitRecords(unit: string): IndexRecord[];
  /** Records kept beside the project's (memory), replaced as a unit. */
  setExtraUnit(unit: string, recs: IndexRecord[]): void;
}
