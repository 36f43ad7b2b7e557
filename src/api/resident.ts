// The resident index (a process keeping a big project indexed between CLI calls): the calling
// side is light, so a call it answers loads almost nothing; the process itself is loaded only by
// `modeler ai resident`.
export { callResident, residentPlan, startedNote, stopResidents } from '../assistant/resident/client.js';
export { residentAddress, residentsOn, type ResidentKind } from '../assistant/resident/address.js';
export { liveResident } from '../assistant/resident/wire.js';
export const runResident = async (...args: Parameters<typeof import('../assistant/resident/resident.js').runResident>) =>
  (await import('../assistant/resident/resident.js')).runResident(...args);
