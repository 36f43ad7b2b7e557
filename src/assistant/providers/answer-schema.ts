// What a hosted model must return, as a zod schema: loaded with the first model call (zod is
// ~100 modules; the Local provider, and every command that asks no model, never needs it).
import { z } from 'zod';

/** What a model must return: the answer and its proposed changes in the proposal schema. */
export const AnswerSchema = z.object({
  answer: z.string().describe('The answer in Markdown, citing sources as path:line'),
  proposed_changes: z.array(z.object({
    op: z.enum(['create_file', 'update_file', 'patch_yaml']),
    path: z.string().describe('project-relative POSIX path'),
    content: z.string().nullable().describe('full new file text for create_file/update_file, else null'),
    patch: z.array(z.object({
      op: z.enum(['add', 'replace', 'remove']),
      path: z.string().describe('JSON pointer into the YAML document, e.g. /models/0/columns/2/data_tests/-'),
      value_json: z.string().nullable().describe('the value as JSON text (null for remove)'),
    })).nullable().describe('patch_yaml operations, else null'),
    rationale: z.string(),
    review_summary: z.string().describe('one line for the review list'),
  })),
});
export type ModelAnswer = z.infer<typeof AnswerSchema>;
let json: string | undefined;
/** The same as JSON Schema text, for a server asked for JSON without a schema. */
export const answerJsonSchema = (): string => (json ??= JSON.stringify(z.toJSONSchema(AnswerSchema)));
