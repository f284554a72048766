import type { z } from 'zod';

/**
 * The zod schemas of one operation. Request bodies are strict; responses are loose about keys nobody reads
 * (they pass through to `-o json`) and strict about the keys a command reads.
 */
export interface OperationSchemas {
  /** Query parameters (the commands validate their flags before sending; this types them). */
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The payload: inside the envelope's `response` unless the row says `envelope: false`. */
  readonly response?: z.ZodType;
}

export function defineSchemas<const T extends Record<string, OperationSchemas>>(schemas: T): T {
  return schemas;
}
