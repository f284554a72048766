import { Writable } from 'node:stream';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { guardIo, guardStream, inCiLog, writeWorkflowCommands } from '../../../src/streams/ci-log.js';
import { yamlText } from '../../../src/output/base/yaml.js';
import { safeJson } from '../../../src/streams/sanitize.js';
import { azureCommands, githubCommands, gitlabCommands, runnerCommands } from '../../helpers/ci-runners.js';
import { hostileTexts } from '../../helpers/hostile.js';

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** `text` written through a guarded stream in the given pieces. */
function guarded(pieces: readonly string[]): string {
  const sink = new Sink();
  const stream = guardStream(sink);
  for (const piece of pieces) stream.write(piece);
  return sink.text;
}

describe('the runners, as ported (the oracle)', () => {
  it('reads what actions/runner’s own tests read, and nothing else', () => {
    expect(githubCommands('##[set-output name=y;]v')).toMatchObject([
      { command: 'set-output', properties: { name: 'y' }, data: 'v' },
    ]);
    expect(githubCommands('>>>   ##[add-mask]x')).toMatchObject([{ command: 'add-mask', data: 'x' }]);
    expect(githubCommands('   ::warning file=x::y')).toMatchObject([
      { command: 'warning', properties: { file: 'x' }, data: 'y' },
    ]);
    expect(githubCommands('\u00a0::add-mask::s')).toMatchObject([{ command: 'add-mask' }]);
    expect(githubCommands('::error title=a%3Ab::x%0Ay')).toMatchObject([
      { command: 'error', properties: { title: 'a:b' }, data: 'x\ny' },
    ]);
    // Not at the start of a line, not registered, no closing bracket.
    expect(githubCommands('x ::set-output name=a::b')).toEqual([]);
    expect(githubCommands('::nosuch::b')).toEqual([]);
    expect(githubCommands('##[add-mask x')).toEqual([]);
    // A bare CR ends a line, as StreamReader.ReadLine splits.
    expect(githubCommands('title\r::add-mask::s')).toMatchObject([{ command: 'add-mask' }]);
  });

  it('follows stop-commands: nothing counts until the token, which counts', () => {
    const log = '::stop-commands::t0k3n\n::add-mask::x\n##[warning]w\n::t0k3n::\n::add-mask::y\n';
    expect(githubCommands(log).map((c) => `${c.command}:${c.data}`)).toEqual([
      'stop-commands:t0k3n',
      't0k3n:',
      'add-mask:y',
    ]);
  });

  it('reads invisible characters as the culture’s comparison does (skipped)', () => {
    expect(githubCommands('#\u00ad#[add-mask]x')).toEqual([]);
    expect(githubCommands('#\u00ad#[add-mask]x', { culture: true })).toMatchObject([{ command: 'add-mask' }]);
    expect(githubCommands('\u200d::add-mask::s', { culture: true })).toMatchObject([{ command: 'add-mask' }]);
  });

  it('Azure: ##vso[area.event] anywhere; GitLab: section markers with CR ESC[0K', () => {
    expect(azureCommands('x ##vso[task.setvariable variable=x]y')).toMatchObject([
      { command: 'task.setvariable', properties: { variable: 'x' }, data: 'y' },
    ]);
    expect(azureCommands('##vso[nodot]y')).toEqual([]);
    expect(gitlabCommands('a section_start:1:x\r\x1b[0Kb')).toMatchObject([
      { command: 'section_start', properties: { name: 'x' } },
    ]);
    expect(gitlabCommands('section_start:1:x[collapsed=true]\r\x1b[0K')).toHaveLength(1);
    expect(gitlabCommands('section_start:1:x\n\x1b[0K')).toEqual([]);
  });
});

describe('the guard on a CI job log', () => {
  it('is on under GitHub Actions, Azure Pipelines or GitLab CI', () => {
    expect(inCiLog({ GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(inCiLog({ TF_BUILD: 'True' })).toBe(true);
    expect(inCiLog({ GITLAB_CI: 'true' })).toBe(true);
    expect(inCiLog({ CI: 'true' })).toBe(false);
    expect(inCiLog({ GITHUB_ACTIONS: 'false' })).toBe(false);
    const io = { stdin: process.stdin, stdout: new Sink(), stderr: new Sink() };
    expect(guardIo(io, {})).toBe(io);
    expect(guardIo(io, { GITLAB_CI: 'true' }).stdout).not.toBe(io.stdout);
  });

  it.each(hostileTexts)(
    'leaves nothing a runner acts on in %j, written whole or a character at a time',
    (text) => {
      // As it is, a runner acts on it (at the start of a line).
      expect(runnerCommands(text)).not.toEqual([]);
      for (const pieces of [[text], [...text], [`title: ${text}`, '\n', text]]) {
        const out = guarded(pieces);
        expect(runnerCommands(out)).toEqual([]);
      }
    },
  );

  it('changes only what a runner would read, with visible lookalikes', () => {
    expect(guarded(['see ##[add-mask]x and ##VSO[task.x]y'])).toBe('see ##［add-mask]x and ##VSO［task.x]y');
    expect(guarded(['a\n  ::set-output name=a::b'])).toBe('a\n  :：set-output name=a::b');
    expect(guarded(['section_start:1:x'])).toBe('section_start：1:x');
    expect(guarded(['#', '#', '[x'])).toBe('##［x');
    expect(guarded([':', ':x::'])).toBe(':：x::');
    const plain = '| ID | TITLE |\n| 1  | std::vector at 12:30 [ok] # 3 |\n';
    expect(guarded([plain])).toBe(plain);
  });

  it('writes secscan’s own workflow commands as they are', () => {
    const sink = new Sink();
    const stream = guardStream(sink);
    stream.write('::add-mask::x\n');
    writeWorkflowCommands(stream, '::error title=rule::##[add-mask]x\n');
    expect(sink.text).toBe(':：add-mask::x\n::error title=rule::##[add-mask]x\n');
    expect(githubCommands(sink.text).map((c) => c.command)).toEqual(['error']);
  });

  it('keeps the stream’s own properties (a terminal, its width)', () => {
    const sink = Object.assign(new Sink(), { isTTY: true, columns: 77 });
    const stream = guardStream(sink);
    expect(stream.isTTY).toBe(true);
    expect(stream.columns).toBe(77);
    expect(stream instanceof Writable).toBe(true);
  });
});

describe('JSON and YAML escape the same text losslessly', () => {
  const value = {
    title: hostileTexts,
    long: `${'word '.repeat(20)}::set-output name=a::b ${'x'.repeat(60)}\n::add-mask::s`,
    'key ##[add-mask]k': 'std::vector section_end:2:y',
  };

  it('JSON: \\u escapes inside strings, parsed back the same', () => {
    for (const indent of [undefined, 2]) {
      const text = safeJson(value, indent);
      expect(JSON.parse(text)).toEqual(value);
      expect(runnerCommands(text)).toEqual([]);
      expect(text).not.toMatch(/##|section_start:|section_end:/);
    }
    expect(safeJson('##[x')).toBe('"\\u0023#[x"');
  });

  it('YAML: double-quoted escaped scalars, parsed back the same', async () => {
    const text = await yamlText([value]);
    expect(parseYaml(text)).toEqual([value]);
    expect(runnerCommands(text)).toEqual([]);
    expect(text).toContain('"\\u0023#[add-mask]x"');
    // Neither a fold nor a long scalar's line break puts a `::` at the start of a line.
    expect(text.split('\n').some((line) => /^\s*::/.test(line))).toBe(false);
    expect(await yamlText({ plain: 'std::vector', hash: 'a#b' })).toBe('plain: std::vector\nhash: a#b\n');
  });
});
