import { packageInfo, parsePurl } from '../analysis/packages.js';
import { type HandlerMap, invalid, ok } from '../http.js';

export const packageHandlers = {
  RetrievePackageInfo: ({ state, body }) => {
    const { purls } = body;
    const badPurls = purls.filter((p) => !parsePurl(p));
    if (badPurls.length) {
      return invalid(
        'invalid request body',
        badPurls.map((p) => `purls: ${JSON.stringify(p)} is not a package URL (pkg:type/name@version)`),
      );
    }
    return ok(purls.map((purl) => packageInfo(state, purl)));
  },
} satisfies HandlerMap;
