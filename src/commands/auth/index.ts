import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'auth',
  summary: 'Log in, check and log out of the service',
  verbs: [
    {
      name: 'login',
      summary: 'Verify a token and save it in a profile',
      description:
        'Save a token (with the base URL and organization) in a profile after verifying it with a real call.\n' +
        'The token is read from standard input with --with-token, or typed at a hidden prompt on a terminal;\n' +
        'it is never taken from the command line. Use the global --profile, --base-url and --org to choose where.',
      options: [{ flags: '--with-token', description: 'read the token from standard input' }],
      examples: [
        'secscan auth login --with-token < token.txt',
        'secscan auth login --profile staging --base-url https://app.example.com --org <uuid> --with-token < token.txt',
        'secscan auth login   # prompts for the token on a terminal',
      ],
      load: () => import('./login.js'),
    },
    {
      name: 'status',
      summary: 'Show the profile, service, organization, masked token and its scopes',
      examples: ['secscan auth status', 'secscan auth status --profile staging -o json'],
      load: () => import('./status.js'),
    },
    {
      name: 'logout',
      summary: 'Remove the token from a profile (keeps its base URL and organization)',
      examples: ['secscan auth logout', 'secscan auth logout --profile staging'],
      load: () => import('./logout.js'),
    },
  ],
});
