import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageRoot } from '../../paths.js';
import { arg, defineVerb } from '../define.js';

const files = { bash: 'secscan.bash', zsh: '_secscan', fish: 'secscan.fish' } as const;
type Shell = keyof typeof files;
const shells: readonly Shell[] = ['bash', 'zsh', 'fish'];

export default defineVerb({
  name: 'completion',
  summary: 'Print a shell completion script (bash, zsh, fish)',
  description:
    'Print the completion script for a shell. Load it for the current session, or install it:\n' +
    '  bash: secscan completion bash > ~/.local/share/bash-completion/completions/secscan\n' +
    '  zsh:  secscan completion zsh > ~/.zfunc/_secscan  (with ~/.zfunc in fpath)\n' +
    '  fish: secscan completion fish > ~/.config/fish/completions/secscan.fish',
  examples: ['source <(secscan completion bash)', 'secscan completion fish | source'],
  operations: [],
  args: [arg<Shell>('shell', 'bash, zsh or fish', { choices: shells })],
  async run(_ctx, { args: [shell] }) {
    const file = join(packageRoot(), 'completions', files[shell]);
    return { kind: 'raw', body: await readFile(file, 'utf8') };
  },
});
