import type { ServerResponse } from 'node:http';
import { type Link, pieces } from './bandwidth.js';
import type { Reply } from './http.js';

/**
 * Writes chunks as the client takes them. A source that fails (an injected cut) ends the connection right
 * after the bytes already written, short of the announced length, as a dropped transfer would.
 */
async function sendStream(
  res: ServerResponse,
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>,
  link: Link | undefined,
): Promise<void> {
  try {
    for await (const chunk of link ? paced(chunks) : chunks) {
      if (res.destroyed) return;
      if (link) await link.take(chunk.length);
      if (res.destroyed) return;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.on('drain', done).on('close', done);
        });
      }
    }
    res.end();
  } catch {
    res.socket?.end();
  }
}

/** The chunks of a stream cut into pieces of at most `pieceBytes`, for a paced link. */
async function* paced(chunks: Iterable<Buffer> | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield* pieces(chunk);
}

/** Writes a reply: a JSON or media body with its length, or a stream; through the link when one paces answers. */
export function send(res: ServerResponse, reply: Reply, link?: Link): void {
  if (reply.stream) {
    res.writeHead(reply.status, {
      'content-type': reply.media ?? 'application/octet-stream',
      'content-length': reply.stream.length,
      ...reply.headers,
    });
    void sendStream(res, reply.stream.chunks(), link);
    return;
  }
  const media = reply.media ?? 'application/json; charset=utf-8';
  const payload =
    reply.body === undefined
      ? ''
      : reply.media
        ? (reply.body as string | Buffer)
        : JSON.stringify(reply.body);
  // No body, no media type: an empty answer is not JSON (a client, or Prism, would fail to parse it).
  const headers: Record<string, string | number> = {
    ...(reply.body === undefined ? {} : { 'content-type': media }),
    'content-length': Buffer.byteLength(payload),
  };
  if (reply.status === 401) headers['www-authenticate'] = 'Bearer';
  res.writeHead(reply.status, { ...headers, ...reply.headers });
  // Paced: the body goes out piece by piece when the link has carried what was handed to it before.
  if (link && payload.length > 0) void sendStream(res, pieces(Buffer.from(payload)), link);
  else res.end(payload);
}
