// The public entry, YAML read with its source positions and edited in place (src/api.ts lists every area).
export { applyYamlEdits, type YamlEdit } from '../core/yaml-edit.js';
export { parseYamlSource, type YamlSource, type PathSeg } from '../core/yaml-source.js';
