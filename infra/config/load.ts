/**
 * Checks the environment against infra/config/schema.ts. The only module that reads `process.env`.
 *
 * The types, ranges, patterns and required variables are checked by ajv (a direct dependency already,
 * Fastify's own validator) with `allErrors`, so one start names every bad variable, not the first;
 * env-schema would add only dotenv on top of the same ajv, and envalid or zod would be a second
 * validator beside the one the API already uses. The production rules (schema.ts, `production`) run
 * after it: each is a small function of the raw value.
 *
 * An empty value counts as unset everywhere (docker compose passes `${X:-}` as empty).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ConfigError } from '../config-error.js';
import { SPECS, VARIABLES, type Config, type ProcessName, type Value, type Variable, type VariableName } from './schema.js';

type Env = Readonly<Record<string, string | undefined>>;

const ajv = new Ajv({ allErrors: true, coerceTypes: true, strict: true });
ajv.addFormat('url', (s: string) => URL.canParse(s));

function jsonSchema(spec: Variable): Record<string, unknown> {
  switch (spec.kind) {
    case 'string': return { type: 'string', ...(spec.pattern ? { pattern: spec.pattern } : {}), ...(spec.values ? { enum: spec.values } : {}) };
    case 'url': return { type: 'string', format: 'url' };
    case 'integer': return { type: 'integer', ...(spec.min !== undefined ? { minimum: spec.min } : {}), ...(spec.max !== undefined ? { maximum: spec.max } : {}) };
    case 'number': return {
      type: 'number', ...(spec.min !== undefined ? { minimum: spec.min } : {}), ...(spec.max !== undefined ? { maximum: spec.max } : {}),
      ...(spec.exclusiveMin !== undefined ? { exclusiveMinimum: spec.exclusiveMin } : {}),
    };
    case 'flag': return { type: 'string', enum: ['0', '1'] };
    case 'list': return { type: 'string' };
  }
}

const validators = new Map<string, ValidateFunction>();
function validatorFor(key: string, names: readonly string[], required: readonly string[]): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    v = ajv.compile({
      type: 'object',
      properties: Object.fromEntries(names.map((n) => [n, jsonSchema(SPECS.get(n)!)])),
      required: [...required],
    });
    validators.set(key, v);
  }
  return v;
}

function why(err: ErrorObject): string {
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'required': return 'is not set';
    case 'type': return `must be ${p.type === 'integer' ? 'a whole number' : `a ${String(p.type)}`}`;
    case 'enum': return `must be one of ${(p.allowedValues as string[]).join(', ')}`;
    case 'format': return 'must be a URL (scheme://host…)';
    case 'pattern': return 'is not in the expected form (see its description)';
    case 'minimum': return `must be at least ${String(p.limit)}`;
    case 'maximum': return `must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum': return `must be more than ${String(p.limit)}`;
    default: return err.message ?? 'is not valid';
  }
}

/** What the schema says of one variable's raw value (never the value of a secret). */
const shown = (name: string, raw: string | undefined) => (raw === undefined || SPECS.get(name)?.secret ? '' : ` (it is "${raw}")`);

function typed(spec: Variable, coerced: unknown): unknown {
  if (coerced === undefined) return spec.default === undefined ? undefined : (spec.kind === 'list' ? [...(spec.default as readonly string[])] : spec.default);
  if (spec.kind === 'flag') return coerced === '1';
  if (spec.kind === 'list') return String(coerced).split(',').map((s) => s.trim()).filter(Boolean);
  if (spec.kind === 'string' || spec.kind === 'url') return String(coerced).trim();
  return coerced;
}

/** The set values of these variables (empty counts as unset). */
function present(env: Env, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) if (env[n] !== undefined && env[n]!.trim() !== '') out[n] = env[n]!;
  return out;
}

export interface Checked {
  config: Config;
  /** One line per bad variable: "NAME …why". Empty: the process may start. */
  problems: string[];
  /** The process's variables as set (empty ones dropped), for the modules that read a structured value (JSON, lists) themselves. */
  env: NodeJS.ProcessEnv;
}

/** The variables a process reads. */
export const variablesOf = (proc: ProcessName): VariableName[] => VARIABLES.filter((v) => v.spec.processes.includes(proc)).map((v) => v.name);

/** Checks one process's variables: every problem at once, the typed values, and the production rules when NODE_ENV=production. */
export function checkConfig(proc: ProcessName, env: Env = process.env): Checked {
  const names = variablesOf(proc);
  const production = env.NODE_ENV?.trim() === 'production';
  const requiredHere = (r: true | readonly ProcessName[] | undefined) => r === true || (r !== undefined && r.includes(proc));
  const required = names.filter((n) => {
    const spec = SPECS.get(n)!;
    return requiredHere(spec.required) || (production && requiredHere(spec.production?.required));
  });
  const data: Record<string, unknown> = present(env, names);
  const raw = { ...data } as Record<string, string>;
  const validate = validatorFor(`${proc}:${production}`, names, required);
  validate(data);
  const bad = new Map<string, string>();
  for (const err of validate.errors ?? []) {
    const name = err.keyword === 'required' ? String((err.params as { missingProperty: string }).missingProperty) : err.instancePath.slice(1);
    if (bad.has(name)) continue;
    const spec = SPECS.get(name)!;
    const when = err.keyword === 'required' && !requiredHere(spec.required) ? ' (required with NODE_ENV=production)' : '';
    bad.set(name, `${name} ${why(err)}${when}${err.keyword === 'required' ? '' : shown(name, raw[name])}: ${spec.description}`);
  }
  if (production) {
    for (const n of names) {
      const refusal = raw[n] !== undefined && !bad.has(n) ? SPECS.get(n)!.production?.refuse?.(raw[n]) : null;
      if (refusal) bad.set(n, `${n}: ${refusal}`);
    }
  }
  const config = {} as Record<string, unknown>;
  for (const { name, spec } of VARIABLES) config[name] = typed(spec, bad.has(name) || !names.includes(name) ? undefined : data[name]);
  return { config: config as Config, problems: [...bad.values()], env: { ...raw, ...(env.NODE_ENV ? { NODE_ENV: env.NODE_ENV } : {}) } };
}

/**
 * A process's start: its configuration checked, then each of `readers` (the modules that read a
 * structured value: JSON, key pairs, origins) run on it, their ConfigErrors collected too. Any
 * problem prints every one and stops the process with exit code 2.
 */
export function startConfig<R extends Record<string, (env: NodeJS.ProcessEnv, config: Config) => unknown> & { config?: never; env?: never }>(
  proc: ProcessName, readers: R = {} as R, env: Env = process.env,
): { config: Config; env: NodeJS.ProcessEnv } & { [K in keyof R]: ReturnType<R[K]> } {
  const checked = checkConfig(proc, env);
  const problems = [...checked.problems];
  const named = new Set(problems.map((p) => /^[A-Z][A-Z0-9_]+/.exec(p)![0]));
  const read: Record<string, unknown> = {};
  for (const [key, reader] of Object.entries(readers)) {
    try {
      read[key] = reader(checked.env, checked.config);
    } catch (err) {
      // A reader handed a value the schema already refused may fail in its own way: that value is named above.
      if (!(err instanceof ConfigError) && !checked.problems.length) throw err;
      const message = err instanceof ConfigError ? err.message : `(${key}: ${(err as Error).message})`;
      // Said once: a rule the schema and the reader both hold (PUBLIC_URL in production) is named by the schema.
      if (!named.has(/^[A-Z][A-Z0-9_]+/.exec(message)?.[0] ?? '')) problems.push(message);
    }
  }
  if (problems.length) exitWith(proc, env, problems);
  return { ...read, config: checked.config, env: checked.env } as never;
}

/** Prints every problem and exits 2. */
export function exitWith(proc: string, env: Env, problems: readonly string[]): never {
  const mode = env.NODE_ENV?.trim() === 'production' ? 'NODE_ENV=production' : `NODE_ENV=${env.NODE_ENV?.trim() || 'development'}`;
  console.error(`The ${proc} cannot start (${mode}): ${problems.length} bad variable${problems.length > 1 ? 's' : ''} (see .env.example):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(2);
}

/**
 * One variable, read when called (tests change the environment between calls), for the shared
 * modules and the local tooling; a bad value throws a ConfigError naming it.
 */
export function setting<N extends VariableName>(name: N, env: Env = process.env): Value<N> {
  const spec = SPECS.get(name)!;
  const data: Record<string, unknown> = present(env, [name]);
  const raw = data[name] as string | undefined;
  const validate = validatorFor(`=${name}`, [name], []);
  if (!validate(data)) throw new ConfigError(`${name} ${why(validate.errors![0])}${shown(name, raw)}: ${spec.description}`);
  return typed(spec, data[name]) as Value<N>;
}

/**
 * A variable read when a module loads (before the process's own check has run): a bad value gives the
 * default here, and the process's check (`startConfig`, which lists the variable) names it and exits 2
 * before anything uses it, instead of an import failing with a stack trace.
 */
export function settingAtLoad<N extends VariableName>(name: N): Value<N> {
  try {
    return setting(name);
  } catch {
    return typed(SPECS.get(name)!, undefined) as Value<N>;
  }
}

/** The environment as it is, for a child process the local tooling spawns (it passes everything on). */
export const inheritedEnv = (): NodeJS.ProcessEnv => process.env;
