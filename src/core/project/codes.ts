// Codes of reading a dbt-style project as `dbt parse` does (YAML, SQL, doc blocks, target/*.json, skills).
import type { CodeTable } from '../codes.js';

export const PROJECT_CODES: CodeTable = {
  PROJECT_NO_DBT_PROJECT: { severity: 'warning', meaning: "the folder has no dbt_project.yml; dbt's default paths are assumed (run on the folder that holds it)" },
  DBT_YAML_SHAPE: { severity: 'error', meaning: 'a dbt property file is valid YAML but not in the shape dbt expects (e.g. models: is not a list)' },
  DUPLICATE_MODEL: { severity: 'error', meaning: 'two enabled files define a model of the same name, which dbt refuses (a disabled one of the same name is kept as a disabled node, as dbt keeps it)' },
  DUPLICATE_MODEL_UNDECIDED: { severity: 'warning', meaning: "two files define a model of the same name and whether both are enabled depends on something not known here (the target, a var); dbt refuses the project if they are; the first is read" },
  YAML_WITHOUT_NODE: { severity: 'warning', meaning: 'a property file describes a model, seed or snapshot that no file defines' },
  CONFIG_NOT_EVALUATED: { severity: 'info', meaning: "a model's enabled setting depends on something not known here (a var without a value); it is read as enabled" },
  SQL_CONFIG_UNREADABLE: { severity: 'warning', meaning: 'a config() call in a SQL file cannot be read; its settings are ignored' },
  DOC_UNCLOSED: { severity: 'error', meaning: 'a {% docs %} block has no {% enddocs %}' },
  DOC_DUPLICATE: { severity: 'error', meaning: 'two doc blocks have the same name' },
  SKILL_FRONTMATTER: { severity: 'error', meaning: "a skill file's frontmatter (between the --- lines) is not valid YAML" },
  PACKAGES_NOT_INSTALLED: { severity: 'warning', meaning: 'packages.yml (or dependencies.yml) lists a package that is not installed under packages-install-path (run `dbt deps`): the macros and models it defines are unknown, so SQL that calls them is read only in part' },
  TARGET_JSON: { severity: 'warning', meaning: 'a target/*.json file (manifest, catalog) does not parse; re-run dbt parse to regenerate it' },
  TARGET_NOT_FOUND: { severity: 'warning', meaning: 'the profiles folder, profile or target the command was given is not there; target.* in configs is not evaluated. A --target that the project\'s profile in profiles.yml does not have is refused instead (exit 64, naming the targets it has), as dbt refuses it' },
  PROFILE_INVALID: { severity: 'warning', meaning: 'profiles.yml is not valid YAML; target.* in configs is not evaluated (its text is never printed)' },
  DBT_REF_NOT_FOUND: { severity: 'error', meaning: "a model or snapshot ref()s a node that does not exist or is disabled, which dbt parse refuses; the rest of the project is still read" },
  DBT_SOURCE_NOT_FOUND: { severity: 'error', meaning: 'a model or snapshot calls source() for a table no property file declares (or one that is disabled), which dbt parse refuses' },
  DBT_ENV_VAR_MISSING: { severity: 'error', meaning: 'env_var() without a default names a variable that is not set, which dbt parse refuses (set it, or give a default)' },
  DBT_VAR_MISSING: { severity: 'error', meaning: 'var() without a default in dbt_project.yml or a property file names a var nothing defines, which dbt parse refuses (pass it with --vars)' },
  MANIFEST_STALE: { severity: 'info', meaning: 'target/manifest.json lists models no file defines any more; they are not read' },
  SELECTOR: { severity: 'error', meaning: 'a --select/--exclude selector dbt would refuse: an unknown method or a malformed graph operator (exit 64, nothing read)' },
};
