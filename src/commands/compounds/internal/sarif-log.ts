import { UnexpectedResponseError } from '../../../errors.js';

/**
 * What keeps `value` from being a SARIF log (a `version` and a list of `runs`, each naming its tool's driver),
 * or undefined: a report that is not one is never written as the report (exit 8).
 */
export function sarifLogProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const log = value as { version?: unknown; runs?: unknown };
  if (typeof log.version !== 'string') return 'no "version"';
  if (!Array.isArray(log.runs)) return 'no list of "runs"';
  const bad = log.runs.findIndex((run: unknown) => {
    const driver = (run as { tool?: { driver?: unknown } } | null)?.tool?.driver;
    return typeof driver !== 'object' || driver === null;
  });
  return bad === -1 ? undefined : `run ${bad} names no tool driver`;
}

/** The SARIF log of an answer (parsed JSON, or its text), or exit 8 saying what it is not. */
export function checkedSarifLog(body: unknown, operation = 'DownloadSarifReport'): unknown {
  let value = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      value = JSON.parse(body.toString());
    } catch {
      throw new UnexpectedResponseError(
        `${operation}: unexpected response: the report is not JSON, so not a SARIF log`,
      );
    }
  }
  const problem = sarifLogProblem(value);
  if (problem)
    throw new UnexpectedResponseError(
      `${operation}: unexpected response: the report is not a SARIF log: ${problem}`,
    );
  return value;
}
