// What a report says about its run: small enough for every gate to load, whatever it writes (the reports
// themselves are loaded only when one is asked for).

/** When and where the report was made (the testsuite's timestamp and hostname). */
export interface RunStamp {
  /** ISO 8601 without a zone, in UTC, as the JUnit schema has it: 2026-11-23T02:50:00. */
  timestamp: string;
  hostname: string;
}

export function runStamp(now: Date = new Date(), hostname = 'localhost'): RunStamp {
  return { timestamp: now.toISOString().slice(0, 19), hostname };
}

/**
 * The run's `automationDetails.id`: `--sarif-category` when given, else one derived from the command and
 * its app or compound; it ends with `/` so the whole id is the category.
 */
export function sarifCategory(derived: readonly string[], given?: string): string {
  const id = given ?? ['secscan', ...derived].join('/');
  return id.endsWith('/') ? id : `${id}/`;
}
