import type { Context } from '../../../context.js';
import { UnexpectedResponseError } from '../../../errors.js';
import type { Result } from '../../../output/core/result.js';

/** What the redirect pointed at, as an absolute http(s) address (control characters come out percent-encoded). */
function checkedAddress(location: string, origin: string, op: string): string {
  let url: URL;
  try {
    url = new URL(location, origin);
  } catch {
    throw new UnexpectedResponseError(`${op}: the service redirected to something that is not an address`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UnexpectedResponseError(
      `${op}: the service redirected to a ${url.protocol} address, not a web page`,
    );
  }
  return url.href;
}

/** A terminal where someone can use a browser: stdin and stderr are terminals and CI is not set. */
function atTerminal(ctx: Context): boolean {
  return Boolean(ctx.io.stdin.isTTY) && ctx.stderrIsTTY && !ctx.env.CI;
}

/**
 * Reads where an authorization start (AuthorizeSlack, AzureAuthorization) redirects: the client returns the
 * Location and never follows it, so the token is not sent there. The address is printed; with `open`, it
 * is also opened in the browser, on a terminal only.
 */
export async function authorizationAddress(
  ctx: Context,
  op: 'AuthorizeSlack' | 'AzureAuthorization',
  service: string,
  open: boolean | undefined,
): Promise<Result> {
  const client = await ctx.client();
  const location = await client.call(op);
  const url = checkedAddress(location, client.origin, op);
  if (open && atTerminal(ctx)) {
    const { openUrl } = await import('../../../util/open-url.js');
    try {
      await openUrl(url, ctx.env);
      ctx.note(`Opened the browser: approve access to ${service} there.`);
    } catch (error) {
      ctx.warn(`cannot open a browser (${(error as Error).message}): open the address yourself`);
    }
  } else {
    if (open) ctx.note('--open: not at a terminal (or CI is set), so no browser is opened.');
    ctx.note(`Open this address in a browser to approve access to ${service}:`);
  }
  return { kind: 'raw', body: `${url}\n` };
}
