// Every command registers itself here; one line per command module.
import type { Registrar } from '../io.js';
import { registerValidate } from './validate.js';
import { registerDemo } from './demo.js';
import { registerEmitCatalog } from './emit-catalog.js';
import { registerManifest } from './manifest.js';
import { registerApply } from './apply.js';
import { registerGate } from './gate.js';
import { registerPolicyCheck } from './policy-check.js';
import { registerAgents } from './agents.js';
import { registerMesh } from './mesh.js';
import { registerReadinessGate } from './readiness-gate.js';
import { registerContracts } from './contracts.js';
import { registerImport } from './import.js';
import { registerGenerate } from './generate.js';
import { registerMigrate } from './migrate.js';
import { registerServe } from './serve.js';
import { registerAsk } from './ask.js';
import { registerAi } from './ai.js';
import { registerMcp } from './mcp.js';
import { registerLineage } from './lineage.js';

export const registrars: Registrar[] = [
  registerValidate,
  registerDemo,
  registerEmitCatalog,
  registerManifest,
  registerApply,
  registerGate,
  registerPolicyCheck,
  registerAgents,
  registerMesh,
  registerReadinessGate,
  registerContracts,
  registerImport,
  registerGenerate,
  registerMigrate,
  registerServe,
  registerAsk,
  registerAi,
  registerMcp,
  registerLineage,
];
