import type { SuppressionRef } from '../ignores/match.js';
import { suppressedBy } from '../gate/findings.js';
import type { Analysis } from './model.js';

/**
 * VEX from what the service knows of a dependency finding, first that applies:
 * - fixed: `resolved`;
 * - ignored in the service: by its reason (the last comment on the finding, which the status change
 *   carries): `not_affected` when the reason says the code is not affected (a false positive, not used,
 *   not reachable, test or development only), else `exploitable` with the response `will_not_fix`;
 * - suppressed by the ignore file: the same, by the entry's reason, its place, owner and expiry in the detail;
 * - unreachable: `not_affected`, justification `code_not_reachable`;
 * - reachable: `exploitable`; reachability unknown: `in_triage`.
 * A reason saying nothing is taken as accepted risk (`will_not_fix`): never `not_affected` on no evidence.
 */

const notAffected =
  /false[\s_-]*positive|not[\s_-]+(?:affected|applicable|exploitable|reachable|used|called|loaded|invoked|shipped|present|included|vulnerable|in[\s_-]+use)|never[\s_-]+(?:called|used|reached|loaded|invoked|executed)|unreachable|unused|dead[\s_-]+code|tests?[\s_-]*only|only[\s_-]+(?:used[\s_-]+)?(?:in[\s_-]+|by[\s_-]+)?tests?|dev(?:elopment)?[\s_-]*only|no[\s_-]+impact/i;
const notReachable =
  /reach|(?:not|never)[\s_-]+(?:used|called|loaded|invoked|executed|in[\s_-]+use)|unused|dead[\s_-]+code/i;
const notPresent = /not[\s_-]+(?:shipped|present|included)|test|dev(?:elopment)?[\s_-]*only/i;

/** `not_affected` (with its justification when the reason gives one) or accepted risk (`will_not_fix`). */
export function byReason(reason: string): Pick<Analysis, 'state' | 'justification' | 'response'> {
  if (notAffected.test(reason)) {
    const justification = notReachable.test(reason)
      ? 'code_not_reachable'
      : notPresent.test(reason)
        ? 'code_not_present'
        : undefined;
    return { state: 'not_affected', ...(justification ? { justification } : {}) };
  }
  return { state: 'exploitable', response: ['will_not_fix'] };
}

export interface Triage {
  status: string;
  reachability?: string | undefined;
  /** The reason of an ignored finding, from the service (its last comment), if any. */
  ignoreReason?: string | undefined;
  /** The ignore file's entry that suppresses it, if any. */
  suppression?: SuppressionRef | undefined;
}

export function analyse(t: Triage): Analysis {
  if (t.status === 'fixed') return { state: 'resolved', detail: 'fixed (the service’s status)' };
  if (t.status === 'ignored') {
    const reason = t.ignoreReason?.trim();
    return {
      ...byReason(reason ?? ''),
      detail: reason ? `ignored in the service: ${reason}` : 'ignored in the service, no reason given',
      ...(t.suppression ? { suppression: t.suppression } : {}),
    };
  }
  if (t.suppression) {
    return {
      ...byReason(t.suppression.reason),
      detail: `suppressed ${suppressedBy(t.suppression)}`,
      suppression: t.suppression,
    };
  }
  if (t.reachability === 'unreachable') {
    return {
      state: 'not_affected',
      justification: 'code_not_reachable',
      detail: 'the service’s reachability analysis finds no path to the vulnerable code',
    };
  }
  if (t.reachability === 'reachable') {
    return {
      state: 'exploitable',
      detail: 'the service’s reachability analysis finds the vulnerable code reachable',
    };
  }
  return { state: 'in_triage', detail: 'the service gives no reachability for this finding' };
}
