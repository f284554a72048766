import { UsageError } from '../../errors.js';
import { requireNonEmpty } from '../validate.js';

export function requireCompoundName(value: string | undefined): string {
  if (value === undefined) throw new UsageError('a compound name is required');
  return requireNonEmpty('compound name', value);
}

/** Archived compounds are found too: `archived` asks the service to include them. */
export const includeArchived = { archived: true };
