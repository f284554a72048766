import { describe, expect, it } from 'vitest';
import { answerBytes, errorResult, pendingAnswer, toResult } from '../../../src/mcp/answer.js';
import { exitOf } from '../../../src/mcp/exit-names.js';
import { Secrets } from '../../../src/mcp/session.js';
import { NotReadyError, notFoundError, TransientError, UsageError } from '../../../src/errors.js';
import { hostileText, hostileTexts } from '../../helpers/hostile.js';

const none = (text: string) => text;

describe('mcp answers', () => {
  it('carry the data as structured content and, after a line of prose, as JSON text', () => {
    const result = toResult({ summary: '2 findings.', data: { findings: [{ id: '1' }, { id: '2' }] } }, none);
    expect(result.structuredContent).toEqual({ findings: [{ id: '1' }, { id: '2' }] });
    const [line, json] = (result.content[0]?.text ?? '').split('\n');
    expect(line).toBe('2 findings.');
    expect(JSON.parse(json ?? '')).toEqual(result.structuredContent);
  });

  it('fit a list to the byte budget: the most items that fit, and the answer says how many were left out', () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ id: String(i), title: 'x'.repeat(100) }));
    const result = toResult(
      {
        fit: {
          count: items.length,
          maxBytes: 4000,
          make: (n) => ({
            summary: `${n} listed`,
            data: { items: items.slice(0, n), left_out: items.length - n },
          }),
        },
      },
      none,
    );
    expect(answerBytes(result)).toBeLessThanOrEqual(4000);
    const n = (result.structuredContent?.items as unknown[]).length;
    expect(n).toBeGreaterThan(5);
    expect(result.structuredContent?.left_out).toBe(200 - n);
    // One more would not fit.
    const more = toResult(
      { summary: `${n + 1} listed`, data: { items: items.slice(0, n + 1), left_out: 199 - n } },
      none,
    );
    expect(answerBytes(more)).toBeGreaterThan(4000);
  });

  it('keep hostile service text inside JSON strings, with no runner command in the text', () => {
    const result = toResult({ summary: 'one finding.', data: { findings: [{ title: hostileText }] } }, none);
    const text = result.content[0]?.text ?? '';
    for (const command of ['##[', '##vso[', 'section_start:']) expect(text).not.toContain(command);
    expect(text.split('\n')).toHaveLength(2);
    expect(
      (JSON.parse(text.split('\n')[1] ?? '') as { findings: { title: string }[] }).findings[0]?.title,
    ).toBe(hostileText);
    expect(result.structuredContent).toEqual({ findings: [{ title: hostileText }] });
    for (const t of hostileTexts) expect(text.split('\n')[0]).not.toContain(t.trim());
  });

  it('give an error as one JSON line with the message, the hint and the exit code’s name', () => {
    const result = errorResult(
      new NotReadyError('the scan of abc on shop is not there yet', { hint: 'wait' }),
      none,
    );
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const text = result.content[0]?.text ?? '';
    expect(text.split('\n')).toHaveLength(1);
    expect(JSON.parse(text)).toEqual({
      error: {
        exit: 'not_ready',
        exit_code: 10,
        message: 'the scan of abc on shop is not there yet',
        hint: 'wait',
      },
    });
    const hostile = errorResult(new TransientError(`ListScans: ${hostileTexts.join('')}`), none);
    expect(hostile.content[0]?.text.split('\n')).toHaveLength(1);
  });

  it('name every exit code as the contract does', () => {
    expect(exitOf(notFoundError('x')).name).toBe('not_found');
    expect(exitOf(new UsageError('x')).name).toBe('usage');
    expect(exitOf(new Error('bug'))).toEqual({ code: 8, name: 'unexpected' });
  });

  it('never carry a token: the settings’ token is redacted from answers and errors', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJvcmdJRCI6IngifQ.c2lnbmF0dXJl';
    const secrets = new Secrets({ SECSCAN_TOKEN: token });
    const answer = toResult({ summary: `token ${token}`, data: { echo: `Bearer ${token}` } }, secrets.redact);
    expect(JSON.stringify(answer)).not.toContain(token);
    expect(answer.structuredContent).toEqual({ echo: 'Bearer [redacted]' });
    expect(JSON.stringify(errorResult(new UsageError(`bad ${token}`), secrets.redact))).not.toContain(token);
  });

  it('say how to ask again for work still going on', () => {
    const pending = pendingAnswer('h-1', 'gate', 50);
    expect(pending.data).toEqual({
      pending: {
        handle: 'h-1',
        tool: 'gate',
        seconds: 50,
        ask_again: { tool: 'await_result', arguments: { handle: 'h-1' } },
      },
    });
  });
});
