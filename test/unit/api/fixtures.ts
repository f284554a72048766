import { MockAgent } from 'undici';
import * as z from 'zod';
import { ApiClient, type CallParams, type ClientOptions } from '../../../src/api/client.js';
import { defineOperations, type Operation } from '@secscan/api/operation';
import type { OperationSchemas } from '@secscan/api/schema';
import type { ApiError } from '../../../src/errors.js';

export const ORIGIN = 'http://127.0.0.1:9';
export const ORG = '8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b';
export const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJvcmdJRCI6Im8ifQ.test-signature';

export const ops = defineOperations('test', {
  ListThings: {
    method: 'GET',
    path: '/orgs/{orgID}/things',
    scopes: [],
    summary: 'list',
    paginated: true,
  },
  ReadThing: { method: 'GET', path: '/orgs/{orgID}/things/{thingID}', scopes: [], summary: 'read' },
  CreateThing: {
    method: 'POST',
    path: '/orgs/{orgID}/things',
    scopes: [],
    summary: 'create',
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

// Some operations have no schemas here on purpose: the client without a schema to read with.
const schemas: Readonly<Record<string, OperationSchemas>> = {
  ListThings: { response: z.array(z.looseObject({ id: z.string() })) },
  CreateThing: { body: z.strictObject({ name: z.string().min(1) }) },
};

export function mockAgent(): MockAgent {
  const agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
  return agent;
}

/** The client on the fixture rows: the calls take a row and use the fixture schemas. */
export interface TestClient {
  api: ApiClient;
  call(op: Operation, params?: CallParams): Promise<unknown>;
  pages(op: Operation, params?: CallParams): AsyncGenerator<unknown>;
  download(
    op: Operation,
    params: CallParams,
    dest: string,
    onProgress?: (bytes: number) => void,
  ): Promise<number>;
  pathFor(op: Operation, params?: CallParams): string;
}

export function client(agent: MockAgent, options: Partial<ClientOptions> = {}): TestClient {
  const api = new ApiClient({
    baseUrl: ORIGIN,
    token: TOKEN,
    orgId: ORG,
    dispatcher: agent,
    random: () => 0,
    timeoutMs: 2000,
    ...options,
  });
  return {
    api,
    call: (op, params) => api.callOf(op, params, schemas[op.id]),
    pages: (op, params) => api.pagesOf(op, params, schemas[op.id]),
    download: (op, params, dest, onProgress) => api.downloadOf(op, params, dest, onProgress),
    pathFor: (op, params) => api.pathFor(op, params),
  };
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
