import type { z } from 'zod';
import type { QueryDecl } from './query.js';

/**
 * The schemas of one operation. Request bodies are strict; responses are loose about keys nobody reads
 * (they pass through to `-o json`) and strict about the keys a command reads. Query parameters are declared
 * as data (`query.ts`): they type the client's `query` at compile time (the client sends what it is given;
 * the commands check their flags before sending) and the sandbox parses query strings with them.
 */
export interface OperationSchemas {
  /** Query parameters: name, type, repeatable, values or range (every operation that takes any has them). */
  readonly query?: QueryDecl;
  readonly body?: z.ZodType;
  /** The payload: inside the envelope's `response` unless the row says `envelope: false`. */
  readonly response?: z.ZodType;
}

/**
 * An area's schemas, keyed by that area's operation ids (`defineSchemas<typeof analyzeOperations>()({...})`):
 * every operation of the area has an entry (`{}` for one with no query, body or answer to read), and a key
 * that is no operation of the area does not compile.
 *
 * The schemas' types are inferred from the argument itself, and its completeness is checked apart: an
 * operation left out is one error, here at the argument (`Property 'X' is missing`), while the area's other
 * operations keep their types (the area's whole type fell back to the constraint before, and every use of
 * any of its operations failed: 95 errors in 13 files for one key of the findings). Until it is written, the
 * one left out is typed as anything at its uses, so the one error is the one to read.
 */
export const defineSchemas =
  <Ops>() =>
  <const T extends { readonly [id: string]: OperationSchemas }>(
    schemas: T & { readonly [K in Exclude<keyof T, keyof Ops>]: never } & {
      readonly [K in Exclude<keyof Ops, keyof T>]: OperationSchemas;
    },
  ): T & { readonly [K in Exclude<keyof Ops, keyof T>]: Unwritten } =>
    schemas as T & { readonly [K in Exclude<keyof Ops, keyof T>]: Unwritten };

/** The schemas of an operation left out of its area's (a compile error already): anything, at its uses. */
interface Unwritten {
  /* eslint-disable @typescript-eslint/no-explicit-any -- one error names the omission; its uses wait for it */
  readonly query: any;
  readonly body: z.ZodType<any>;
  readonly response: z.ZodType<any>;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}
