import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'completion',
  summary: 'Print a shell completion script (bash, zsh, fish)',
  description:
    'Print the completion script for a shell. Load it for the current session, or install it:\n' +
    '  bash: secscan completion bash > ~/.local/share/bash-completion/completions/secscan\n' +
    '  zsh:  secscan completion zsh > ~/.zfunc/_secscan  (with ~/.zfunc in fpath)\n' +
    '  fish: secscan completion fish > ~/.config/fish/completions/secscan.fish',
  args: [{ name: 'shell', description: 'bash, zsh or fish', required: true }],
  examples: ['source <(secscan completion bash)', 'secscan completion fish | source'],
  load: () => import('./run.js'),
});
