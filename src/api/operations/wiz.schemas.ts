import { CloudCredentialsBody, EnrollmentBody } from '../schemas/integrations.js';
import { defineSchemas } from '../schema.js';

// Success responses of the cloud-platform operations are not documented: read as they come.
export default defineSchemas({
  getWizCompoundEnrollmentStatus: {},
  updateWizCompoundEnrollment: {
    body: EnrollmentBody,
  },
  removeWizCompoundEnrollment: {},
  getWizCreds: {},
  storeWizCreds: {
    body: CloudCredentialsBody,
  },
  getWizOrgEnrollmentStatus: {},
  updateWizOrgEnrollment: {
    body: EnrollmentBody,
  },
});
