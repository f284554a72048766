import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { AppGroup, UpsertAppGroupBody } from '../schemas/apps.js';
import { OkOnly, StringArray } from '../schemas/common.js';

export const appGroupOperations = defineOperations({
  ReadOrgGroups: {
    method: 'GET',
    path: '/orgs/{orgID}/app_groups',
    scopes: ['orgs:read'],
    summary: 'Read organization app groups',
    response: StringArray,
  },
  ReadAppGroup: {
    method: 'GET',
    path: '/orgs/{orgID}/app_groups/{appGroupName}',
    scopes: ['orgs:read'],
    summary: 'Read app group',
    response: z.array(AppGroup),
  },
  UpsertAppGroup: {
    method: 'PUT',
    path: '/orgs/{orgID}/app_groups/{appGroupName}',
    scopes: ['app_group:update'],
    summary: 'Create or update app group',
    body: UpsertAppGroupBody,
    response: z.array(AppGroup),
  },
  DeleteAppGroup: {
    method: 'DELETE',
    path: '/orgs/{orgID}/app_groups/{appGroupName}',
    scopes: ['app_group:delete'],
    summary: 'Delete app group',
    response: OkOnly,
  },
});
