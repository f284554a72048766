import { randomUUID } from 'node:crypto';
import { bare, type HandlerContext, type HandlerMap, invalid, notFound, ReplyError } from '../http.js';
import type { SavedSearchRecord } from '../state.js';

/** Saved searches belong to the calling user: another user's search is not found. */
function searchOf(ctx: HandlerContext): SavedSearchRecord {
  const id = ctx.params.searchID as string;
  const search = ctx.state.savedSearches.find((s) => s.id === id && s.user_id === ctx.caller.user.id_v2);
  if (!search) throw new ReplyError(notFound(`you have no saved search ${id}`));
  return search;
}

const publicForm = ({ user_id: _owner, ...search }: SavedSearchRecord) => search;

// The saved-search operations answer bare: an array, or no body at all (201 on create, 204 on delete).
export const savedSearchHandlers = {
  ListSavedSearches: (ctx) =>
    bare(ctx.state.savedSearches.filter((s) => s.user_id === ctx.caller.user.id_v2).map(publicForm)),

  CreateSavedSearch: (ctx) => {
    const { search_name: name, path_name: path, search_query: query } = ctx.body;
    if (!name?.trim() || !path?.trim()) {
      return invalid('invalid saved search', ['search_name and path_name are required']);
    }
    ctx.state.savedSearches.push({
      id: randomUUID(),
      user_id: ctx.caller.user.id_v2,
      search_name: name,
      path_name: path,
      search_query: query ?? '',
      updated_at: new Date().toISOString(),
    });
    ctx.save();
    return bare(undefined, 201);
  },

  UpdateSavedSearch: (ctx) => {
    const search = searchOf(ctx);
    const body = ctx.body;
    if (body.search_name !== undefined && !body.search_name.trim()) {
      return invalid('invalid saved search', ['search_name must not be empty']);
    }
    search.search_name = body.search_name ?? search.search_name;
    search.path_name = body.path_name ?? search.path_name;
    search.search_query = body.search_query ?? search.search_query;
    search.updated_at = new Date().toISOString();
    ctx.save();
    return bare(undefined);
  },

  DeleteSavedSearch: (ctx) => {
    const search = searchOf(ctx);
    ctx.state.savedSearches = ctx.state.savedSearches.filter((s) => s !== search);
    ctx.save();
    return bare(undefined, 204);
  },
} satisfies HandlerMap;
