import { defineOperations } from '../operation.js';

// The cloud-platform operations answer without the envelope, possibly with no body.
export const wizOperations = defineOperations('wiz', {
  getWizCompoundEnrollmentStatus: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/integrations/wiz/enrollment',
    scopes: ['project:read', 'wiz_enrollment:read'],
    summary: 'Get Wiz Compound enrollment status',
    envelope: false,
  },
  updateWizCompoundEnrollment: {
    method: 'PUT',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/integrations/wiz/enrollment',
    scopes: ['project:update', 'wiz_enrollment:write'],
    summary: 'Update Wiz Compound enrollment',
    envelope: false,
  },
  removeWizCompoundEnrollment: {
    method: 'DELETE',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/integrations/wiz/enrollment',
    scopes: ['project:update', 'wiz_enrollment:write'],
    summary: 'Remove Wiz Compound enrollment',
    envelope: false,
  },
  getWizCreds: {
    method: 'GET',
    path: '/orgs/{orgID}/integrations/wiz/creds',
    scopes: ['wiz_auth:write'],
    summary: 'Get WIZ client credentials',
    envelope: false,
  },
  storeWizCreds: {
    method: 'PUT',
    path: '/orgs/{orgID}/integrations/wiz/creds',
    scopes: ['wiz_auth:write'],
    summary: 'Store WIZ client credentials',
    envelope: false,
  },
  getWizOrgEnrollmentStatus: {
    method: 'GET',
    path: '/orgs/{orgID}/integrations/wiz/enrollment',
    scopes: ['wiz_enrollment:read'],
    summary: 'Get Wiz Org enrollment status',
    envelope: false,
  },
  updateWizOrgEnrollment: {
    method: 'PUT',
    path: '/orgs/{orgID}/integrations/wiz/enrollment',
    scopes: ['wiz_enrollment:write'],
    summary: 'Update Wiz Org enrollment',
    envelope: false,
  },
});
