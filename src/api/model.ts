// The public entry, the model format (src/api.ts lists every area).
export { loadModelFile, loadModelText, requireModel, type LoadedModel } from '../core/model/load.js';
export type { Model, Entity, Column, Relationship } from '../core/model/types.js';
