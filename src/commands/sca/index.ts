import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'sca',
  section: 'daily',
  summary: 'Software composition analysis: the packages found in scans',
  examples: ['secscan sca packages --app shiftleft-java-demo'],
  commands: [() => import('./packages.js')],
});
