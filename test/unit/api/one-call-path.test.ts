// One typed call path (issue 11): operations are called by name through client.call, so the
// client gains no per-operation method again; and handlers use the session's client, never
// building one of their own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { OPERATIONS } from '../../../shared/api/operation-table';

it('has no method named after an operation: every call goes through call(name, params, options)', () => {
  const methods = Object.getOwnPropertyNames(ServiceClient.prototype);
  expect(methods).toContain('call');
  expect(methods.filter((name) => Object.hasOwn(OPERATIONS, name))).toEqual([]);
});

it('leaves building clients to the session: no handler constructs one', () => {
  const dir = join(import.meta.dirname, '../../../main/handlers');
  const building = readdirSync(dir).filter((file) => readFileSync(join(dir, file), 'utf8').includes('new ServiceClient'));
  expect(building).toEqual([]);
});
