// Request parameters: GET ones from the query, the others form-urlencoded in the body; arrays and
// objects arrive JSON-encoded in one field. Typed readers turn bad input into BAD_REQUEST answers.
import { badRequest, missingArgument } from './errors';

const INTEGER = /^-?\d+$/;
const JSON_INTEGER = /^\s*-?(?:0|[1-9]\d*)\s*$/;

export class Params {
  constructor(private readonly values: ReadonlyMap<string, string>) {}

  static fromForm(...sources: URLSearchParams[]): Params {
    const values = new Map<string, string>();
    for (const source of sources) for (const [name, value] of source) values.set(name, value);
    return new Params(values);
  }

  names(): string[] {
    return [...this.values.keys()];
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  string(name: string): string | undefined {
    return this.values.get(name);
  }

  requiredString(name: string): string {
    const value = this.values.get(name);
    if (value === undefined) throw missingArgument(name);
    return value;
  }

  int(name: string): number | undefined {
    const value = this.values.get(name);
    if (value === undefined) return undefined;
    return toInt(name, value.trim());
  }

  requiredInt(name: string): number {
    const value = this.int(name);
    if (value === undefined) throw missingArgument(name);
    return value;
  }

  /** A JSON integer or `null`; undefined when absent. */
  nullableInt(name: string): number | null | undefined {
    const value = this.values.get(name);
    if (value === undefined) return undefined;
    if (value.trim() === 'null') return null;
    return toInt(name, value.trim());
  }

  bool(name: string): boolean | undefined {
    const value = this.values.get(name);
    if (value === undefined) return undefined;
    const lowered = value.trim().toLowerCase();
    if (lowered === 'true' || lowered === '1') return true;
    if (lowered === 'false' || lowered === '0') return false;
    throw badRequest(`${name} is not a boolean`);
  }

  json(name: string): unknown {
    const value = this.values.get(name);
    if (value === undefined) return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw badRequest(`${name} is not valid JSON`);
    }
  }

  requiredJson(name: string): unknown {
    if (!this.values.has(name)) throw missingArgument(name);
    return this.json(name);
  }

  /** A JSON integer (not a string of digits, nor a number with a fraction or an exponent). */
  requiredJsonInt(name: string): number {
    const value = this.requiredJson(name);
    if (typeof value !== 'number' || !JSON_INTEGER.test(this.values.get(name) ?? '')) throw badRequest(`${name} is not an integer`);
    return value;
  }

  /** A JSON list of integers; a bare integer counts as a list of one. */
  intList(name: string): number[] | undefined {
    const value = this.json(name);
    if (value === undefined) return undefined;
    return asIntList(name, value);
  }

  requiredIntList(name: string): number[] {
    if (!this.values.has(name)) throw missingArgument(name);
    return this.intList(name) ?? [];
  }
}

function asIntList(name: string, value: unknown): number[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.map((item) => {
    if (typeof item === 'number' && Number.isInteger(item)) return item;
    if (typeof item === 'string' && INTEGER.test(item)) return Number(item);
    throw badRequest(`${name} is not a list of integers`);
  });
}

function toInt(name: string, value: string): number {
  if (!INTEGER.test(value)) throw badRequest(`${name} is not an integer`);
  return Number(value);
}
