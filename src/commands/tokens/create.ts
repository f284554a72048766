import { choice, defineVerb, parsed, text } from '../define.js';
import { duration } from '../parsers.js';
import { createdTokenView } from '../../output/views/tokens.js';
import { checkWith, shellArg } from '../../util/hints.js';

export default defineVerb({
  name: 'create',
  summary: 'Create a token and print its secret value once',
  description:
    'Create a token. Its secret value is printed once and cannot be shown again. Find role ids with ' +
    '`secscan roles list --access-token` (the CI token role for pipelines).',
  examples: [
    'secscan tokens create --label "GitHub Actions" --role <ci-role-id> --valid-for 90d',
    'secscan tokens create --label ci --role <ci-role-id> -o json | jq -r .value',
  ],
  operations: ['CreateToken'],
  options: {
    label: text('--label <label>', 'label identifying the token (required)', { required: true }),
    role: text('--role <role-id>', 'role id attached to the token (required)', {
      required: 'see `secscan roles list --access-token`',
    }),
    description: text('--description <text>', 'why the token exists'),
    type: choice('--type <type>', 'token type (default access)', ['access', 'integration']),
    validFor: parsed(
      '--valid-for <duration>',
      'lifetime, e.g. 3600, 90m, 12h, 30d (default: the service’s)',
      duration(),
    ),
  },
  view: createdTokenView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const token = await client.call('CreateToken', {
      body: {
        label: opts.label,
        role_id: opts.role,
        description: opts.description,
        token_type: opts.type,
        valid_for_seconds: opts.validFor,
      },
      // A token created while the answer was lost is live, and nobody saw its secret.
      verify: `${checkWith('secscan tokens list', 'before creating another')}: a token labelled ${shellArg(opts.label)} made now is live and its value was never shown, so delete it`,
    });
    ctx.note('Save this token now: its value is not shown again.');
    return { kind: 'object', item: token };
  },
});
