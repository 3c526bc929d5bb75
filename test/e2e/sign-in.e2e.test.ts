// Signing in where things are not as the app would like them, end to end in Chromium: a server
// address typed without its scheme reaches main (which takes it as https://, as the family's
// clients do) instead of being refused by the browser's own URL check, and the warning that the
// system keychain is not available can be dismissed, and stays dismissed for the session.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { checkScreen } from './a11y';
import { openWorld, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;

const bus = process.env['DBUS_SESSION_BUS_ADDRESS'];

beforeAll(async () => {
  // No keychain: this test's process talks to a D-Bus that is not there, as on a machine without a Secret Service.
  process.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/team-chat-e2e-bus';
  world = await openWorld('sign-in');
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.email === 'member@demo.example')!;
});

afterAll(async () => {
  // The keychain back for the harness, which takes the test's keys out of it (here it kept none).
  if (bus === undefined) delete process.env['DBUS_SESSION_BUS_ADDRESS'];
  else process.env['DBUS_SESSION_BUS_ADDRESS'] = bus;
  await world?.close();
});

const warning = () => page.getByTestId('keychain-warning');

describe('signing in', () => {
  it('takes a server address without its scheme to main, which reads it as https://', async () => {
    const { host } = new URL(world.service.url);
    const field = page.getByLabel('Server URL');
    await field.fill(host);
    // The browser's own check would refuse "127.0.0.1:PORT" before main saw it.
    expect(await field.evaluate((input) => (input as HTMLInputElement).checkValidity())).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The simulator speaks plain http: asked over https, it cannot answer, and main says so.
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Could not reach the server/);
    await checkScreen(page, 'sign-in-no-scheme');
  });

  it('warns that the keychain is not available, and the warning goes when dismissed, for the rest of the session', async () => {
    expect(await warning().textContent()).toContain('The system keychain is not available');
    await warning().getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => warning().count()).toBe(0);
    // Signing in brings a new state from main (the same warning in it): it stays dismissed.
    await signInThroughScreen(page, world.service.url, member);
    expect(await warning().count()).toBe(0);
    await page.reload();
    await page.getByTestId('sync-status').waitFor();
    expect(await warning().count()).toBe(0);
  });
});
