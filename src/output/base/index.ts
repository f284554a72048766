import csv from './csv.js';
import type { BaseFormat } from './format.js';
import json from './json.js';
import ndjson from './ndjson.js';
import table from './table.js';
import tsv from './tsv.js';
import yaml from './yaml.js';

/**
 * The base formats, by -o name: every command takes them (a command whose document cannot be rows refuses
 * those that read only rows, by name). The set of formats is this record's keys, in the order help lists
 * them; a new one is a module of this folder and its line here.
 */
export const baseFormats = {
  table,
  tsv,
  json,
  ndjson,
  yaml,
  csv,
} as const satisfies Record<string, BaseFormat>;

export type BaseFormatName = keyof typeof baseFormats;

/** The names, in order. */
export const baseFormatNames = Object.keys(baseFormats) as BaseFormatName[];

export function isBaseFormat(name: string): name is BaseFormatName {
  return Object.hasOwn(baseFormats, name);
}
