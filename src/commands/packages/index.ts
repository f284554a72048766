import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'packages',
  summary: 'Look up licences and CVEs of packages by package URL',
  verbs: [
    {
      name: 'show',
      summary: 'Licences and CVEs (with score and severity) of package URLs, in one request',
      args: [
        {
          name: 'purl',
          description: 'package URLs such as pkg:maven/commons-io/commons-io@2.5',
          variadic: true,
        },
      ],
      options: [
        {
          flags: '--from-file <file>',
          description: 'also read package URLs from FILE (one a line; - for stdin)',
        },
      ],
      examples: [
        'secscan packages show pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
        'secscan packages show --from-file purls.txt -o json',
      ],
      load: () => import('./show.js'),
    },
  ],
});
