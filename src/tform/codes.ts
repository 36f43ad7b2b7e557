// Codes of writing to the dbt project (tform sync, contracts enforce).
import type { CodeTable } from '../core/codes.js';

export const TFORM_CODES: CodeTable = {
  CONTRACT_PREFLIGHT: { severity: 'error', meaning: 'a model whose contract is (to be) enforced has columns without a concrete data_type, which dbt would reject; nothing is written for it' },
  CONTRACT_NO_YAML: { severity: 'error', meaning: 'a selected model has no entry in a property file to write the contract setting into' },
};
