import {
  CloudCredentials,
  CloudCredentialsBody,
  Enrollment,
  EnrollmentBody,
} from '../schemas/integrations.js';
import { defineSchemas } from '../schema.js';

// The cloud-platform operations answer without the envelope; their bodies are not documented and may be empty.
export default defineSchemas({
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
