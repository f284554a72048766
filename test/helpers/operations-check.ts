import { type OperationId, allOperations } from '@secscan/api/operations';
import { createRouter } from '../../packages/sandbox/src/router.js';
import { commandWords } from '../../src/argv.js';
import type { CommandEntry } from '../../src/commands/manifest.js';
import { loadManifest } from '../../src/commands/manifest-data.js';
import { closeMatchOperations } from '../../src/names/did-you-mean.js';

/**
 * A verb's declared `operations` held to the requests its runs send: every request of a command test
 * (`useCli()`, on undici's MockAgent) is mapped back to its operation by the table's method and path (the
 * sandbox's router), and one the verb that ran does not declare fails the test, naming both.
 *
 * Not the verb's, so not held to its list: the close matches main looks up for a 404 of `--app` or
 * `--compound` (src/names/did-you-mean.ts, for any verb), and `secscan api`, which sends the
 * request its user names.
 */
const route = createRouter(allOperations);
const notTheVerbs = new Set<string>(closeMatchOperations);
const sendsWhatItIsGiven = new Set(['api']);

/** A request as MockAgent's call history has it. */
export interface SentRequest {
  method: string;
  /** The URL's path, still encoded, without its query. */
  path: string;
}

/** The verb argv runs, as far as its words name commands of the tree; undefined for help, --version... */
async function verbOf(
  argv: readonly string[],
): Promise<{ words: string[]; entry: CommandEntry } | undefined> {
  let level = (await loadManifest()).commands;
  const words: string[] = [];
  let found: CommandEntry | undefined;
  for (const word of commandWords(argv)) {
    const entry = level.find((c) => c.name === word || c.aliases.includes(word));
    if (!entry) break;
    words.push(entry.name);
    found = entry;
    level = entry.commands ?? [];
  }
  return found?.kind === 'verb' ? { words, entry: found } : undefined;
}

/** The operation a request is, by the table; undefined for a request of no operation (a code host's). */
export function operationOf(request: SentRequest): OperationId | undefined {
  const at = request.path.indexOf('/api/v4/');
  if (at < 0) return undefined;
  const match = route(request.method, request.path.slice(at + '/api/v4'.length));
  return match.kind === 'found' ? (match.op.id as OperationId) : undefined;
}

/** What the run of `argv` sent that its verb does not declare: one line each, empty when all is declared. */
export async function undeclaredOperations(
  argv: readonly string[],
  sent: readonly SentRequest[],
): Promise<string[]> {
  const verb = await verbOf(argv);
  if (!verb || sendsWhatItIsGiven.has(verb.words.join(' '))) return [];
  const declared = new Set(verb.entry.operations ?? []);
  const undeclared = new Set<string>();
  for (const request of sent) {
    const id = operationOf(request);
    if (id !== undefined && !declared.has(id) && !notTheVerbs.has(id)) undeclared.add(id);
  }
  return [...undeclared].map(
    (id) =>
      `secscan ${verb.words.join(' ')} called ${id}, which its operations do not declare (add it to the verb's \`operations\`)`,
  );
}
