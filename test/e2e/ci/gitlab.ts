import { spawnSync } from 'node:child_process';
import { parseDocument, visit } from 'yaml';
import { boundedBash } from './bounded.js';

/**
 * GitLab CI as its runner sees a job: the configuration with its `include:`s merged under it, `extends:`
 * resolved (hashes merged deeply, anything else replaced), `!reference [job, key]` tags replaced by what they
 * name, the variables expanded (`$NAME`, `${NAME}`), then `before_script` and `script` run in one bash
 * (`-eo pipefail`, as the runner's bash shell does) in the project directory. GitLab's own linter needs a
 * GitLab instance; `validateGitlab` checks the structure this project relies on instead.
 */
export type Config = Record<string, unknown>;

const isHash = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Parses a GitLab file; a `!reference [job, key]` becomes `{'!reference': [job, key]}`, any other error throws. */
export function parseGitlab(text: string): Config {
  const doc = parseDocument(text);
  const problems = [
    ...doc.errors,
    ...doc.warnings.filter((w) => !/Unresolved tag: !reference\b/.test(w.message)),
  ];
  if (problems.length > 0) throw new Error(problems.map((p) => p.message).join('\n'));
  visit(doc, {
    Seq(_, node) {
      if (node.tag === '!reference') return doc.createNode({ '!reference': node.toJSON() });
      return undefined;
    },
  });
  return doc.toJS() as Config;
}

function merge(base: unknown, over: unknown): unknown {
  if (!isHash(base) || !isHash(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in base ? merge(base[key], value) : value;
  return out;
}

/** `include:` entries (local, remote, project) are read by `load`; the including file's keys win. */
export function withIncludes(config: Config, load: (entry: Record<string, string>) => string): Config {
  const entries = config.include === undefined ? [] : [config.include].flat();
  let merged: Config = {};
  for (const entry of entries) {
    const spec = typeof entry === 'string' ? { local: entry } : (entry as Record<string, string>);
    merged = merge(merged, withIncludes(parseGitlab(load(spec)), load)) as Config;
  }
  const own = { ...config };
  delete own.include;
  return merge(merged, own) as Config;
}

function resolveJob(config: Config, name: string, seen: string[] = []): Record<string, unknown> {
  if (seen.includes(name)) throw new Error(`extends: a loop through ${[...seen, name].join(' -> ')}`);
  const job = config[name];
  if (!isHash(job)) throw new Error(`no job ${name}`);
  const parents = job.extends === undefined ? [] : [job.extends].flat().map(String);
  let out: Record<string, unknown> = {};
  for (const parent of parents) out = merge(out, resolveJob(config, parent, [...seen, name])) as typeof out;
  const own = { ...job };
  delete own.extends;
  return merge(out, own) as Record<string, unknown>;
}

function dereference(config: Config, value: unknown): unknown {
  if (isHash(value) && Array.isArray(value['!reference'])) {
    const [job, ...path] = value['!reference'] as string[];
    let target: unknown = resolveJob(config, job as string);
    for (const key of path) target = isHash(target) ? target[key] : undefined;
    if (target === undefined) throw new Error(`!reference [${value['!reference']}] names nothing`);
    return dereference(config, target);
  }
  if (Array.isArray(value)) {
    // A reference inside a script list is spliced into it (one level).
    return value.flatMap((item) => {
      const resolved = dereference(config, item);
      return isHash(item) && '!reference' in item && Array.isArray(resolved) ? resolved : [resolved];
    });
  }
  if (isHash(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dereference(config, v)]));
  return value;
}

/** A job as the runner gets it: extends and !reference resolved. */
export function job(config: Config, name: string): Record<string, unknown> {
  return dereference(config, resolveJob(config, name)) as Record<string, unknown>;
}

/** `$NAME` and `${NAME}` replaced from `vars` (unknown names become empty), as GitLab expands variables. */
export function expand(text: string, vars: Record<string, string>): string {
  return text.replace(
    /\$(?:\{(\w+)\}|(\w+))/g,
    (_, a?: string, b?: string) => vars[(a ?? b) as string] ?? '',
  );
}

export interface GitlabRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The after_script, run after the job in a shell of its own (its exit code does not change the job's). */
  after?: { code: number; stdout: string; stderr: string };
}

let jobs = 0;

/** A job's variables as the runner gives them: predefined, the file's (expanded in order), the project's. */
function jobVariables(
  config: Config,
  resolved: Record<string, unknown>,
  predefined: Record<string, string>,
  settings: Record<string, string>,
): Record<string, string> {
  const vars: Record<string, string> = { CI_JOB_ID: `${process.pid}${(jobs += 1)}`, ...predefined };
  const declared = { ...(config.variables as Record<string, unknown>), ...(resolved.variables as object) };
  for (const [key, value] of Object.entries(declared)) vars[key] = expand(String(value), vars);
  Object.assign(vars, settings);
  return vars;
}

/** What runs a job's script in its `image:`: a container engine (test/helpers/podman.ts). */
export type ContainerRunner = (run: {
  image: string;
  entrypoint: string[] | undefined;
  env: Record<string, string>;
  cwd: string;
  command: string[];
}) => { code: number; stdout: string; stderr: string };

/**
 * Runs one job in its `image:` as GitLab's Docker executor does: the image named by the job (its variables
 * expanded) started with the job's entrypoint, the project directory mounted at the same path and made
 * writable by any user (the runner checks out with umask 0000, so that an image's non-root user can write
 * there), and `before_script` and `script` given to the image's `sh`; then `after_script` in another.
 */
export function runGitlabJobInImage(
  config: Config,
  name: string,
  predefined: Record<string, string>,
  settings: Record<string, string>,
  container: ContainerRunner,
): GitlabRun & { image: string } {
  const resolved = job(config, name);
  const vars = jobVariables(config, resolved, predefined, settings);
  const spec = resolved.image;
  const image = expand(String(typeof spec === 'string' ? spec : (spec as { name: string }).name), vars);
  const entrypoint = typeof spec === 'string' ? undefined : (spec as { entrypoint?: string[] }).entrypoint;
  const shell = (lines: unknown[]) => {
    if (lines.some((l) => typeof l !== 'string')) throw new Error(`${name}: a script line is not a string`);
    return container({
      image,
      entrypoint,
      env: { CI: 'true', GITLAB_CI: 'true', ...vars },
      cwd: predefined.CI_PROJECT_DIR as string,
      command: ['sh', '-eo', 'pipefail', '-c', lines.join('\n')],
    });
  };
  const run: GitlabRun & { image: string } = {
    ...shell([resolved.before_script ?? [], resolved.script].flat()),
    image,
  };
  if (resolved.after_script !== undefined) run.after = shell([resolved.after_script].flat());
  return run;
}

/**
 * Runs one job: predefined variables (CI_JOB_ID among them), then the configuration's and the job's
 * `variables:` (expanded in order), then `settings` (the project's CI/CD variables, which GitLab puts above
 * the file's); `before_script` and `script` in one shell, then `after_script`, whatever the job's outcome,
 * in another with the same variables (as the runner does: nothing the job exported reaches it).
 */
export function runGitlabJob(
  config: Config,
  name: string,
  machine: Record<string, string>,
  predefined: Record<string, string>,
  settings: Record<string, string> = {},
): GitlabRun {
  const resolved = job(config, name);
  const vars = jobVariables(config, resolved, predefined, settings);
  const shell = (lines: unknown[]) => {
    if (lines.some((l) => typeof l !== 'string')) throw new Error(`${name}: a script line is not a string`);
    const r = spawnSync(
      ...boundedBash(['--noprofile', '--norc', '-eo', 'pipefail', '-c', lines.join('\n')]),
      {
        cwd: predefined.CI_PROJECT_DIR,
        env: { ...machine, CI: 'true', GITLAB_CI: 'true', ...vars },
        encoding: 'utf8',
      },
    );
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  const run: GitlabRun = shell([resolved.before_script ?? [], resolved.script].flat());
  if (resolved.after_script !== undefined) run.after = shell([resolved.after_script].flat());
  return run;
}

/** Job keywords GitLab accepts (https://docs.gitlab.com/ci/yaml/), and the report types this project writes. */
const jobKeys = new Set(
  (
    'after_script allow_failure artifacts before_script cache coverage dependencies environment extends ' +
    'hooks id_tokens image inherit interruptible needs pages parallel release resource_group retry rules ' +
    'script secrets services stage tags timeout trigger variables when'
  ).split(' '),
);
const artifactKeys = new Set(
  'paths exclude expire_in expose_as name public reports untracked when'.split(' '),
);
const reportKeys = new Set('junit codequality sast dotenv'.split(' '));
const topKeys = new Set('default include stages variables workflow'.split(' '));

/** Structural problems of a GitLab configuration (empty when it is well formed in the ways checked). */
export function validateGitlab(config: Config): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(config)) {
    if (topKeys.has(name)) continue;
    if (!isHash(value)) {
      problems.push(`${name}: a job must be a hash`);
      continue;
    }
    for (const key of Object.keys(value))
      if (!jobKeys.has(key)) problems.push(`${name}: unknown keyword ${key}`);
    for (const key of ['before_script', 'script', 'after_script']) {
      const lines = value[key];
      if (lines === undefined) continue;
      if (!Array.isArray(lines) || lines.length === 0) problems.push(`${name}.${key}: a non-empty list`);
      else if (lines.some((l) => typeof l !== 'string' && !(isHash(l) && '!reference' in l))) {
        problems.push(`${name}.${key}: every line a string or a !reference`);
      }
    }
    if (!name.startsWith('.') && value.script === undefined && value.extends === undefined) {
      problems.push(`${name}: a job needs a script`);
    }
    if (value.variables !== undefined) {
      if (!isHash(value.variables)) problems.push(`${name}.variables: a hash`);
      else {
        for (const [k, v] of Object.entries(value.variables)) {
          if (typeof v !== 'string' && typeof v !== 'number')
            problems.push(`${name}.variables.${k}: a string`);
        }
      }
    }
    const artifacts = value.artifacts;
    if (artifacts === undefined) continue;
    if (!isHash(artifacts)) {
      problems.push(`${name}.artifacts: a hash`);
      continue;
    }
    for (const key of Object.keys(artifacts))
      if (!artifactKeys.has(key)) problems.push(`${name}.artifacts.${key}: unknown`);
    if (
      artifacts.when !== undefined &&
      !['always', 'on_success', 'on_failure'].includes(String(artifacts.when))
    ) {
      problems.push(`${name}.artifacts.when: always, on_success or on_failure`);
    }
    if (artifacts.reports !== undefined) {
      if (!isHash(artifacts.reports)) problems.push(`${name}.artifacts.reports: a hash`);
      else {
        for (const [k, v] of Object.entries(artifacts.reports)) {
          if (!reportKeys.has(k)) problems.push(`${name}.artifacts.reports.${k}: unknown report type`);
          if (typeof v !== 'string' && !(Array.isArray(v) && v.every((p) => typeof p === 'string'))) {
            problems.push(`${name}.artifacts.reports.${k}: a path or a list of paths`);
          }
        }
      }
    }
  }
  return problems;
}
