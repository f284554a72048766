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
 */
export const defineSchemas =
  <Ops>() =>
  <const T extends { readonly [K in keyof Ops]: OperationSchemas }>(
    schemas: T & { readonly [K in Exclude<keyof T, keyof Ops>]: never },
  ): T =>
    schemas;
