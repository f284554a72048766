import type { EngineContext } from '../factory.js';
import { UnexpectedResponseError } from '../errors.js';
import { shellArg } from '../util/hints.js';
import { findScan, type FoundScan, type SubjectKind } from './scan-under-test.js';
import { describeSelector, type Selector } from './selector.js';
import { waitEnv, waitForScan } from './wait.js';

export interface ScanUnderTest {
  kind: SubjectKind;
  scan: FoundScan;
  /** How messages name it: `the scan of 4f2a9c1 on shop`. */
  label: string;
  /** The answer's target is this scan, or the answer is no verdict on it (exit 8). */
  expectTarget(operation: string, answered: unknown): void;
}

/**
 * The scan under test of a compound or app, completed: looked for once, or polled for up to `waitSeconds`
 * (`--wait`). Not there or not finished is exit 10, failed exit 11; never another scan in its place.
 */
export async function scanUnderTest(
  ctx: EngineContext,
  subject: { name: string; kind: SubjectKind | 'either' },
  selector: Selector,
  waitSeconds: number | undefined,
): Promise<ScanUnderTest> {
  const client = await ctx.client();
  let kind = subject.kind;
  const label = `${describeSelector(selector)} on ${subject.name}`;
  const scan = await waitForScan(waitEnv(ctx), {
    label,
    waitMs: waitSeconds === undefined ? undefined : waitSeconds * 1000,
    poll: async (deadline) => {
      const found = await findScan(client, { name: subject.name, kind }, selector, deadline);
      kind = found.kind;
      return found.scan;
    },
    failedHint: (failed) =>
      `see \`${kind === 'app' ? `secscan scans show --app ${shellArg(subject.name)}` : `secscan compounds scan ${shellArg(subject.name)}`} ${failed.id}\`, and run the analysis again`,
  });
  return {
    kind: kind === 'either' ? 'compound' : kind,
    scan,
    label,
    expectTarget(operation, answered) {
      if (String(answered) === scan.id) return;
      throw new UnexpectedResponseError(
        `${operation}: the service evaluated scan ${JSON.stringify(answered ?? null)} instead of ${label} (scan ${scan.id}): that is no verdict on the scan under test`,
      );
    },
  };
}
