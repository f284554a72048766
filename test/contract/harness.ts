import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { type ContractServer, type RecordedRequest, startPrism } from './prism.js';
import { pathSamples } from './samples.js';
import { vendorFile, vendorPresent } from './vendor.js';

/** What one in-process run of secscan did: its exit code, its output, and the requests that reached Prism. */
export interface ContractRun {
  code: number;
  stdout: string;
  stderr: string;
  sent: RecordedRequest[];
}

export interface ContractRunOptions {
  /** Standard input, never a terminal: empty unless given. */
  stdin?: string;
  /** Laid over the contract environment; `''` clears a variable (SECSCAN_TOKEN for `auth login --from-sl`). */
  env?: Record<string, string>;
  /** A status Prism is asked for (`Prefer: code=N`) for this run only: the 302s that document no 2xx. */
  prefer?: number;
}

export interface ContractCli {
  /** Prism serving the vendor document behind the recording proxy (from beforeAll on). */
  readonly server: ContractServer;
  /** The undici Agent every run uses, closed after the suite. */
  readonly dispatcher: Agent;
  /** A scratch directory for the suite's files, removed after it; the config directory is `config` in it. */
  readonly dir: string;
  /**
   * Runs the real main() in-process against Prism, with a token, the sample org id and the suite's config
   * directory in an otherwise empty environment; `sent` holds the requests recorded during the run.
   */
  run(argv: string[], options?: ContractRunOptions): Promise<ContractRun>;
  /** Writes `text` to `name` in the scratch directory and returns its path. */
  file(name: string, text: string): string;
}

/** Why the contract suites do not run here, or undefined where the vendor document is found. */
export const skipReason = vendorPresent
  ? undefined
  : `vendor document not found at ${vendorFile}; set SECSCAN_VENDOR_OPENAPI`;

/**
 * A suite against the vendor document: Prism starts before it and stops after it, with one dispatcher and
 * one scratch directory. Without the document the suite is skipped, and its title says why.
 */
export function describeContract(title: string, body: (cli: ContractCli) => void): void {
  const suite = skipReason === undefined ? describe : describe.skip;
  suite(skipReason === undefined ? title : `${title} (skipped: ${skipReason})`, () => {
    let server: ContractServer | undefined;
    let dir: string | undefined;
    const dispatcher = new Agent();

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'secscan-contract-'));
      server = await startPrism(vendorFile);
    });

    afterAll(async () => {
      await dispatcher.close();
      await server?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const ready = <T>(value: T | undefined, what: string): T => {
      if (value === undefined) throw new Error(`the contract ${what} exists only from beforeAll on`);
      return value;
    };

    const cli: ContractCli = {
      get server() {
        return ready(server, 'server');
      },
      dispatcher,
      get dir() {
        return ready(dir, 'directory');
      },
      async run(argv, options = {}) {
        const prism = cli.server;
        const before = prism.requests.length;
        prism.preferStatus = options.prefer;
        try {
          const { code, stdout, stderr } = await runCli(
            argv,
            {
              stdin: options.stdin,
              version: '0.0.0-contract',
              env: {
                SECSCAN_BASE_URL: prism.baseUrl,
                SECSCAN_TOKEN: 'contract-test-token',
                SECSCAN_ORG_ID: pathSamples.orgID,
                SECSCAN_CONFIG_DIR: join(cli.dir, 'config'),
                ...options.env,
              },
            },
            dispatcher,
          );
          return { code, stdout, stderr, sent: prism.requests.slice(before) };
        } finally {
          prism.preferStatus = undefined;
        }
      },
      file(name, text) {
        const path = join(cli.dir, name);
        writeFileSync(path, text);
        return path;
      },
    };

    body(cli);
  });
}

/** The request violations Prism reported for a run, one line each: `METHOD PATH: message`. */
export function violations(run: { sent: RecordedRequest[] }): string[] {
  return run.sent.flatMap((r) => r.violations.map((v) => `${r.method} ${r.path}: ${v.message}`));
}
