// The one way a setting is declared: its environment variable, its joi schema (type,
// default, range), what it means, whether it is a secret and the group it belongs to.
// loadConfig (../config.ts) validates and reads the declarations, the configuration
// reference (docs/configuration.md) is generated from them, and the Config type is
// inferred from them: nothing about a setting is written twice.
import type Joi from 'joi';

/** The validated environment, by variable name (what `read` of a setting may consult). */
export type SettingValues = Record<string, any>;

/**
 * `secret`: never printed, documented as a secret. `generated`: a secret that outside
 * production is generated once per install into SECRETS_FILE when the environment does
 * not set it, and that production refuses to start without (see ../local-secrets.ts).
 */
export type SecretKind = false | 'secret' | 'generated';

export interface Setting<T = unknown> {
  readonly kind: 'setting';
  readonly env: string;
  readonly schema: Joi.Schema;
  readonly description: string;
  readonly secret: SecretKind;
  /** stamped by group() */
  group: string;
  /** the default as the reference shows it, where the schema's own default does not say it */
  readonly shownDefault?: string;
  /** the allowed values as the reference shows them, where the schema's rules do not say it */
  readonly allowed?: string;
  /** the Config value from the validated one (and, for derived defaults, from the others) */
  readonly read: (value: any, all: SettingValues) => T;
}

interface SettingOptions {
  secret?: SecretKind;
  shownDefault?: string;
  allowed?: string;
}

/** A setting whose Config value is the validated value. */
export function setting<T>(env: string, schema: Joi.Schema<T>, description: string, options?: SettingOptions): Setting<T>;
/** A setting whose Config value is computed by `read` from the validated value. */
export function setting<T, R>(env: string, schema: Joi.Schema<T>, description: string, options: SettingOptions & { read: (value: T, all: SettingValues) => R }): Setting<R>;
export function setting(env: string, schema: Joi.Schema, description: string, options: SettingOptions & { read?: (value: any, all: SettingValues) => unknown } = {}): Setting {
  return { kind: 'setting', env, schema, description, secret: options.secret ?? false, group: '', shownDefault: options.shownDefault, allowed: options.allowed, read: options.read ?? ((v) => v) };
}

/** A tree of settings: the shape of Config (a leaf is a setting, a branch a nested object). */
export interface SettingTree {
  readonly [key: string]: Setting<any> | SettingTree;
}

/** The Config shape a tree of settings gives: each setting replaced by its value. */
export type ValuesOf<D> = D extends Setting<infer T> ? T : { -readonly [K in keyof D]: ValuesOf<D[K]> };

export const isSetting = (node: Setting<any> | SettingTree): node is Setting<any> => (node as Setting).kind === 'setting';

/** Every setting of a tree, depth first in declaration order. */
export function settingsOf(tree: SettingTree): Setting<any>[] {
  return Object.values(tree).flatMap((node) => (isSetting(node) ? [node] : settingsOf(node)));
}

export interface SettingGroup {
  readonly name: string;
  readonly title: string;
  /** a sentence or two printed above the group's table in the reference */
  readonly intro?: string;
}

/** Marks every setting of `tree` as belonging to `group`; returns the tree unchanged otherwise. */
export function inGroup<D extends SettingTree>(group: SettingGroup, tree: D): D {
  for (const s of settingsOf(tree)) s.group = group.name;
  return tree;
}

/** The tree's Config value from the validated environment. */
export function readTree<D extends SettingTree>(tree: D, values: SettingValues): ValuesOf<D> {
  const out: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(tree)) out[key] = isSetting(node) ? node.read(values[node.env], values) : readTree(node, values);
  return out as ValuesOf<D>;
}

/** Restricts a string schema's type to its allowed values (joi's typings keep `string`). */
export const oneOf = <const V extends string>(schema: Joi.StringSchema, values: readonly V[]) => schema.valid(...values) as unknown as Joi.StringSchema<V>;

export const stripSlash = (url: string): string => url.replace(/\/+$/, '');
