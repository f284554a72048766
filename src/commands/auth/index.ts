import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'auth',
  section: 'setup',
  summary: 'Log in, check and log out of the service',
  examples: ['secscan auth login --with-token < token.txt', 'secscan auth status'],
  commands: [() => import('./login.js'), () => import('./status.js'), () => import('./logout.js')],
});
