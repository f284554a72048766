/**
 * Text a pull request can put in a finding (its title, path, description) that CI runners would read as
 * commands if it reached a job log as it is (see test/helpers/ci-runners.ts).
 */
export const hostileTexts: readonly string[] = [
  '##[add-mask]x',
  '##[set-output name=y;]v',
  '##[warning]w',
  '\n::set-output name=a::b',
  '\n::add-mask::s',
  '\n::warning file=x::y',
  '##vso[task.setvariable variable=x]y',
  'section_start:1:x\r\u001b[0K',
  '::stop-commands::t',
  '\r::add-mask::cr',
  '\n   ::add-mask::indented',
  '#\u00ad#[add-mask]soft',
  '\n\u200d::add-mask::zwj',
];

/** All of them in one string, as a title or a description would carry them. */
export const hostileText = hostileTexts.join(' ');
