import { describe, expect, it } from 'vitest';
import { compoundScanState, scanState } from '../../../src/util/scan-state.js';

describe('scanState: completed, running or failed, as the service shows a scan', () => {
  it.each([
    [{ successful: true, completed_at: '2026-11-26T10:00:00Z' }, 'completed'],
    [{ successful: true }, 'completed'],
    [{ successful: false }, 'running'],
    [{ successful: false, completed_at: '' }, 'running'],
    [{ successful: false, completed_at: '2026-11-26T10:00:00Z' }, 'failed'],
    [{ successful: false, status: 'running', completed_at: '2026-11-26T10:00:00Z' }, 'running'],
    [{ status: 'failed' }, 'failed'],
    [{ status: 'completed', successful: true }, 'completed'],
    [{ status: null, successful: true }, 'completed'],
  ])('%j is %s', (scan, state) => {
    expect(scanState(scan)).toBe(state);
  });

  it.each([
    [{}],
    [{ successful: 'yes' }],
    [{ status: 'completed', successful: false }],
    [{ status: 'running', successful: true }],
    [{ status: 'failed', successful: true }],
    // Only the documented statuses, exactly: an unknown one is never read as finished.
    [{ status: 'queued', successful: true }],
    [{ status: 'RUNNING', successful: true }],
    [{ status: 'completed ', successful: true }],
    [{ status: 42, successful: true }],
    [{ status: { x: 1 }, successful: true }],
    [{ status: 'weird', successful: true }],
    [{ status: '', successful: true }],
    [{ status: 'queued' }],
  ])('%j says nothing a gate may read as completed: undefined', (scan) => {
    expect(scanState(scan)).toBeUndefined();
  });
});

describe('compoundScanState: a compound scan read alone', () => {
  const done = { successful: true, completed_at: 'x' };
  it.each([
    [{ scans: [done, done] }, 'completed'],
    [{ scans: [done, { successful: false }] }, 'running'],
    [{ scans: [{ successful: false }, { successful: false, completed_at: 'x' }] }, 'failed'],
    [{ status: 'running', scans: [] }, 'running'],
    [{ scans: [] }, undefined],
    [{ scans: [done, {}] }, undefined],
    [{ status: 'completed', scans: [done, { successful: false }] }, undefined],
    [{ status: 'queued', scans: [done, done] }, undefined],
    [{ scans: [done, { ...done, status: 'COMPLETED' }] }, undefined],
  ])('%j is %s', (scan, state) => {
    expect(compoundScanState(scan)).toBe(state);
  });
});
