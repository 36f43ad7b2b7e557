// Every command registers itself here; one line per command module.
import type { Registrar } from '../io.js';
import { registerValidate } from './validate.js';
import { registerDemo } from './demo.js';
import { registerEmitCatalog } from './emit-catalog.js';
import { registerApply } from './apply.js';
import { registerGate } from './gate.js';

export const registrars: Registrar[] = [
  registerValidate,
  registerDemo,
  registerEmitCatalog,
  registerApply,
  registerGate,
];
