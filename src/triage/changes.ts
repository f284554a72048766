import { statusUpdates } from '@secscan/api/values';
import type { Finding } from '@secscan/api/schemas/findings';
import type { ApiClient } from '../api/client.js';

export const statusChoices = [...statusUpdates, 'none'] as const;
export type StatusChoice = (typeof statusChoices)[number];

/** The status a finding reads after each value of --set. */
export const resulting = {
  fixed: 'fixed',
  codeviolationfixed: 'fixed',
  ignore: 'ignored',
  codeviolationignore: 'ignored',
  codeviolationremovestatus: 'unset',
  none: 'unset',
} as const satisfies Record<StatusChoice, string>;

export type Field = 'status' | 'assignee';

/** What a finding's status or assignee reads ('' when it has none). */
export function valueOf(field: Field, finding: Finding): string {
  return (field === 'status' ? finding.status : finding.assignee) ?? '';
}

/** One kind of change to findings: their status, or their assignee. */
export interface Change {
  field: Field;
  /** As given: --set's value, or the assignee ('' unassigns). */
  value: string;
  /** What the field reads after the change. */
  after: string;
  /** `set ignored`, `assigned to dev@example.com`, `unassigned`. */
  what: string;
  /** Sent one finding a request (the single-finding operation): one finding, or a --comment to attach. */
  single(count: number): boolean;
  /** One request: a single finding (`single`), or up to 100 of one app. */
  send(client: ApiClient, app: string, ids: string[], single: boolean): Promise<unknown>;
  /** The question asked before a change by query above the threshold. */
  question(count: number, where: string): string;
  /** The notice once it is done (`changed`: how many read differently now). */
  summary(count: number, changed: number, where: string): string;
}

const plural = (n: number) => `${n} finding${n === 1 ? '' : 's'}`;

export function statusChange(set: StatusChoice, comment?: string): Change {
  const status = set === 'none' ? undefined : set;
  const after = resulting[set];
  return {
    field: 'status',
    value: set,
    after,
    what: `set ${after}`,
    // Only the single-finding operation carries a comment text (`optional_comment`).
    single: (count) => count === 1 || comment !== undefined,
    send: (client, app, ids, single) =>
      single
        ? client.call('SetAppFindingStatus', {
            path: { appID: app, findingID: ids[0] as string },
            body: { ...(status ? { status } : {}), ...(comment ? { optional_comment: comment } : {}) },
          })
        : client.call('SetAppMultipleFindingsStatus', {
            path: { appID: app },
            body: { findings: ids.map(Number), ...(status ? { status } : {}) },
          }),
    question: (count, where) => `Change the status of ${plural(count)} of ${where} to ${after}?`,
    summary: (count, changed, where) => `Set ${after} on ${plural(count)} of ${where} (${changed} changed).`,
  };
}

export function assigneeChange(assignee: string): Change {
  return {
    field: 'assignee',
    value: assignee,
    after: assignee,
    what: assignee ? `assigned to ${assignee}` : 'unassigned',
    single: (count) => count === 1,
    send: (client, app, ids, single) =>
      single
        ? client.call('SetAppFindingAssignee', {
            path: { appID: app, findingID: ids[0] as string },
            body: { assignee },
          })
        : client.call('SetAppMultipleFindingsAssignee', {
            path: { appID: app },
            body: { findings: ids.map(Number), assignee },
          }),
    question: (count, where) =>
      assignee
        ? `Assign ${plural(count)} of ${where} to ${assignee}?`
        : `Unassign ${plural(count)} of ${where}?`,
    summary: (count, _changed, where) =>
      `${assignee ? `Assigned to ${assignee}` : 'Unassigned'}: ${plural(count)} of ${where}.`,
  };
}

/** The --set value that gives a finding back the status it read; none for a status no request sets (3rdparty). */
const restoringStatus: Record<string, StatusChoice> = {
  fixed: 'fixed',
  ignored: 'ignore',
  unset: 'none',
  '': 'none',
};

/** The change that gives a field back a value it had; undefined when no request can. */
export function restoring(field: Field, before: string): Change | undefined {
  if (field === 'assignee') return assigneeChange(before);
  const set = restoringStatus[before];
  return set === undefined ? undefined : statusChange(set);
}
