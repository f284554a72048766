/**
 * VEX a person states: the states an ignore-file entry's `vex:` (and a dependency finding's `vex` tag) may
 * give, and CycloneDX's justifications of `not_affected`. Only these make a bill of materials say that a
 * vulnerability does not affect the software: free text (a reason, a comment) never does.
 */

/** The states one may state: the code is not affected (with why), or the finding is a false positive. */
export const statedStates = ['not_affected', 'false_positive'] as const;
export type StatedState = (typeof statedStates)[number];

/** CycloneDX's `impactAnalysisJustification`, the reasons a vulnerability does not affect the software. */
export const justifications = [
  'code_not_present',
  'code_not_reachable',
  'requires_configuration',
  'requires_dependency',
  'requires_environment',
  'protected_by_compiler',
  'protected_at_runtime',
  'protected_at_perimeter',
  'protected_by_mitigating_control',
] as const;
export type Justification = (typeof justifications)[number];

/** A statement: `not_affected` always with its justification, `false_positive` with none. */
export type Statement =
  | { state: 'not_affected'; justification: Justification }
  | { state: 'false_positive'; justification?: undefined };

export const isStatedState = (value: unknown): value is StatedState =>
  (statedStates as readonly unknown[]).includes(value);
export const isJustification = (value: unknown): value is Justification =>
  (justifications as readonly unknown[]).includes(value);

/** `not_affected` needs a justification, which goes with `not_affected` only: why not, when it does not. */
export function statementProblem(
  state: StatedState | undefined,
  justification: Justification | undefined,
): { key: 'vex' | 'justification'; reason: string } | undefined {
  if (state === 'not_affected' && justification === undefined) {
    return {
      key: 'vex',
      reason: `not_affected needs a justification (justification: ${justifications.join(', ')})`,
    };
  }
  if (justification !== undefined && state !== 'not_affected') {
    return {
      key: 'justification',
      reason:
        state === undefined
          ? 'needs vex: not_affected (the state it justifies)'
          : 'goes with vex: not_affected only',
    };
  }
  return undefined;
}
