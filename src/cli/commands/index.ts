// Every command, by the top-level names it registers, and the module that registers it. A run
// loads only the module of the command it names (start-up stays small: bench/startup.mjs);
// help, an unknown command or no command load them all, in this order (the order of --help).
import type { Registrar } from '../io.js';

export interface CommandModule { names: readonly string[]; load: () => Promise<Registrar> }

export const commandModules: readonly CommandModule[] = [
  { names: ['validate'], load: async () => (await import('./validate.js')).registerValidate },
  { names: ['summary', 'demo'], load: async () => (await import('./demo.js')).registerDemo },
  { names: ['emit'], load: async () => (await import('./emit-catalog.js')).registerEmitCatalog },
  { names: ['manifest'], load: async () => (await import('./manifest.js')).registerManifest },
  { names: ['apply'], load: async () => (await import('./apply.js')).registerApply },
  { names: ['gate'], load: async () => (await import('./gate.js')).registerGate },
  { names: ['policy-check'], load: async () => (await import('./policy-check.js')).registerPolicyCheck },
  { names: ['agents'], load: async () => (await import('./agents.js')).registerAgents },
  { names: ['mesh', 'modeler'], load: async () => (await import('./mesh.js')).registerMesh },
  { names: ['readiness-gate'], load: async () => (await import('./readiness-gate.js')).registerReadinessGate },
  { names: ['contracts', 'dbt', 'tform'], load: async () => (await import('./contracts.js')).registerContracts },
  { names: ['import'], load: async () => (await import('./import.js')).registerImport },
  { names: ['generate'], load: async () => (await import('./generate.js')).registerGenerate },
  { names: ['migrate'], load: async () => (await import('./migrate.js')).registerMigrate },
  { names: ['serve'], load: async () => (await import('./serve.js')).registerServe },
  { names: ['ask'], load: async () => (await import('./ask.js')).registerAsk },
  { names: ['ai'], load: async () => (await import('./ai.js')).registerAi },
  { names: ['mcp'], load: async () => (await import('./mcp.js')).registerMcp },
  { names: ['lineage'], load: async () => (await import('./lineage.js')).registerLineage },
];

/**
 * The registrars a command line needs: those of its first word when it names a command, else
 * all. A parent several modules add to (e.g. `dbt`) gets each of them, so its help is whole.
 */
export async function registrarsFor(argv: readonly string[]): Promise<Registrar[]> {
  const word = argv[0];
  const own = word !== undefined && !word.startsWith('-') ? commandModules.filter((m) => m.names.includes(word)) : [];
  return Promise.all((own.length ? own : commandModules).map((m) => m.load()));
}
