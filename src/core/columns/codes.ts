// Codes of reading a model's columns from its SQL and comparing them with its YAML.
import type { CodeTable } from '../codes.js';

export const COLUMN_CODES: CodeTable = {
  SQL_COLUMN_NOT_IN_YAML: { severity: 'info', meaning: "a model's SQL returns a column its property YAML does not list (document it, or leave it undocumented on purpose)" },
  YAML_COLUMN_NOT_IN_SQL: { severity: 'warning', meaning: "a model's property YAML lists a column its SQL does not return (a renamed or removed column; its tests would fail)" },
  COLUMN_NOT_FOUND: { severity: 'error', meaning: 'column lineage was asked for a node or column the project does not have (the message names the nearest one)' },
};
