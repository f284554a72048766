import { z } from 'zod';
import { defineOperations } from '../operation.js';
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

const DefaultBranch = z.looseObject({ default_branch: z.string().optional() });

export const appOperations = defineOperations({
  ListApps: {
    method: 'GET',
    path: '/orgs/{orgID}/apps',
    scopes: ['apps:list'],
    summary: 'List apps',
    response: z.array(App),
  },
  CreateApp: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps',
    scopes: ['apps:create'],
    summary: 'Create Apps',
    body: z.array(AppSpec).min(1),
    response: AppProvision,
  },
  ReadApp: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}',
    scopes: ['project:read'],
    summary: 'Read app',
    response: App,
  },
  DeleteApp: {
    method: 'DELETE',
    path: '/orgs/{orgID}/apps/{appID}',
    scopes: ['project:delete'],
    summary: 'Delete app',
    response: OkOnly,
  },
  UpdateAppLabels: {
    method: 'POST',
    path: '/orgs/{orgID}/apps/{appID}/labels',
    scopes: ['project:update'],
    summary: 'Update application labels',
    body: LabelsBody,
    response: StringArray,
  },
  ListAppsBranches: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/branches',
    scopes: ['apps:list'],
    summary: 'List app branches',
    response: z.array(AppBranches),
  },
  // ListAppBranches: the document describes one object; a list of them is accepted too.
  ListAppBranches: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scanbranches',
    scopes: ['scans:read'],
    summary: 'List application scans branches',
    response: z.union([z.array(ScanBranch), ScanBranch]),
  },
  ReadAppConfig: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/configuration',
    scopes: ['org_configuration:read'],
    summary: 'Read app config',
    response: AppConfig,
  },
  UpdateAppConfig: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/configuration',
    scopes: ['org_configuration:write'],
    summary: 'Update app config',
    body: AppConfigBody,
    response: DefaultBranch,
  },
  PatchAppConfig: {
    method: 'PATCH',
    path: '/orgs/{orgID}/apps/{appID}/configuration',
    scopes: ['org_configuration:write'],
    summary: 'Patch app config',
    body: AppConfigBody,
    response: DefaultBranch,
  },
  UpdateAppDefaultBranch: {
    method: 'PATCH',
    path: '/orgs/{orgID}/apps/{appID}/configuration/default_branch',
    scopes: ['project_branch:update'],
    summary: 'Update Application Default Branch',
    body: z.strictObject({ default_branch: z.string().min(1) }),
    response: DefaultBranch,
  },
  ReadMergedAppConfig: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/configuration/merged',
    scopes: ['org_configuration:read'],
    summary: 'Read merged app config',
    response: AppConfig,
  },
});
