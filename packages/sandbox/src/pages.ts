import { randomBytes } from 'node:crypto';
import type { Reply } from './http.js';
import { type AuthorizedService, callbackUrl, serviceNames } from './integrations.js';
import type { SandboxState } from './state.js';

/** A browser request outside the API: the stand-in pages the authorization redirects and work items point at. */
export interface PageRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  state: SandboxState;
  /** The scheme and host the browser used: where the consent sends it back. */
  baseUrl: string;
}

const vendors: Record<AuthorizedService, { name: string; where: string; command: string }> = {
  chat: { name: 'Slack', where: 'slack.com', command: 'secscan integrations chat authorize' },
  board: { name: 'Azure DevOps', where: 'dev.azure.com', command: 'secscan integrations board authorize' },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"'\u0000-\u001f\u007f-\u009f]/g, (c) => `&#${c.codePointAt(0) as number};`);

function page(status: number, title: string, paragraphs: string[], form = ''): Reply {
  const body =
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n` +
    `<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">\n<h1>${escapeHtml(title)}</h1>\n` +
    `${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}\n${form}</body></html>\n`;
  return { status, body, media: 'text/html; charset=utf-8' };
}

function consent(req: PageRequest, service: AuthorizedService): { reply: Reply; changed: boolean } {
  const vendor = vendors[service];
  const section = req.state.integrations;
  const nonce = req.query.get('state') ?? '';
  const pending = section.pending.find((p) => p.service === service && p.state === nonce && !p.code);
  const title = `secscan sandbox: stand-in for ${vendor.name}`;
  if (!pending) {
    const text = `This authorization link is unknown or was already used. Start again with <code>${vendor.command}</code>.`;
    return { reply: page(404, title, [text]), changed: false };
  }
  const org = escapeHtml(req.state.org.name);
  if (req.method !== 'POST') {
    const action = `/sandbox/consent/${service}?state=${encodeURIComponent(nonce)}`;
    const form =
      `<form method="post" action="${action}"><button type="submit">Approve (sandbox)</button></form>\n` +
      `<form method="post" action="${action}&amp;decision=deny"><button type="submit">Deny</button></form>\n`;
    const paragraphs = [
      `This page stands in for ${vendor.name}’s authorization prompt. The real service would send your browser ` +
        `to ${vendor.where} to approve access to ${escapeHtml(serviceNames[service])} for the organization ${org}.`,
      'This is the secscan sandbox: nothing leaves this machine, and no account is needed. Approve, and the ' +
        'browser goes back to the service’s callback, which records the authorization in the sandbox.',
    ];
    return { reply: page(200, title, paragraphs, form), changed: false };
  }
  // As the vendor does: back to the service's callback, with a code to complete it, or the refusal.
  const answer =
    req.query.get('decision') === 'deny'
      ? { error: 'access_denied' }
      : { code: (pending.code = randomBytes(16).toString('hex')) };
  const location = callbackUrl(req.baseUrl, req.state.org.id, service, answer, pending.state);
  return { reply: { status: 303, headers: { location } }, changed: 'code' in answer };
}

/** The stand-in for the service's organization settings page, where the callbacks send the browser. */
function settings(req: PageRequest): Reply {
  const title = 'secscan sandbox: organization settings';
  const failed = req.query.get('error');
  if (failed !== null) {
    return page(200, title, [
      `The authorization was not completed (${escapeHtml(failed)}): nothing was connected to ` +
        `${escapeHtml(req.state.org.name)}. Start again from the command line.`,
    ]);
  }
  const { chat, board } = req.state.integrations;
  const connected = [...(chat ? ['chat'] : []), ...(board ? ['board'] : [])] as AuthorizedService[];
  const lines = connected.map(
    (s) => `${escapeHtml(serviceNames[s])} is connected to ${escapeHtml(req.state.org.name)}.`,
  );
  return page(200, title, [
    ...(req.query.get('success') === 'true' ? ['Approved. You can close this page.'] : []),
    ...(lines.length ? lines : ['No integration is connected.']),
  ]);
}

function workItem(req: PageRequest, id: string): Reply {
  const item = req.state.integrations.workItems.find((w) => String(w.id) === id);
  const title = `secscan sandbox: work item ${id}`;
  if (!item) return page(404, title, ['The sandbox has no work item with this number.']);
  const rows = [
    `A stand-in for work item ${item.id} of the Azure DevOps project ` +
      `${escapeHtml(`${item.azure_org_name}/${item.azure_project_name}`)}.`,
    `${escapeHtml(item.type)}: ${escapeHtml(item.title)}`,
    `Finding ${escapeHtml(item.finding_id)} of app ${escapeHtml(item.app)}, from scan ${item.scan_id}; filed ${escapeHtml(item.created_at)}.`,
  ];
  return page(200, title, rows);
}

/** The page for a path under `/sandbox/`, and whether it changed the state. */
export function servePage(req: PageRequest): { reply: Reply; changed: boolean } {
  const consentPath = /^\/sandbox\/consent\/(chat|board)$/.exec(req.path);
  if (consentPath && (req.method === 'GET' || req.method === 'POST')) {
    return consent(req, consentPath[1] as AuthorizedService);
  }
  if (req.path === '/sandbox/organization/settings' && req.method === 'GET') {
    return { reply: settings(req), changed: false };
  }
  const itemPath = /^\/sandbox\/board\/workitems\/(\d{1,12})$/.exec(req.path);
  if (itemPath && req.method === 'GET')
    return { reply: workItem(req, itemPath[1] as string), changed: false };
  return { reply: page(404, 'secscan sandbox', ['No page here.']), changed: false };
}
