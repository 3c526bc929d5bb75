// A scheduled message that came due while the app was offline: back online, the server refuses it
// (its time passed), and the Scheduled view offers "Send now" and "Pick a new time" (an hour ahead)
// instead of a Retry that would fail the same way; Send now delivers it as a message. An edit of a
// scheduled message taken offline shows its new text, marked pending.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fromPickerValue } from '../../renderer/src/screens/scheduling/when';
import { seriousViolations } from './a11y';
import { openView, openWorld, screenshot, type World } from './harness';

let world: World;

beforeAll(async () => {
  world = await openWorld('scheduled-due');
  const member = world.service.accounts.find((a) => a.role === 400)!;
  await world.app.core.handlers['accounts.signIn']({ server_url: world.service.url, email: member.email, api_key: member.api_key });
  await world.page.reload();
});

afterAll(() => world?.close());

it('offers Send now and Pick a new time for a scheduled message that came due offline', async () => {
  const { page } = world;
  await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toContain('Online');
  await world.stopService();
  await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);

  // Scheduled offline for two seconds ahead: it waits in the outbox past its time.
  const due = Math.floor(Date.now() / 1000) + 2;
  const created = await world.app.core.handlers['scheduled.create']({ kind: 'channel', to: 1, topic: 'due offline', content: 'Standup notes', scheduled_delivery_timestamp: due });
  expect(created).toMatchObject({ pending: true });
  await expect.poll(() => Date.now() / 1000 > due + 1, { timeout: 5_000 }).toBe(true);

  // An edit of a scheduled message taken offline shows its new text, marked pending, and Edit reopens it.
  const [reminder] = (await world.app.core.handlers['scheduled.list'](undefined)).messages;
  await world.app.core.handlers['scheduled.edit']({ scheduled_message_id: reminder!.scheduled_message_id, content: 'Standup moved to 11' });
  await openView(page, 'Scheduled');
  const listed = page.locator('[data-testid=scheduled-message]', { has: page.getByTestId('pending-edit') });
  expect(await listed.getByTestId('scheduled-content').textContent()).toBe('Standup moved to 11');
  await listed.getByRole('button', { name: 'Edit' }).click();
  await expect.poll(() => page.locator('form textarea').first().inputValue()).toBe('Standup moved to 11');
  await page.getByRole('button', { name: 'Cancel' }).first().click();

  await world.startServiceAgain();
  const item = page.locator('[data-testid=waiting][data-state=due-offline]');
  await item.waitFor({ timeout: 20_000 });
  expect(await item.getByTestId('due-reason').textContent()).toContain('came while the app was offline');
  expect(await item.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  // Online again, it waits on the user's decision, not under "Waiting to reach the server".
  expect(await page.getByTestId('scheduled-failed').locator('[data-testid=waiting][data-state=due-offline]').count()).toBe(1);
  expect(await page.getByTestId('scheduled-pending').count()).toBe(0);

  await item.getByTestId('pick-time').click();
  const picked = await item.getByTestId('new-time').inputValue();
  // Prefilled one hour ahead, in the zone the view shows times in (the picker has no seconds).
  const zone = /Times are in ([^,.]+)/.exec((await page.getByTestId('zone').textContent()) ?? '')?.[1] ?? '';
  expect(Math.abs((fromPickerValue(picked, zone) ?? 0) - (Date.now() / 1000 + 3_600))).toBeLessThan(120);
  await screenshot(page, 'scheduled-due-offline');
  expect(await seriousViolations(page)).toEqual([]);

  await item.getByTestId('send-now').click();
  await item.waitFor({ state: 'detached', timeout: 20_000 });
  await expect
    .poll(() => world.service.db.prepare("SELECT count(*) AS n FROM messages WHERE topic = 'due offline' AND content = 'Standup notes'").get(), { timeout: 20_000 })
    .toEqual({ n: 1 });
});
