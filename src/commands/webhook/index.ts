import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'webhook',
  section: 'admin',
  summary: 'The organization’s webhook: where the service delivers events such as scan.finished',
  description:
    'One webhook per organization and flow version (2, the normal flow, by default; 1 the legacy flow). ' +
    'Deliveries authenticate with an HMAC secret or a bearer token. `webhook listen` receives them locally ' +
    '(verified, kept, forwarded), `webhook verify` checks one as a receiver must, `webhook replay` sends one again.',
  examples: [
    'secscan webhook set --url https://hooks.example.com/secscan --event scan.finished',
    'secscan webhook show',
    'secscan webhook listen --forward-to http://127.0.0.1:3000/hooks',
  ],
  commands: [
    () => import('./show.js'),
    () => import('./set.js'),
    () => import('./delete.js'),
    () => import('./events.js'),
    () => import('./listen.js'),
    () => import('./verify.js'),
    () => import('./replay.js'),
  ],
});
