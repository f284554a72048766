import {
  bare,
  error,
  type HandlerContext,
  type HandlerMap,
  invalid,
  notFound,
  ok,
  redirect,
  type Reply,
  ReplyError,
} from '../http.js';
import {
  type AuthorizedService,
  type EnrollmentRecord,
  startAuthorization,
  workItemUrl,
} from '../integrations.js';

function app(ctx: HandlerContext): string {
  const id = ctx.params.appID as string;
  if (!ctx.state.apps.some((a) => a.id === id)) throw new ReplyError(notFound(`no app has the id ${id}`));
  return id;
}

function compound(ctx: HandlerContext): string {
  const name = ctx.params.compoundName as string;
  if (!ctx.state.analysis.compounds.some((c) => c.name === name)) {
    throw new ReplyError(notFound(`no compound is named ${name}`));
  }
  return name;
}

/** The work-board calls that need the organization's authorization answer 400 without it. */
function board(ctx: HandlerContext) {
  const authorized = ctx.state.integrations.board;
  if (!authorized) {
    throw new ReplyError(
      error(
        400,
        'NOT_AUTHORIZED',
        'the work board is not authorized for this organization: authorize it first',
      ),
    );
  }
  return authorized;
}

function association(ctx: HandlerContext, appId: string) {
  const found = ctx.state.integrations.associations[appId];
  if (!found) throw new ReplyError(notFound(`no Azure DevOps project is linked to app ${appId}`));
  return found;
}

/** 302 to the sandbox's stand-in consent page (the real service sends the browser to the vendor). */
function authorize(ctx: HandlerContext, service: AuthorizedService): Reply {
  const state = startAuthorization(ctx.state.integrations, service);
  ctx.save();
  return redirect(`${ctx.baseUrl}/sandbox/consent/${service}?state=${state}`);
}

const enrollmentNotFound = () => error(400, 'ENROLLMENT_NOT_FOUND', 'Enrollment not found');

/** A PUT sets the fields it carries; a new enrollment starts enabled and enrolled for nothing. */
function mergeEnrollment(
  current: EnrollmentRecord | undefined,
  body: { enrolled_for?: string[] | undefined; is_enabled?: boolean | undefined },
): EnrollmentRecord {
  return {
    enrolled_for: body.enrolled_for ? [...new Set(body.enrolled_for)] : (current?.enrolled_for ?? []),
    is_enabled: body.is_enabled ?? current?.is_enabled ?? true,
  };
}

const httpsUrl = (value: string | undefined) => {
  try {
    return new URL(value ?? '').protocol === 'https:';
  } catch {
    return false;
  }
};

export const integrationHandlers = {
  AuthorizeSlack: (ctx) => authorize(ctx, 'chat'),
  DeleteSlackConfiguration: (ctx) => {
    if (!ctx.state.integrations.chat)
      return notFound('the chat service is not connected to this organization');
    delete ctx.state.integrations.chat;
    ctx.save();
    return ok();
  },

  AzureAuthorization: (ctx) => authorize(ctx, 'board'),
  GetAzureAuthorizationStatus: (ctx) => {
    const authorized = ctx.state.integrations.board;
    if (!authorized) return notFound('the work board is not authorized for this organization');
    return ok({ authorized: true, authorized_at: authorized.authorized_at });
  },
  GetAzureOrgList: (ctx) => ok({ accounts: board(ctx).accounts.map((name) => ({ name })) }),
  GetAzureboardAssociation: (ctx) => bare(association(ctx, app(ctx))),
  PutAzureboardAssociation: (ctx) => {
    const appId = app(ctx);
    const { accounts } = board(ctx);
    const body = ctx.body;
    if (!accounts.includes(body.azure_org_name)) {
      return invalid('invalid request body', [
        `azure_org_name: the work board reaches no Azure DevOps organization named ${body.azure_org_name}`,
      ]);
    }
    ctx.state.integrations.associations[appId] = { ...body };
    ctx.save();
    return ok({ ...body });
  },
  DeleteAzureboardAssociation: (ctx) => {
    const appId = app(ctx);
    association(ctx, appId);
    delete ctx.state.integrations.associations[appId];
    ctx.save();
    return ok();
  },
  SubmitFindingToAzureBoardPut: (ctx) => {
    const appId = app(ctx);
    const linked = association(ctx, appId);
    const { scan_id: scanId, finding_ids: ids, extra_parameters: extra } = ctx.body;
    const { analysis, integrations } = ctx.state;
    if (!analysis.scans.some((s) => s.app === appId && s.id === String(scanId))) {
      return invalid('invalid request body', [`scan_id: app ${appId} has no scan ${scanId}`]);
    }
    if (!ids.length) return invalid('invalid request body', ['finding_ids: give at least one finding id']);
    const findings = ids.map((id) => analysis.findings.find((f) => f.app === appId && f.id === String(id)));
    const unknown = ids.filter((_id, i) => !findings[i]);
    if (unknown.length) {
      return invalid(
        'invalid request body',
        unknown.map((id) => `finding_ids: app ${appId} has no finding ${id}`),
      );
    }
    for (const finding of findings) {
      if (!finding) continue;
      // A finding already filed keeps its work item.
      if (integrations.workItems.some((w) => w.app === appId && w.finding_id === finding.id)) continue;
      integrations.workItems.push({
        id: integrations.nextWorkItem++,
        app: appId,
        finding_id: finding.id,
        scan_id: scanId,
        azure_org_name: linked.azure_org_name,
        azure_project_name: linked.azure_project_name,
        type: linked.finding_work_item_type ?? 'Issue',
        title: finding.title,
        created_at: new Date().toISOString(),
        ...(extra && Object.keys(extra).length ? { extra_parameters: { ...extra } } : {}),
      });
    }
    ctx.save();
    return ok();
  },
  GetAssociationAzureBoardByFindingID: (ctx) => {
    const appId = app(ctx);
    const findingId = ctx.params.findingID;
    if (!ctx.state.analysis.findings.some((f) => f.app === appId && f.id === findingId)) {
      return notFound(`app ${appId} has no finding ${findingId}`);
    }
    const item = ctx.state.integrations.workItems.find((w) => w.app === appId && w.finding_id === findingId);
    if (!item) return notFound(`finding ${findingId} of app ${appId} has no work item`);
    return bare({
      azure_org_name: item.azure_org_name,
      azure_project_name: item.azure_project_name,
      azure_workitem_id: item.id,
      azure_workitem_url: workItemUrl(ctx.baseUrl, item.id),
    });
  },

  storeWizCreds: (ctx) => {
    const { client_id: clientId, client_secret: secret, auth_url: authUrl, api_url: apiUrl } = ctx.body;
    const missing = Object.entries({
      client_id: clientId,
      client_secret: secret,
      auth_url: authUrl,
      api_url: apiUrl,
    })
      .filter(([, v]) => !v?.trim())
      .map(([k]) => `${k}: required`);
    if (missing.length) return invalid('invalid request body', missing);
    if (!httpsUrl(authUrl) || !httpsUrl(apiUrl)) {
      return error(400, 'INVALID_URL', 'The provided wiz auth/api url is invalid');
    }
    ctx.state.integrations.cloud.creds = {
      client_id: clientId as string,
      auth_url: authUrl as string,
      api_url: apiUrl as string,
      stored_at: new Date().toISOString(),
    };
    ctx.save();
    return { status: 200 };
  },
  getWizCreds: (ctx) => {
    const creds = ctx.state.integrations.cloud.creds;
    if (!creds) return notFound('no cloud-platform credentials are stored for this organization');
    return bare({ client_id: creds.client_id, auth_url: creds.auth_url, api_url: creds.api_url });
  },
  getWizOrgEnrollmentStatus: (ctx) => {
    const org = ctx.state.integrations.cloud.org;
    return org ? bare({ ...org, scope: 'organization' }) : enrollmentNotFound();
  },
  updateWizOrgEnrollment: (ctx) => {
    const { cloud } = ctx.state.integrations;
    cloud.org = mergeEnrollment(cloud.org, ctx.body);
    ctx.save();
    return bare({ ...cloud.org, scope: 'organization' });
  },
  // Falls back to the organization's enrollment when the compound has none of its own.
  getWizCompoundEnrollmentStatus: (ctx) => {
    const { cloud } = ctx.state.integrations;
    const own = cloud.compounds[compound(ctx)];
    if (own) return bare({ ...own, scope: 'compound' });
    return cloud.org ? bare({ ...cloud.org, scope: 'organization' }) : enrollmentNotFound();
  },
  updateWizCompoundEnrollment: (ctx) => {
    const name = compound(ctx);
    const { compounds } = ctx.state.integrations.cloud;
    compounds[name] = mergeEnrollment(compounds[name], ctx.body);
    ctx.save();
    return bare({ ...compounds[name], scope: 'compound' });
  },
  removeWizCompoundEnrollment: (ctx) => {
    const name = compound(ctx);
    const { compounds } = ctx.state.integrations.cloud;
    if (!compounds[name]) return enrollmentNotFound();
    delete compounds[name];
    ctx.save();
    return { status: 200 };
  },
} satisfies HandlerMap;
