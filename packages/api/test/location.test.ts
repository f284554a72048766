import { describe, expect, it } from 'vitest';
import { findingLocation, formatLocation } from '../src/location.js';

const step = (file: string, line: number, method: string) => ({
  location: { file_name: file, line_number: line, method_name: method, short_method_name: method },
});

describe('findingLocation', () => {
  it.each([
    [
      'vuln: the first of file_locations, with the sink method',
      {
        details: {
          file_locations: ['src/A.java:42', 'src/B.java:7'],
          sink_method: 'Statement.executeQuery',
          dataflow: { list: [step('src/C.java', 3, 'C.in'), step('src/A.java', 42, 'A.run')] },
        },
      },
      { file: 'src/A.java', line: 42, method: 'A.run' },
    ],
    [
      'vuln: the sink method when the dataflow ends elsewhere',
      { details: { file_locations: ['src/A.java:42'], sink_method: 'Sink.call' } },
      { file: 'src/A.java', line: 42, method: 'Sink.call' },
    ],
    [
      'vuln: the dataflow’s last step that names a file when there are no file_locations',
      { details: { dataflow: { list: [step('src/C.java', 3, 'C.in'), { location: {} }] } } },
      { file: 'src/C.java', line: 3, method: 'C.in' },
    ],
    [
      'secret and extscan: fileName and lineNumber (camelCase)',
      { details: { fileName: 'config/app.yml', lineNumber: 12, repoContext: { commit_id: 'abc' } } },
      { file: 'config/app.yml', line: 12 },
    ],
    [
      'oss_vuln: the location tag, path#line',
      {
        details: { dependency: { artifact_id: 'lodash' } },
        tags: [{ key: 'location', value: 'package.json#9' }],
      },
      { file: 'package.json', line: 9 },
    ],
    [
      'older shapes: file_name and line_number as strings',
      { details: { file_name: 'a.go', line_number: '5', method_name: 'main' } },
      { file: 'a.go', line: 5, method: 'main' },
    ],
    ['a path with a colon but no line', { details: { file_locations: ['C:weird'] } }, { file: 'C:weird' }],
    ['a line that is not a positive integer', { details: { fileName: 'x', lineNumber: 0 } }, { file: 'x' }],
  ])('%s', (_what, finding, expected) => {
    expect(findingLocation(finding)).toEqual(expected);
  });

  it('is undefined when nothing names a place, and formats to path:line (method)', () => {
    expect(findingLocation({ details: { dependency: {} } })).toBeUndefined();
    expect(findingLocation({})).toBeUndefined();
    expect(formatLocation(undefined)).toBe('');
    expect(formatLocation({ file: 'a.go', line: 5, method: 'main' })).toBe('a.go:5 (main)');
    expect(formatLocation({ file: 'a.go' })).toBe('a.go');
  });
});
