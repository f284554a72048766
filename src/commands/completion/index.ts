import { readPackageFile } from '../../paths.js';
import { arg, defineVerb } from '../define.js';

const files = { bash: 'secscan.bash', zsh: '_secscan', fish: 'secscan.fish' } as const;
type Shell = keyof typeof files;
const shells: readonly Shell[] = ['bash', 'zsh', 'fish'];

export default defineVerb({
  name: 'completion',
  section: 'setup',
  summary: 'Print a shell completion script (bash, zsh, fish)',
  description:
    'Print the completion script for a shell. It completes commands, flags and their values: profiles, ' +
    'app ids, compound, team, group, policy and SAML configuration names and user e-mails from the service (cached for a few ' +
    'minutes in the configuration directory and refreshed in the background, so TAB never waits on ' +
    'the network), field names and help topics. Load it in the current shell, or install it:\n\n' +
    '  # bash\n' +
    '  secscan completion bash > ~/.local/share/bash-completion/completions/secscan\n' +
    '  # zsh (with ~/.zfunc in fpath, before compinit)\n' +
    '  secscan completion zsh > ~/.zfunc/_secscan\n' +
    '  # fish\n' +
    '  secscan completion fish > ~/.config/fish/completions/secscan.fish',
  examples: [
    'source <(secscan completion bash)',
    'source <(secscan completion zsh)',
    'secscan completion fish | source',
  ],
  printsJson: false,
  operations: [],
  args: [arg<Shell>('shell', 'bash, zsh or fish', { choices: shells })],
  async run(_ctx, { args: [shell] }) {
    return { kind: 'raw', body: await readPackageFile(`completions/${files[shell]}`) };
  },
});
