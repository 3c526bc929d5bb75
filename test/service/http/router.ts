// The route table: method + path template under /api/v1, the parameters each endpoint supports
// (anything else is reported in ignored_parameters_unsupported), and path-parameter decoding.
import type { Sim } from '../context';
import type { UserRow } from '../db/rows';
import { badRequest } from './errors';
import type { Params } from './params';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** The fields of a success answer besides result and msg. */
export type Answer = Record<string, unknown>;

/** A file sent in a multipart body. */
export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface PublicRequest {
  sim: Sim;
  /** The client's name, from the User-Agent (http/client-name.ts). */
  client: string;
  params: Params;
  files: readonly UploadedFile[];
  path: PathParams;
  signal: AbortSignal;
}

export interface ApiRequest extends PublicRequest {
  user: UserRow;
}

interface RouteShape {
  method: Method;
  /** Relative to /api/v1, with {name} for path parameters. */
  path: string;
  params: readonly string[];
}

export interface UserRoute extends RouteShape {
  auth?: 'user';
  handle(request: ApiRequest): Answer | Promise<Answer>;
}

export interface PublicRoute extends RouteShape {
  auth: 'none';
  handle(request: PublicRequest): Answer | Promise<Answer>;
}

export type Route = UserRoute | PublicRoute;

export class PathParams {
  constructor(private readonly values: ReadonlyMap<string, string>) {}

  string(name: string): string {
    return this.values.get(name) ?? '';
  }

  int(name: string): number {
    const value = this.string(name);
    if (!/^\d+$/.test(value)) throw badRequest(`Invalid ${name}`);
    return Number(value);
  }
}

export type Match = { route: Route; path: PathParams } | { allowed: Method[] } | null;

interface Compiled {
  route: Route;
  segments: string[];
  literals: number;
}

export class Router {
  private readonly routes: Compiled[];

  constructor(routes: readonly Route[]) {
    this.routes = routes.map((route) => {
      const segments = route.path.split('/').filter(Boolean);
      return { route, segments, literals: segments.filter((s) => !s.startsWith('{')).length };
    });
  }

  match(method: string, path: string): Match {
    let segments: string[];
    try {
      segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return null;
    }
    const candidates = this.routes.filter((compiled) => fits(compiled.segments, segments));
    if (candidates.length === 0) return null;
    const forMethod = candidates.filter((compiled) => compiled.route.method === method).sort((a, b) => b.literals - a.literals);
    const best = forMethod[0];
    if (best === undefined) return { allowed: [...new Set(candidates.map((compiled) => compiled.route.method))] };
    const values = new Map<string, string>();
    best.segments.forEach((template, index) => {
      if (template.startsWith('{')) values.set(template.slice(1, -1), segments[index] ?? '');
    });
    return { route: best.route, path: new PathParams(values) };
  }
}

function fits(template: string[], segments: string[]): boolean {
  return template.length === segments.length && template.every((part, index) => part.startsWith('{') || part === segments[index]);
}
