import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { condition, interpolate, type Scope, type Value } from './expressions.js';
import { boundedBash } from './bounded.js';

/**
 * Runs a GitHub Actions job (or a composite action) the way the runner does, for the steps it can run on
 * this machine: each `run:` step is a script file run by bash (`bash -e` by default, `bash --noprofile
 * --norc -eo pipefail` for `shell: bash`) in the workspace, with the runner's variables and files
 * (GITHUB_ENV, GITHUB_PATH, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP, GITHUB_ACTION_PATH), `${{ }}`
 * expressions filled in, `if:` conditions and step outputs. A `uses:` step runs when `resolve` gives the
 * directory of its action (a composite action: its `action.yml`); otherwise it is skipped, with the reason
 * in the log (actions/checkout, setup-node and upload-artifact need GitHub; Node is already here).
 */
export interface Step {
  name?: string;
  id?: string;
  if?: string | boolean;
  uses?: string;
  with?: Record<string, string | number | boolean>;
  run?: string;
  shell?: string;
  env?: Record<string, string | number | boolean>;
}

export interface Job {
  env?: Record<string, string | number | boolean>;
  steps: Step[];
}

interface Action {
  inputs?: Record<string, { default?: string | number | boolean }>;
  outputs?: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

/** What runs a `uses:` step: the action's directory, and inputs the test gives it besides the step's own. */
export interface ActionRef {
  dir: string;
  inputs?: Record<string, string>;
}

export interface GithubOptions {
  workspace: string;
  /** The machine's environment (PATH, HOME, ...), under the runner's variables. */
  env: Record<string, string>;
  /** The `github` context besides workspace, action_path and the like (sha, event, ref, ...). */
  github: Record<string, Value>;
  resolve(uses: string): ActionRef | undefined;
}

export interface StepRecord {
  name: string;
  /** The exit code of a `run:` step, or 0/1 for a composite action; undefined when skipped. */
  code: number | undefined;
  stdout: string;
  stderr: string;
}

export type Outputs = Record<string, { outputs: Record<string, string>; outcome: string }>;

/** Reads GITHUB_ENV or GITHUB_OUTPUT: `NAME=value` lines and `NAME<<DELIMITER` blocks. */
export function readCommandFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  if (!existsSync(file)) return values;
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const heredoc = /^([^=]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2] as string, i + 1);
      if (end < 0) throw new Error(`${file}: ${heredoc[1]}: no closing ${heredoc[2]}`);
      values[heredoc[1] as string] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      values[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    } else if (line.trim() !== '') {
      throw new Error(`${file}: not NAME=value: ${line}`);
    }
  }
  return values;
}

const strings = (record: Record<string, unknown> | undefined, scope: Scope): Record<string, string> =>
  Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [k, interpolate(String(v), scope)]));

export class GithubRunner {
  readonly runnerTemp: string;
  readonly files: { GITHUB_ENV: string; GITHUB_PATH: string; GITHUB_STEP_SUMMARY: string };
  readonly log: StepRecord[] = [];
  failed = false;
  private failures = 0;
  private jobEnv: Record<string, string> = {};
  private outputCount = 0;

  constructor(private readonly options: GithubOptions) {
    this.runnerTemp = join(options.workspace, '.runner', 'temp');
    mkdirSync(this.runnerTemp, { recursive: true });
    const dir = join(options.workspace, '.runner');
    this.files = {
      GITHUB_ENV: join(dir, 'env'),
      GITHUB_PATH: join(dir, 'path'),
      GITHUB_STEP_SUMMARY: join(dir, 'step_summary'),
    };
    for (const file of Object.values(this.files)) writeFileSync(file, '');
  }

  /** The environment a step starts with: the runner's variables, the job's env, then GITHUB_ENV. */
  private baseEnv(): Record<string, string> {
    const added = readFileSync(this.files.GITHUB_PATH, 'utf8').split('\n').filter(Boolean).reverse();
    const github = this.options.github;
    // The event's payload, as the runner writes it, and the variables it sets from the `github` context.
    const eventPath = join(this.options.workspace, '.runner', 'event.json');
    writeFileSync(eventPath, JSON.stringify(github.event ?? {}));
    const named = Object.fromEntries(
      (
        [
          ['GITHUB_EVENT_NAME', github.event_name],
          ['GITHUB_REPOSITORY', github.repository],
          ['GITHUB_BASE_REF', github.base_ref],
          ['GITHUB_API_URL', github.api_url],
          ['GITHUB_SERVER_URL', github.server_url],
        ] as const
      )
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    return {
      ...this.options.env,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: this.options.workspace,
      GITHUB_SHA: String(github.sha ?? ''),
      GITHUB_EVENT_PATH: eventPath,
      ...named,
      RUNNER_TEMP: this.runnerTemp,
      ...this.files,
      ...this.jobEnv,
      ...readCommandFile(this.files.GITHUB_ENV),
      PATH: [...added, this.options.env.PATH].join(':'),
    };
  }

  private scope(env: Record<string, string>, extra: Record<string, Value>, steps: Outputs): Scope {
    return {
      failed: this.failed,
      strict: ['inputs'],
      contexts: {
        github: { workspace: this.options.workspace, ...this.options.github },
        runner: { temp: this.runnerTemp, os: 'Linux' },
        env,
        steps,
        ...extra,
      },
    };
  }

  /** Runs a job's steps; returns the `steps` context (each step's outputs and outcome, by id). */
  runJob(job: Job): Outputs {
    const steps: Outputs = {};
    this.jobEnv = strings(job.env, this.scope(this.baseEnv(), {}, steps));
    for (const step of job.steps) this.runStep(step, {}, steps, {});
    return steps;
  }

  /** Runs one step of a job or of a composite action (`inherited`: the env of the step that used it). */
  private runStep(
    step: Step,
    contexts: Record<string, Value>,
    steps: Outputs,
    inherited: Record<string, string>,
  ): void {
    const name = step.name ?? step.uses ?? step.run ?? '';
    const before = { ...this.baseEnv(), ...inherited };
    const scope = this.scope(before, contexts, steps);
    if (!condition(step.if, scope)) {
      this.log.push({ name, code: undefined, stdout: '', stderr: 'skipped: if' });
      if (step.id) steps[step.id] = { outputs: {}, outcome: 'skipped' };
      return;
    }
    const env = { ...before, ...strings(step.env, scope) };
    if (step.uses !== undefined) {
      const ref = this.options.resolve(step.uses);
      if (!ref) {
        this.log.push({ name, code: undefined, stdout: '', stderr: `skipped: ${step.uses} is not run here` });
        return;
      }
      const inputs = { ...strings(step.with, scope), ...ref.inputs };
      const failures = this.failures;
      const outputs = this.runAction(ref.dir, inputs, { ...inherited, ...strings(step.env, scope) });
      const code = this.failures === failures ? 0 : 1;
      this.log.push({ name, code, stdout: '', stderr: '' });
      if (step.id) steps[step.id] = { outputs, outcome: code === 0 ? 'success' : 'failure' };
      return;
    }
    if (step.run === undefined) throw new Error(`step "${name}": neither run nor uses`);
    const outputFile = join(this.options.workspace, '.runner', `output-${(this.outputCount += 1)}`);
    writeFileSync(outputFile, '');
    const script = join(this.runnerTemp, `step-${this.outputCount}.sh`);
    writeFileSync(script, interpolate(step.run, scope));
    const shell =
      step.shell === undefined
        ? ['-e', script]
        : step.shell === 'bash'
          ? ['--noprofile', '--norc', '-eo', 'pipefail', script]
          : undefined;
    if (!shell) throw new Error(`step "${name}": shell ${step.shell} is not run here`);
    const r = spawnSync(...boundedBash(shell), {
      cwd: this.options.workspace,
      env: { ...env, GITHUB_OUTPUT: outputFile },
      encoding: 'utf8',
    });
    const code = r.status ?? -1;
    this.log.push({ name, code, stdout: r.stdout, stderr: r.stderr });
    if (code !== 0) {
      this.failed = true;
      this.failures += 1;
    }
    if (step.id) {
      steps[step.id] = { outputs: readCommandFile(outputFile), outcome: code === 0 ? 'success' : 'failure' };
    }
  }

  /** Runs a composite action from its directory; returns its outputs. */
  runAction(
    dir: string,
    given: Record<string, string>,
    inherited: Record<string, string>,
  ): Record<string, string> {
    const action = parse(readFileSync(join(dir, 'action.yml'), 'utf8')) as Action;
    if (action.runs.using !== 'composite') throw new Error(`${dir}: not a composite action`);
    const steps: Outputs = {};
    const github = { ...this.options.github, action_path: dir };
    const outer = this.scope({ ...this.baseEnv(), ...inherited }, { github }, steps);
    for (const key of Object.keys(given)) {
      if (!action.inputs || !Object.hasOwn(action.inputs, key)) throw new Error(`${dir}: no input ${key}`);
    }
    const inputs = Object.fromEntries(
      Object.entries(action.inputs ?? {}).map(([key, input]) => [
        key,
        given[key] ?? interpolate(String(input.default ?? ''), outer),
      ]),
    );
    const env = { ...inherited, GITHUB_ACTION_PATH: dir };
    for (const step of action.runs.steps) this.runStep(step, { inputs, github }, steps, env);
    const scope = this.scope(this.baseEnv(), { inputs, github }, steps);
    return Object.fromEntries(
      Object.entries(action.outputs ?? {}).map(([key, output]) => [key, interpolate(output.value, scope)]),
    );
  }
}
