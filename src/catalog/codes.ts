// Codes of the catalog export (emit catalog).
import type { CodeTable } from '../core/codes.js';

export const CATALOG_CODES: CodeTable = {
  NO_GLOSSARY: { severity: 'error', meaning: 'the model has no glossary: section to export' },
  CATALOG_SETTING: { severity: 'error', meaning: 'a catalog setting (platform, env, connection, …) has a value the catalogs cannot take; from the model header it is located there' },
  CATALOG_IDENTIFIER: { severity: 'error', meaning: 'a name cannot be expressed in a target catalog\'s identifiers' },
};
