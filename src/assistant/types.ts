// Shapes shared by the assistant's core functions and its faces (server routes, CLI, MCP).
import type { ProposalChange } from '../proposals/types.js';
import type { RecordKind } from './index/records.js';

/** What the user had selected when asking (an object on the canvas, a file, a validation row, text). */
export interface SelectedContext {
  kind?: string;
  name?: string;
  path?: string;
  line?: number;
  selectedText?: string;
  layer?: string;
  /** The diagram open on the canvas: specific questions favour what it shows. */
  diagram?: string;
  /** A validation row: its code. */
  code?: string;
  [k: string]: unknown;
}

export type StageName =
  | 'selected_object' | 'structured_lookup' | 'lexical_search' | 'graph_expansion'
  | 'validation_findings' | 'skills' | 'memory';

export const PIPELINE: StageName[] = ['selected_object', 'structured_lookup', 'lexical_search', 'graph_expansion', 'validation_findings', 'skills', 'memory'];

/** One source a retrieval found, as every face shows it. */
export interface Source {
  id: string;
  kind: RecordKind;
  name: string;
  path?: string;
  line?: number;
  score: number;
  /** The pipeline stage that gave it its score. */
  stage: StageName;
  title: string;
}

export interface StageReport { stage: StageName; contributed: number; ms: number; note?: string }

export interface SkillsRequest { pinned?: string[]; disabled?: string[] }

/** A proposed change as the assistant returns it: the shared change model plus its validation verdict. */
export interface CheckedChange extends ProposalChange {
  /** false when validation blocks it; it is still shown, never applied. */
  valid: boolean;
  blocked?: { code: string; message: string; details?: Record<string, unknown> };
  warnings?: string[];
}
