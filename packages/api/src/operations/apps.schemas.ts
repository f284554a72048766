import * as z from 'zod';
import {
  App,
  AppBranches,
  AppConfig,
  AppConfigBody,
  AppProvision,
  AppSpec,
  LabelsBody,
  ScanBranch,
} from '../schemas/apps.js';
import { OkOnly, StringArray } from '../schemas/common.js';
import { defineQuery, integer, text } from '../query.js';
import { defineSchemas } from '../schema.js';
import type { appOperations } from './apps.js';

const DefaultBranch = z.looseObject({ default_branch: z.string().optional() });

export default defineSchemas<typeof appOperations>()({
  ListApps: {
    response: z.array(App),
  },
  CreateApp: {
    body: z.array(AppSpec).min(1),
    response: AppProvision,
  },
  ReadApp: {
    response: App,
  },
  DeleteApp: {
    response: OkOnly,
  },
  UpdateAppLabels: {
    body: LabelsBody,
    response: StringArray,
  },
  ListAppsBranches: {
    query: defineQuery({ app: text(), from: integer(0), until: integer(0) }),
    response: z.array(AppBranches),
  },
  ListAppBranches: {
    response: z.union([z.array(ScanBranch), ScanBranch]),
  },
  ReadAppConfig: {
    response: AppConfig,
  },
  UpdateAppConfig: {
    body: AppConfigBody,
    response: DefaultBranch,
  },
  PatchAppConfig: {
    body: AppConfigBody,
    response: DefaultBranch,
  },
  UpdateAppDefaultBranch: {
    body: z.strictObject({ default_branch: z.string().min(1) }),
    response: DefaultBranch,
  },
  ReadMergedAppConfig: {
    response: AppConfig,
  },
});
