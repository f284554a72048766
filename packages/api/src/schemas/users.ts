import * as z from 'zod';

export const CurrentUser = z.looseObject({
  idv2: z.string().optional(),
  idv1: z.string().optional(),
  name: z.string().optional(),
  email: z.string(),
  emailVerified: z.boolean().optional(),
  membership: z
    .array(z.looseObject({ organization: z.string().optional(), organizationName: z.string().optional() }))
    .optional(),
  invites: z
    .array(
      z.looseObject({
        organization: z.string().optional(),
        organizationName: z.string().optional(),
        inviteId: z.string().optional(),
      }),
    )
    .optional(),
  lastLoginUTCTimestampHistory: z.array(z.number()).optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;
