import * as z from 'zod';

/**
 * The sandbox's own control route, outside `/api/v4` (the service has nothing like it): `secscan sandbox
 * scan` records a completed scan through it. A Super Admin user's token (SECSCAN_TOKEN) authorises it.
 */
export const controlScanPath = '/_sandbox/scans';

export const controlSeverities = ['critical', 'high', 'medium', 'low'] as const;
export const controlFindingTypes = [
  'vuln',
  'secret',
  'insight',
  'extscan',
  'oss_vuln',
  'container',
  'security_issue',
  'package',
] as const;

const count = z.number().int().min(0).max(1000);

export const ScanControlBody = z
  .strictObject({
    app: z.string().min(1).optional(),
    compound: z.string().min(1).optional(),
    branch: z.string().min(1).optional(),
    new: z
      .array(
        z.strictObject({
          severity: z.enum(controlSeverities),
          type: z.enum(controlFindingTypes).optional(),
          count: count.min(1),
        }),
      )
      .optional(),
    fix: count.optional(),
    reappear: count.optional(),
    /** When the scan ran, started and completed (default: now): a history at known dates, each after the last. */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((b) => (b.app === undefined) !== (b.compound === undefined), {
    message: 'give exactly one of app or compound',
  });
export type ScanControlBody = z.infer<typeof ScanControlBody>;

const ScanInfo = z.looseObject({ id: z.string(), app: z.string(), branch: z.string(), version: z.string() });

export const ScanControlResult = z.looseObject({
  scans: z.array(ScanInfo).min(1),
  polyglot_scan: z.looseObject({ id: z.number(), compound: z.string() }).optional(),
  branch: z.string(),
  new: z.array(z.string()),
  fixed: z.array(z.string()),
  regressed: z.array(z.string()),
  webhooks: z.array(z.looseObject({ delivery_id: z.string(), url: z.string() })),
});
export type ScanControlResult = z.infer<typeof ScanControlResult>;
