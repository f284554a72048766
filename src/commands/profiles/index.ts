import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'profiles',
  summary: 'List, switch and remove connection profiles',
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'List profiles; the current one is marked',
      load: () => import('./list.js'),
    },
    {
      name: 'use',
      summary: 'Make a profile the current one',
      args: [{ name: 'name', description: 'profile name', required: true }],
      examples: ['secscan profiles use staging'],
      load: () => import('./use.js'),
    },
    {
      name: 'remove',
      aliases: ['rm'],
      summary: 'Remove a profile and its token',
      args: [{ name: 'name', description: 'profile name', required: true }],
      examples: ['secscan profiles remove staging --yes'],
      load: () => import('./remove.js'),
    },
  ],
});
