import { CliError } from '../errors.js';
import { safeJson, sanitizeLine } from '../streams/sanitize.js';
import { exitOf } from './exit-names.js';

/** A tool's answer as MCP carries it: the data as structured content and, for hosts that read only text, a line and the same data as JSON. */
export interface CallResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What a tool made: one sentence of our own words, and the data (where any text of the service is). */
export interface Shaped {
  summary: string;
  data: Record<string, unknown>;
}

/**
 * An answer whose list is cut to a byte budget: `make(n)` shapes it with the first `n` of its `count`
 * items (saying how many were left out, and how to get them); the largest `n` that fits is answered.
 */
export interface Fitted {
  fit: { count: number; maxBytes: number; make(n: number): Shaped };
}

export type ToolAnswer = Shaped | Fitted;

/** Keeps the secrets (the token) out of a text; identity when there are none. */
export type Redact = (text: string) => string;

function resultOf({ summary, data }: Shaped, redact: Redact): CallResult {
  const json = safeJson(data);
  const clean = redact(json);
  const structured = clean === json ? data : (JSON.parse(clean) as Record<string, unknown>);
  return { content: [{ type: 'text', text: `${redact(summary)}\n${clean}` }], structuredContent: structured };
}

/** The bytes an answer takes on the wire (its JSON-RPC envelope aside, some 40 bytes). */
export function answerBytes(result: CallResult): number {
  return Buffer.byteLength(safeJson(result));
}

/** The result of a tool's answer: as it is, or with as many of its items as fit its byte budget. */
export function toResult(answer: ToolAnswer, redact: Redact): CallResult {
  if (!('fit' in answer)) return resultOf(answer, redact);
  const { count, maxBytes, make } = answer.fit;
  const sized = (n: number) => resultOf(make(n), redact);
  const whole = sized(count);
  if (answerBytes(whole) <= maxBytes) return whole;
  // The most items that fit: at least none (the answer then says how many were left out).
  let [low, high] = [0, count - 1];
  let best = sized(0);
  while (low <= high) {
    const mid = (low + high) >> 1;
    const result = sized(mid);
    if (answerBytes(result) <= maxBytes) {
      best = result;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return best;
}

/**
 * A tool's error as a result (`isError`): one line of JSON, so the message, which may quote the service, stays
 * a data field: the message, the hint the CLI prints, and the exit code's name and number.
 */
export function errorResult(error: unknown, redact: Redact): CallResult {
  const { code, name } = exitOf(error);
  const cli = error instanceof CliError ? error : undefined;
  const message = cli ? cli.message : `internal error: ${(error as Error)?.message ?? String(error)}`;
  const body = {
    error: {
      exit: name,
      exit_code: code,
      message: sanitizeLine(message, 2000),
      ...(cli?.hint ? { hint: sanitizeLine(cli.hint, 1000) } : {}),
    },
  };
  return { content: [{ type: 'text', text: redact(safeJson(body)) }], isError: true };
}

/** How a host asks again for work still going on when the answer was due. */
export function pendingAnswer(handle: string, tool: string, seconds: number): Shaped {
  return {
    summary: `Still working after ${seconds} s; the work goes on: call await_result with this handle to ask again.`,
    data: { pending: { handle, tool, seconds, ask_again: { tool: 'await_result', arguments: { handle } } } },
  };
}
