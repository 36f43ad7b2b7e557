// The Conceptualizer's reading of the project for the answers that need it (entities, keys a
// project does not declare). Loaded only when a question asks for it (ask.ts awaits
// loadConceptual first): other questions start no faster with it in memory.
import type { conceptualize as Conceptualize } from '../../../agents/conceptualizer.js';
import type { projectInferredEdges as InferredEdgesOf } from '../../../views/inferred-edges.js';

let loaded: { conceptualize: typeof Conceptualize; inferredEdges: typeof InferredEdgesOf } | undefined;

export async function loadConceptual(): Promise<void> {
  if (loaded) return;
  const [{ conceptualize }, { projectInferredEdges }] = await Promise.all([import('../../../agents/conceptualizer.js'), import('../../../views/inferred-edges.js')]);
  loaded = { conceptualize, inferredEdges: projectInferredEdges };
}

/** The Conceptualizer and the project's inferred key edges, when loaded. */
export const conceptual = () => loaded;
