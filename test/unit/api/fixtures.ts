import { MockAgent } from 'undici';
import { z } from 'zod';
import { ApiClient, type ClientOptions } from '../../../src/api/client.js';
import { defineOperations } from '../../../src/api/operation.js';
import type { ApiError } from '../../../src/errors.js';

export const ORIGIN = 'http://127.0.0.1:9';
export const ORG = '8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b';
export const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJvcmdJRCI6Im8ifQ.test-signature';

export const ops = defineOperations({
  ListThings: {
    method: 'GET',
    path: '/orgs/{orgID}/things',
    scopes: [],
    summary: 'list',
    response: z.array(z.looseObject({ id: z.string() })),
    paginated: true,
  },
  ReadThing: { method: 'GET', path: '/orgs/{orgID}/things/{thingID}', scopes: [], summary: 'read' },
  CreateThing: {
    method: 'POST',
    path: '/orgs/{orgID}/things',
    scopes: [],
    summary: 'create',
    body: z.strictObject({ name: z.string().min(1) }),
  },
  PutThing: { method: 'PUT', path: '/orgs/{orgID}/things/{thingID}', scopes: [], summary: 'put' },
  PatchThing: { method: 'PATCH', path: '/orgs/{orgID}/things/{thingID}', scopes: [], summary: 'patch' },
  BareThing: { method: 'GET', path: '/bare', scopes: [], summary: 'no envelope', envelope: false },
  Report: {
    method: 'GET',
    path: '/orgs/{orgID}/report',
    scopes: [],
    summary: 'download',
    media: 'application/octet-stream',
  },
});

export function mockAgent(): MockAgent {
  const agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
  return agent;
}

export function client(agent: MockAgent, options: Partial<ClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl: ORIGIN,
    token: TOKEN,
    orgId: ORG,
    dispatcher: agent,
    random: () => 0,
    timeoutMs: 2000,
    ...options,
  });
}

export const things = `/api/v4/orgs/${ORG}/things`;

/** The rejection of a call that must fail, typed as the CLI's API error to read its fields. */
export function failure(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ApiError,
  );
}
