// Every authenticated API request the simulator answered: who sent it, to which route, when, with
// what status. Tests read it (RunningService.requests, or GET /__sim/requests for a child process)
// to see where a user's rate-limit budget went.

export interface LoggedRequest {
  user_id: number;
  /** The route's method and template under /api/v1, e.g. "GET /users/{user_id}". */
  route: string;
  status: number;
  /** Epoch ms when the answer was sent. */
  at: number;
}

/** Requests per route and status ("GET /events 200" → count), optionally of one user since a time. */
export type RequestCounts = Record<string, number>;

export class RequestLog {
  private readonly entries: LoggedRequest[] = [];

  record(entry: LoggedRequest): void {
    this.entries.push(entry);
  }

  all(): readonly LoggedRequest[] {
    return this.entries;
  }

  counts(filter: { user_id?: number; since?: number } = {}): RequestCounts {
    const counts: RequestCounts = {};
    for (const entry of this.entries) {
      if (filter.user_id !== undefined && entry.user_id !== filter.user_id) continue;
      if (filter.since !== undefined && entry.at < filter.since) continue;
      const key = `${entry.route} ${entry.status}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }
}
