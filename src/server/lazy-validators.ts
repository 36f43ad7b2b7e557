// Route validators compiled on a route's first request rather than all at start: compiling the
// ~100 routes' schemas with Ajv cost ~280 ms of CPU before /api/health could answer at 10,000
// models (bench/server-first-screen-cpu.mjs), for routes most sessions never call. The compiler is
// Fastify's own (same Ajv options, same errors); only when it runs changes.
import { AjvCompiler } from '@fastify/ajv-compiler';

type Validator = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type BuildValidator = (externalSchemas: unknown, options: unknown) => (route: unknown) => Validator;

const eager = AjvCompiler() as unknown as BuildValidator;

/** Fastify's `schemaController.compilersFactory.buildValidator`, deferring each compile to first use. */
export const lazyValidators: BuildValidator = (externalSchemas, options) => {
  const build = eager(externalSchemas, options);
  return (route) => {
    let fn: Validator | undefined;
    const v: Validator = (data, ctx) => {
      fn ??= build(route);
      const r = ctx === undefined ? fn(data) : fn(data, ctx);
      v.errors = fn.errors;
      return r;
    };
    // Fastify hands a validator with a schemaEnv the request as the root value's parent (Ajv needs it to replace a root value): always, as Ajv's own would have one
    v.schemaEnv = true;
    return v;
  };
};
