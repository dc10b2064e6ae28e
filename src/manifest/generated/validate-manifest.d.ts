import type { Obj } from '../../wire/rules/values.js';
/** Ahead-of-time compiled ajv validators (see scripts/gen-schema.mjs). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Obj;
  message?: string;
}
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}
export declare const validateManifest: CompiledValidator;
export declare const validateCommandShape: CompiledValidator;
