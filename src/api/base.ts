// The public entry, diagnostics, errors, files, option names, the package (src/api.ts lists every area).
export { UserError, formatDiagnostic, formatLocation, hasErrors, countBySeverity, sortDiagnostics, type Diagnostic, type Severity } from '../core/diagnostics.js';
export { LIMITS, LimitError, limitOfCode, MAX_MESSAGE, showLimit, type Limit, type LimitName } from '../core/limits.js';
export { ReadRefusal, firstInvalidUtf8 } from '../core/read-text.js';
export { writeFileAtomic, writeFilesAtomic } from '../core/fs-atomic.js';
export { containedPath, EXAMPLE_PROJECT, PACKAGE_ROOT, SCHEMAS_DIR, toolVersion } from '../core/paths.js';
export { opt, OPTION_STYLES, optionName, renderOptionNames, type OptionStyle } from '../core/option-names.js';
export { exampleCopy, userDataDir } from '../core/user-data.js';
export { didYouMeanSuffix } from '../core/suggest.js';
export { count } from '../core/count.js';
