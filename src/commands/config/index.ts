import { defineNoun } from '../types.js';

const keyHelp = 'base_url or org_id (tokens are set with `secscan auth login`)';

export default defineNoun({
  name: 'config',
  summary: 'Read and change settings of a profile',
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'Show each effective setting and where it comes from (flag, environment, profile)',
      examples: ['secscan config list', 'SECSCAN_ORG_ID=... secscan config list'],
      load: () => import('./list.js'),
    },
    {
      name: 'get',
      summary: 'Print one effective setting (the token is masked)',
      args: [{ name: 'key', description: 'profile, base_url, org_id or token', required: true }],
      examples: ['secscan config get org_id'],
      load: () => import('./get.js'),
    },
    {
      name: 'set',
      summary: 'Store a setting in the profile',
      args: [
        { name: 'key', description: keyHelp, required: true },
        { name: 'value', description: 'the value', required: true },
      ],
      examples: [
        'secscan config set base_url https://app.example.com',
        'secscan --profile ci config set org_id <uuid>',
      ],
      load: () => import('./set.js'),
    },
    {
      name: 'unset',
      summary: 'Remove a setting from the profile',
      args: [{ name: 'key', description: keyHelp, required: true }],
      load: () => import('./unset.js'),
    },
  ],
});
