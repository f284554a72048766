import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { bin } from './sandbox.js';

/** A tool's answer as the SDK's client gives it. */
export interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface McpSession {
  client: Client;
  /** The server's standard error, a line each (its log). */
  log: string[];
  /** Calls a tool; the SDK's client checks the structured content against the tool's output schema. */
  call(name: string, args?: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<ToolResult>;
  /** Resolves once a line of the log matches. */
  logged(pattern: RegExp): Promise<string>;
  close(): Promise<void>;
}

/** The JSON of an error result's one line. */
export const errorOf = (r: ToolResult) =>
  (JSON.parse(r.content[0]?.text ?? '{}') as { error: { exit: string; message: string; hint?: string } })
    .error;

function session(client: Client, log: string[], onLine: Set<(line: string) => void>): McpSession {
  return {
    client,
    log,
    async call(name, args = {}, options = {}) {
      return (await client.callTool({ name, arguments: args }, undefined, {
        signal: options.signal,
        timeout: 120_000,
      })) as ToolResult;
    },
    logged(pattern) {
      const seen = log.find((l) => pattern.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => {
        const watch = (line: string) => {
          if (!pattern.test(line)) return;
          onLine.delete(watch);
          resolve(line);
        };
        onLine.add(watch);
      });
    },
    close: () => client.close(),
  };
}

/**
 * `secscan mcp` (the built binary, or `command` as a host's configuration names it) driven by the SDK's own
 * client over its stdio transport, with only the environment given.
 */
export async function startMcp(
  args: string[],
  env: Record<string, string>,
  launch: { command: string; args: string[]; cwd?: string } = {
    command: process.execPath,
    args: [bin, 'mcp'],
  },
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: launch.command,
    args: [...launch.args, ...args],
    env,
    cwd: launch.cwd,
    stderr: 'pipe',
  });
  const log: string[] = [];
  const onLine = new Set<(line: string) => void>();
  const client = new Client({ name: 'secscan-e2e', version: '1.0.0' });
  const stderr = transport.stderr;
  if (stderr) {
    createInterface({ input: stderr as unknown as NodeJS.ReadableStream }).on('line', (line) => {
      log.push(line);
      for (const watch of [...onLine]) watch(line);
    });
  }
  await client.connect(transport);
  return session(client, log, onLine);
}

/**
 * The same over a transport of the test's own that keeps every byte the server wrote on standard output
 * (`raw`), to check what the wire carries.
 */
export async function startRecordedMcp(
  args: string[],
  env: Record<string, string>,
): Promise<McpSession & { raw: () => string }> {
  const child = spawn(process.execPath, [bin, 'mcp', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const log: string[] = [];
  const onLine = new Set<(line: string) => void>();
  createInterface({ input: child.stderr }).on('line', (line) => {
    log.push(line);
    for (const watch of [...onLine]) watch(line);
  });
  let raw = '';
  const buffer = new ReadBuffer();
  const transport: Transport = {
    async start() {
      child.stdout.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
        buffer.append(chunk);
        for (let m = buffer.readMessage(); m; m = buffer.readMessage()) transport.onmessage?.(m);
      });
      child.on('exit', () => transport.onclose?.());
    },
    async send(message: JSONRPCMessage) {
      child.stdin.write(serializeMessage(message));
    },
    async close() {
      child.stdin.end();
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    },
  };
  const client = new Client({ name: 'secscan-e2e-recorded', version: '1.0.0' });
  await client.connect(transport);
  return { ...session(client, log, onLine), raw: () => raw };
}
