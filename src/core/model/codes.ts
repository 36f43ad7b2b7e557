// Codes of model files (*.model.yaml): their shape and the semantic checks after the schema.
import type { CodeTable } from '../codes.js';

export const MODEL_CODES: CodeTable = {
  MODEL_SHAPE: { severity: 'error', meaning: 'the file is not a YAML mapping with a `model:` header (a dbt property file given as a model, an empty file)' },
  MODEL_INVALID: { severity: 'error', meaning: 'a command that needs a valid model was given one with errors; `modeler validate` lists them' },
  DUPLICATE_ENTITY: { severity: 'error', meaning: 'two entities have the same name' },
  DUPLICATE_COLUMN: { severity: 'error', meaning: 'two columns of one entity (or of one dbt model, there a warning) have the same name' },
  DUPLICATE_RELATIONSHIP: { severity: 'error', meaning: 'two relationships have the same name, or join the same columns the same way' },
  DUPLICATE_TERM: { severity: 'error', meaning: 'a glossary term is defined twice' },
  DUPLICATE_PREVIOUS_NAME: { severity: 'error', meaning: 'two entities or columns claim the same previous_name, so the rename is ambiguous' },
  PREVIOUS_NAME_EXISTS: { severity: 'warning', meaning: 'previous_name names something that still exists, so it is not read as a rename' },
  PK_NULLABLE: { severity: 'error', meaning: 'a primary key column is declared nullable' },
  UNKNOWN_ENTITY: { severity: 'error', meaning: 'a relationship names an entity the model does not define' },
  UNKNOWN_COLUMN: { severity: 'error', meaning: 'a relationship names a column its entity does not have' },
  ENDPOINT_ARITY: { severity: 'error', meaning: 'the two sides of a relationship list different numbers of columns' },
  CARDINALITY_KEYS: { severity: 'error or warning', meaning: "a relationship's cardinality does not fit the keys of its columns (the \"one\" side must be a primary key or unique)" },
  INDEX_UNKNOWN_ENTITY: { severity: 'error', meaning: 'an index names an entity the model does not define' },
  INDEX_UNKNOWN_COLUMN: { severity: 'error', meaning: 'an index names a column its entity does not have' },
  UNKNOWN_GLOSSARY_TERM: { severity: 'error or warning', meaning: 'a column is bound to a glossary term the model does not define (an error for a term like a defined one, else a warning)' },
};
