import {
  CloudCredentials,
  CloudCredentialsBody,
  Enrollment,
  EnrollmentBody,
} from '../schemas/integrations.js';
import { defineSchemas } from '../schema.js';
import type { wizOperations } from './wiz.js';

// The cloud-platform operations answer without the envelope; their bodies are not documented and may be empty.
export default defineSchemas<typeof wizOperations>()({
  getWizCompoundEnrollmentStatus: {
    response: Enrollment,
  },
  updateWizCompoundEnrollment: {
    body: EnrollmentBody,
  },
  removeWizCompoundEnrollment: {},
  getWizCreds: {
    response: CloudCredentials,
  },
  storeWizCreds: {
    body: CloudCredentialsBody,
  },
  getWizOrgEnrollmentStatus: {
    response: Enrollment,
  },
  updateWizOrgEnrollment: {
    body: EnrollmentBody,
  },
});
