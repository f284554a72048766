import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'comment',
  summary: 'Add, list and show comments on a finding',
  examples: [
    'secscan findings comment add --app shiftleft-java-demo 12 "Fix scheduled for 2.4"',
    'secscan findings comment list --app shiftleft-java-demo 12',
  ],
  commands: [() => import('./add.js'), () => import('./list.js'), () => import('./show.js')],
});
