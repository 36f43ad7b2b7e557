// Codes of SQL and DBML in and out (import, generate, migrate).
import type { CodeTable } from '../core/codes.js';

export const SQL_CODES: CodeTable = {
  UNKNOWN_DIALECT: { severity: 'error', meaning: 'a dialect name that is not one of the supported dialects or their aliases' },
  SQL_SYNTAX: { severity: 'error', meaning: "a DDL file does not parse in the dialect it is read as; nothing is imported (name the dialect if detection chose another)" },
  DBML_SYNTAX: { severity: 'error', meaning: 'a DBML file does not parse; nothing is imported' },
};
