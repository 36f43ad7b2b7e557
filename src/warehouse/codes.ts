// Codes of `apply`: the report's error.code once the inputs are understood, and the usage-level
// failures before anything runs.
import type { CodeTable } from '../core/codes.js';

export const WAREHOUSE_CODES: CodeTable = {
  DRIVER_MISSING: { severity: 'error', meaning: "the connector's driver package is not installed (the message names the npm package)" },
  TRANSACTION_CONTROL: { severity: 'error', meaning: 'the SQL holds BEGIN/COMMIT/ROLLBACK; apply manages transactions itself' },
  MODEL_SCHEMA: { severity: 'error', meaning: 'a model does not satisfy the extra JSON Schema given for the model-diff mode' },
  CONNECT_FAILED: { severity: 'error', meaning: 'the warehouse cannot be reached or refused the login; nothing ran' },
  CHECKSUM_DRIFT: { severity: 'error', meaning: "a migration of this name was applied with other statements; applied migrations must not change (write a new one)" },
  DESTRUCTIVE_REFUSED: { severity: 'error', meaning: 'the migration drops or narrows something and destructive statements were not allowed; nothing ran' },
  POLICY_FAILED: { severity: 'error', meaning: 'the new model fails the policy pack of the pre-flight; nothing ran' },
  DRY_RUN_CHECK_FAILED: { severity: 'error', meaning: 'a dry run found a statement that would fail' },
  STATEMENT_FAILED: { severity: 'error', meaning: 'a statement failed; with transactional DDL everything was rolled back, else the ledger row says partial' },
  APPLY_FAILED: { severity: 'error', meaning: 'the run failed outside any one statement (the session, the ledger lookup, a commit)' },
  LEDGER_WRITE_FAILED: { severity: 'error', meaning: 'every statement ran but the ledger row could not be written; record it before the next run' },
};
