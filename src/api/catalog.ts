// The public entry, catalog export, manifests (src/api.ts lists every area).
export { exportCatalog, parseTargets } from '../catalog/export.js';
export { formatBlock } from '../manifest/block.js';
export { buildModelerManifestTo } from '../manifest/build.js';
export { formatImpact } from '../manifest/impact.js';
export { blockForConsumer, checkContractsFor, impactFor, InvalidManifest, manifestCounts } from '../manifest/service.js';
export { checkManifestFile } from '../manifest/validate.js';
