// Model-diff input: two model files → (optional policy pre-flight on the new model) → the
// migration `modeler migrate` would write for the connector's dialect. The statements keep
// migrate's own `destructive` verdicts, which know the old and new column types.
import { readFileSync } from 'node:fs';
import { UserError, formatDiagnostic } from '../core/diagnostics.js';
import { compileSchema, schemaErrorsToDiagnostics } from '../core/json-schema.js';
import { requireModel } from '../core/model/load.js';
import { normalizeModel } from '../core/model/normalize.js';
import type { Model } from '../core/model/types.js';
import { generateMigration, type MigrationStatement } from '../sql/migrate.js';
import { parseYamlSource } from '../core/yaml-source.js';
import type { PolicyReport } from './types.js';
import { opt } from '../core/option-names.js';

export interface ModelDiffPlan {
  oldModel: Model;
  newModel: Model;
  sql: string;
  /** migrate's statements (notes included), with its own destructive verdicts */
  statements: MigrationStatement[];
  /** default migration name: `<model>_<old version>_to_<new version>` */
  name: string;
}

/** The policy pre-flight the pipeline calls in model-diff mode (wired to src/governance/policy). */
export type PolicyPreflight = (input: {
  oldModel: Model; newModel: Model; oldPath: string; newPath: string; policyPack?: string;
  /** the pack and every pack it extends must lie in this folder (the server's project); bundled packs aside */
  packRoot?: string;
}) => Promise<PolicyReport>;

/** Both models valid (and valid against --model-schema when given), then the migration. */
export function planModelDiff(oldPath: string, newPath: string, dialect: string, modelSchema?: string): ModelDiffPlan {
  const oldModel = requireModel(oldPath);
  const newModel = requireModel(newPath);
  if (modelSchema) {
    checkAgainstSchema(oldPath, modelSchema);
    checkAgainstSchema(newPath, modelSchema);
  }
  const { sql, statements } = generateMigration(oldModel, newModel, dialect);
  const name = `${newModel.model.name}_${oldModel.model.version}_to_${newModel.model.version}`.replace(/[^A-Za-z0-9_.-]+/g, '_');
  return { oldModel, newModel, sql, statements, name };
}

function checkAgainstSchema(modelPath: string, schemaPath: string): void {
  let schema: object;
  try {
    schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
  } catch (e: any) {
    throw new UserError(`cannot read ${opt('model_schema')} ${schemaPath}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
  let validate;
  try {
    validate = compileSchema(schema);
  } catch (e: any) {
    throw new UserError(`${opt('model_schema')} ${schemaPath} is not a valid JSON Schema: ${e.message}`);
  }
  const source = parseYamlSource(readFileSync(modelPath, 'utf8'), modelPath);
  // the custom schema sees the model as written and, failing that, in normal form
  if (validate(source.value) || validate(JSON.parse(JSON.stringify(normalizeModel(source.value))))) return;
  const first = schemaErrorsToDiagnostics(validate.errors, { file: modelPath, locate: source.locate, code: 'MODEL_SCHEMA' })[0];
  throw new UserError(`invalid model for ${opt('model_schema')}: ${formatDiagnostic({ ...first, hint: undefined })}`, 1, 'MODEL_INVALID');
}
