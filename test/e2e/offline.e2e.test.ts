// Offline-first: with the server gone the cached organization stays browsable, across an app
// restart too, the offline banner says so, and the app comes back online by itself, saying how
// many of the messages written meanwhile it sent. What cannot wait in the outbox (deleting or
// editing a sent message) is refused offline with the reason, before any confirmation, and the
// reason goes once the app is back online.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asCalled } from '../support/ipc-calls';
import { checkScreen } from './a11y';
import { openOrganization, openView, openWorld, screenshot, type World } from './harness';

let world: World;

beforeAll(async () => {
  world = await openWorld('offline');
  const admin = world.service.accounts.find((a) => a.role === 200)!;
  await world.app.core.handlers['accounts.signIn']({ server_url: world.service.url, email: admin.email, api_key: admin.api_key });
  await world.page.reload();
});

afterAll(() => world?.close());

it('keeps cached data browsable offline, across a restart, and comes back online by itself', async () => {
  await expect.poll(() => world.page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toContain('Online');
  await world.stopService();
  await expect.poll(() => world.page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);
  expect(await world.page.getByTestId('sync-status').textContent()).toMatch(/Offline — retrying in \d+ s/);

  // Restart the app with the server still down.
  await world.restartApp();
  const page = world.page;
  await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);
  await openView(page, 'Browse channels');
  await expect.poll(() => page.getByTestId('channel').count()).toBeGreaterThan(0);
  await screenshot(page, 'offline-channels');
  await openOrganization(page, 'Directory');
  await page.getByPlaceholder('Search by name or email').fill('hana');
  await expect.poll(() => page.getByTestId('user-row').first().textContent()).toContain('Hana Sato');
  await screenshot(page, 'offline-users');

  // Three messages written offline wait in the outbox.
  for (const content of ['offline one', 'offline two', 'offline three']) {
    expect(await asCalled(world.app.core.handlers)['messages.send']({ conversation: 'channel:1:back online', content })).toMatchObject({ outbox_id: expect.any(Number) });
  }

  // The server returns: no click needed, and the status bar says what went out.
  await world.startServiceAgain();
  await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 20_000 }).toContain('Online');
  expect(await page.getByTestId('offline-banner').count()).toBe(0);
  await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 20_000 }).toContain('3 queued messages sent');
  await screenshot(page, 'back-online-delivered');
});

it('refuses deleting and editing offline with the reason, before any confirmation, and forgets it back online', async () => {
  const { page } = world;
  page.setDefaultTimeout(8_000);
  const admin = world.service.accounts.find((a) => a.role === 200)!;
  const topic = 'offline actions';
  const response = await fetch(`${world.service.url}/api/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${admin.email}:${admin.api_key}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'stream', to: '1', topic, content: 'Mine to delete' }),
  });
  const { id } = (await response.json()) as { id: number };
  const channel = page.locator('nav.sidebar [data-row="channel:1"]');
  if ((await channel.getAttribute('aria-expanded')) === 'false') await channel.click();
  await page.locator(`nav.sidebar [data-conversation="channel:1:${topic}"]`).click();
  const message = page.locator(`article[data-message-id="${id}"]`);
  await message.waitFor();

  await world.stopService();
  await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);
  const reason = 'Needs the connection: the app is offline.';
  for (const action of ['delete', 'edit']) {
    expect(await message.getByTestId(action).getAttribute('aria-disabled')).toBe('true');
    expect(await message.getByTestId(action).getAttribute('title')).toBe(reason);
  }
  // Still in the tab order (aria-disabled), so that its reason can be reached and heard: Enter says it.
  await message.getByTestId('delete').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => message.getByTestId('message-error').textContent()).toBe(reason);
  expect(await message.getByTestId('confirm-delete').count()).toBe(0);
  await checkScreen(page, 'offline-delete-refused');

  await world.startServiceAgain();
  await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 20_000 }).toContain('Online');
  await expect.poll(() => message.getByTestId('message-error').count()).toBe(0);
  expect(await message.getByTestId('delete').getAttribute('aria-disabled')).toBe('false');
  await message.getByTestId('delete').click();
  await message.getByTestId('confirm-delete').getByRole('button', { name: 'Delete' }).click();
  await message.waitFor({ state: 'detached' });
});
