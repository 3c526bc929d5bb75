// The hot paths (a registration's 100,000 users, every event, every record read back from the
// mirror) check data against zod schemas. Parsing with zod copies every object it checks; these
// checks only read. Each schema is turned once into a plain predicate that accepts nothing zod
// would refuse; what the predicate cannot decide goes to zod itself, which also names the problem.
import { z } from 'zod';

type Check = (value: unknown) => boolean;

type AnySchema = z.core.$ZodType;

const compiled = new WeakMap<AnySchema, Check>();

function checkOf(schema: AnySchema): Check {
  let check = compiled.get(schema);
  if (check) return check;
  // A schema that contains itself finds zod's own check while it is being compiled.
  compiled.set(schema, (value) => z.safeParse(schema, value).success);
  compiled.set(schema, (check = compile(schema)));
  return check;
}

/** Exactly `schema.safeParse(value).success`, without copying `value`. */
export function holds<T>(schema: z.ZodType<T>, value: unknown): value is T {
  return checkOf(schema)(value);
}

/**
 * `value` itself when it holds `schema` (no copy), else zod's parse, which throws naming the
 * problem. A schema that transforms (a 0/1 column read as a boolean) is always parsed by zod.
 */
export function quickParse<T>(schema: z.ZodType<T>, value: unknown): T {
  return (isTransparent(schema) || isExactObject(schema, value)) && holds(schema, value) ? value : schema.parse(value);
}

/**
 * A plain object's value with no field beyond the shape (a row of exactly the columns selected):
 * zod would drop nothing, so its output is the value itself when the fields are transparent too.
 */
function isExactObject(schema: AnySchema, value: unknown): boolean {
  if (!(schema instanceof z.ZodObject) || !isPlainObject(value)) return false;
  const shape: Record<string, AnySchema> = schema.shape;
  // Decided once per schema, not per row: a warm start reads thousands of rows through one reader.
  let fieldsTransparent = transparentFields.get(schema);
  if (fieldsTransparent === undefined) transparentFields.set(schema, (fieldsTransparent = Object.values(shape).every(isTransparent)));
  if (!fieldsTransparent) return false;
  for (const key in value) if (!Object.hasOwn(shape, key)) return false;
  return true;
}

const transparentFields = new WeakMap<AnySchema, boolean>();

const transparent = new WeakMap<AnySchema, boolean>();

/** Whether zod's output is its input: no transform, default, catch or dropped field anywhere. */
function isTransparent(schema: AnySchema): boolean {
  let known = transparent.get(schema);
  if (known !== undefined) return known;
  transparent.set(schema, false);
  known = childrenOf(schema)?.every(isTransparent) ?? false;
  transparent.set(schema, known);
  return known;
}

/** The schemas inside `schema`; undefined for kinds that may change what they parse. */
function childrenOf(schema: AnySchema): AnySchema[] | undefined {
  if (
    schema instanceof z.ZodString ||
    schema instanceof z.ZodNumber ||
    schema instanceof z.ZodBoolean ||
    schema instanceof z.ZodUnknown ||
    schema instanceof z.ZodAny ||
    schema instanceof z.ZodLiteral ||
    schema instanceof z.ZodEnum ||
    schema instanceof z.ZodCustom
  ) {
    return [];
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return [schema.unwrap()];
  if (schema instanceof z.ZodArray) return [schema.element];
  if (schema instanceof z.ZodTuple) return schema._zod.def.rest === null ? [...schema._zod.def.items] : undefined;
  if (schema instanceof z.ZodRecord) return [schema.keyType, schema.valueType];
  // A plain object drops the fields not in its shape, and callers may rely on that; a loose one keeps them.
  if (schema instanceof z.ZodObject) return schema._zod.def.catchall instanceof z.ZodUnknown ? Object.values(schema.shape) : undefined;
  if (schema instanceof z.ZodUnion) return [...schema.options];
  if (schema instanceof z.ZodIntersection) return [schema._zod.def.left, schema._zod.def.right];
  return undefined;
}

/** Undefined when `value` holds `schema`, else zod's error. */
export function quickProblem(schema: z.ZodType, value: unknown): z.ZodError | undefined {
  if (holds(schema, value)) return undefined;
  const checked = schema.safeParse(value);
  return checked.success ? undefined : checked.error;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Schemas whose every detail is known here become plain checks; any other is left to zod. */
function compile(schema: AnySchema): Check {
  const byZod: Check = (value) => z.safeParse(schema, value).success;
  const checks = schema._zod.def.checks ?? [];
  if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return () => true;
  if (schema instanceof z.ZodString) return checks.length === 0 ? (value) => typeof value === 'string' : byZod;
  if (schema instanceof z.ZodBoolean) return (value) => typeof value === 'boolean';
  if (schema instanceof z.ZodNumber) return compileNumber(schema) ?? byZod;
  if (schema instanceof z.ZodOptional) {
    const inner = checkOf(schema.unwrap());
    return (value) => value === undefined || inner(value);
  }
  if (schema instanceof z.ZodNullable) {
    const inner = checkOf(schema.unwrap());
    return (value) => value === null || inner(value);
  }
  if (schema instanceof z.ZodArray && checks.length === 0) {
    const element = checkOf(schema.element);
    return (value) => Array.isArray(value) && value.every(element);
  }
  if (schema instanceof z.ZodTuple) return compileTuple(schema) ?? byZod;
  if (schema instanceof z.ZodObject) return compileObject(schema) ?? byZod;
  if (schema instanceof z.ZodCustom && checks.length === 0) {
    const { fn } = schema._zod.def;
    return (value) => {
      const passed = fn(value);
      return !(passed instanceof Promise) && Boolean(passed);
    };
  }
  if (schema instanceof z.ZodRecord && checks.length === 0 && isPlainStringSchema(schema.keyType)) {
    const element = checkOf(schema.valueType);
    return (value) => isPlainObject(value) && Object.values(value).every(element);
  }
  return byZod;
}

function isPlainStringSchema(schema: AnySchema): boolean {
  return schema instanceof z.ZodString && (schema._zod.def.checks ?? []).length === 0;
}

/** A finite number, or zod's int() (a safe integer), with no other check; undefined for the rest. */
function compileNumber(schema: z.ZodNumber): Check | undefined {
  const others = (schema._zod.def.checks ?? []).filter((check) => check._zod.def.check !== 'number_format');
  if (others.length > 0) return undefined;
  if (schema.format === null) return (value) => typeof value === 'number' && Number.isFinite(value);
  if (schema.format === 'safeint') return (value) => Number.isSafeInteger(value);
  return undefined;
}

/** Objects that keep (loose) or drop (the default) fields not in their shape, with no refinement. */
function compileObject(schema: z.ZodObject): Check | undefined {
  const { catchall, checks = [] } = schema._zod.def;
  if (checks.length > 0) return undefined;
  if (catchall !== undefined && !(catchall instanceof z.ZodUnknown)) return undefined;
  const fields = Object.entries(schema.shape).map(([key, field]): [string, Check] => [key, checkOf(field)]);
  return (value) => {
    if (!isPlainObject(value)) return false;
    for (const [key, check] of fields) if (!check(value[key])) return false;
    return true;
  };
}

/** A tuple of fixed length (a row read as an array of its columns); optional items and rests are left to zod. */
function compileTuple(schema: z.ZodTuple): Check | undefined {
  const { items, rest, checks = [] } = schema._zod.def;
  if (rest !== null || checks.length > 0 || items.some((item) => item instanceof z.ZodOptional)) return undefined;
  const cells = items.map(checkOf);
  return (value) => {
    if (!Array.isArray(value) || value.length !== cells.length) return false;
    for (let i = 0; i < cells.length; i++) if (!cells[i]!(value[i])) return false;
    return true;
  };
}
