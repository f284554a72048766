/**
 * The operators of a finding tag query (`key__operator__value`, the compound list's `finding_tag`), each with
 * the other names it goes by.
 */
export const tagOperators = {
  equal: ['eq'],
  not_equal: ['ne', 'neq'],
  equal_fold: ['ieq'],
  not_equal_fold: ['nieq', 'ineq', 'ine'],
  contains: ['has'],
  not_contains: ['nhas'],
  contains_fold: ['ihas'],
  not_contains_fold: ['nihas', 'inhas'],
  in: [],
  not_in: ['nin'],
  in_fold: ['iin'],
  not_in_fold: ['niin'],
  approx: [],
  lt: [],
  lte: [],
  gt: [],
  gte: [],
} as const satisfies Record<string, readonly string[]>;
export type TagOperator = keyof typeof tagOperators;
/** Every name of every operator, each operator before its other names. */
export const tagOperatorNames: readonly string[] = Object.entries(tagOperators).flatMap(([op, names]) => [
  op,
  ...names,
]);
