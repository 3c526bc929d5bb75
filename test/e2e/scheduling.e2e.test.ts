// Scheduled messages end to end: the screen in Chromium, the app in browser mode, the simulator
// delivering (or failing) due messages when the test moves its clock.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { toPickerValue } from '../../renderer/src/screens/scheduling/when';
import { openView, openWorld, screenshot, signInThroughScreen, waitFor, type World } from './harness';

let world: World;
let page: Page;
const byEmail = (email: string): ServiceAccount => world.service.accounts.find((a) => a.email === email)!;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const items = () => page.getByTestId('scheduled-message');
const form = () => page.locator('form.schedule-form');

/** Mona Moderator's profile zone: the picker is read in it, not in the browser's (UTC here). */
const ZONE = 'America/Chicago';
/** The picker's value for a time `seconds` from now, in the user's zone, and that time to the minute. */
const pickerValueIn = (seconds: number): string => toPickerValue(nowSeconds() + seconds, ZONE);

const delivered = (content: string): unknown =>
  world.service.db.prepare('SELECT id FROM messages WHERE content = ?').get(content);

beforeAll(async () => {
  world = await openWorld('scheduling');
  page = world.page;
  await signInThroughScreen(page, world.service.url, byEmail('moderator@demo.example'));
  await openView(page, 'Scheduled');
  await waitFor(async () => (await page.getByRole('heading', { name: 'Scheduled messages' }).count()) === 1, 'the scheduled messages screen');
});

afterAll(() => world?.close());

describe('scheduled messages', () => {
  it('shows the empty state, then checks the topic rules as the user types', async () => {
    await expect.poll(() => page.locator('.empty').textContent()).toContain('Nothing is scheduled');
    await expect.poll(() => page.getByTestId('zone').textContent()).toBe("Times are in America/Chicago, your profile's timezone.");
    await screenshot(page, 'scheduled-empty');
    await page.getByRole('button', { name: 'New scheduled message' }).click();
    await page.getByLabel('Channel', { exact: true }).selectOption({ label: '#engineering' });
    const topic = page.getByLabel('Topic', { exact: true });
    await topic.fill('(no topic)');
    await expect.poll(() => page.locator('#topic-problem').textContent()).toContain('topic is required for a scheduled channel message');
    await topic.fill('   ');
    await expect.poll(() => page.locator('#topic-problem').textContent()).toContain('may not be empty');
    await topic.fill('release');
    await expect.poll(() => page.locator('#topic-problem').textContent()).toBe('');
    // Sending without a time or content shows what is missing, and nothing is sent.
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => page.locator('.problem').allTextContents()).toEqual(expect.arrayContaining(['Write the message.', 'Choose when to send it.']));
    await screenshot(page, 'scheduled-form-problems');
  });

  it('schedules a channel message in the user\'s timezone, then watches it get delivered', async () => {
    await page.getByLabel('Message', { exact: true }).fill('Release notes are out');
    // One instant for the time typed and the time expected: read twice, a minute could turn between.
    const at = nowSeconds() + 3600;
    await page.getByLabel(/^Send at \(America\/Chicago\)/).fill(toPickerValue(at, ZONE));
    const expected = Math.floor(at / 60) * 60;
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContain('Scheduled.');
    await expect.poll(() => items().count()).toBe(1);
    const item = items().first();
    expect(await item.textContent()).toContain('#engineering');
    expect(await item.textContent()).toContain('release');
    expect(await item.getAttribute('data-state')).toBe('pending');
    const stored = world.service.db.prepare('SELECT scheduled_delivery_timestamp FROM scheduled_messages WHERE content = ?').get('Release notes are out') as { scheduled_delivery_timestamp: number };
    expect(stored.scheduled_delivery_timestamp).toBe(expected);
    await screenshot(page, 'scheduled-list');
    world.service.deliverDueScheduledMessages(nowSeconds() + 2 * 3600);
    await expect.poll(() => items().count()).toBe(0);
    expect(delivered('Release notes are out')).toBeDefined();
  });

  it('schedules a direct message, edits its content and recipients, and changes it to a channel message', async () => {
    await page.getByRole('button', { name: 'New scheduled message' }).click();
    await page.getByLabel('Direct message').check();
    await page.getByLabel('Add a recipient', { exact: true }).fill('hana');
    await page.getByRole('main').getByRole('option', { name: /Hana Sato/ }).click();
    await page.getByLabel('Message', { exact: true }).fill('Lunch tomorrow?');
    await page.getByLabel(/^Send at/).fill(pickerValueIn(7200));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => items().count()).toBe(1);
    await expect.poll(() => items().first().textContent()).toContain('Hana Sato');

    await items().first().getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => page.getByTestId('picked-person').allTextContents()).toEqual([expect.stringContaining('Hana Sato')]);
    await page.getByLabel('Add a recipient', { exact: true }).fill('diego');
    await page.getByRole('main').getByRole('option', { name: /Diego Santos/ }).click();
    await page.getByLabel('Message', { exact: true }).fill('Lunch tomorrow at noon?');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => items().first().textContent()).toContain('Lunch tomorrow at noon?');
    expect(await items().first().textContent()).toContain('Diego Santos');

    // Changing the type needs the new recipients and, for a channel, a topic: the form checks as it goes.
    await items().first().getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('A channel topic').check();
    await page.getByLabel('Channel', { exact: true }).selectOption({ label: '#general' });
    await page.getByLabel('Topic', { exact: true }).fill('(no topic)');
    await expect.poll(() => page.locator('#topic-problem').textContent()).toContain('may not be empty');
    await page.getByLabel('Topic', { exact: true }).fill('lunch');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => items().first().textContent()).toContain('#general');
    expect(await items().first().textContent()).toContain('lunch');
  });

  it('reschedules a message that failed to send: the new time is required', async () => {
    world.service.faults.scheduledSendFailures = 1;
    world.service.deliverDueScheduledMessages(nowSeconds() + 3 * 3600);
    await expect.poll(() => items().first().getAttribute('data-state')).toBe('failed');
    expect(await items().first().textContent()).toContain('failed to send');
    await screenshot(page, 'scheduled-failed');
    await items().first().getByRole('button', { name: 'Reschedule' }).click();
    await form().getByRole('button', { name: 'Reschedule', exact: true }).click();
    await expect.poll(() => page.locator('.problem').allTextContents()).toContain('A failed message needs a new time to be rescheduled.');
    await page.getByLabel(/^Send at/).fill(pickerValueIn(5 * 3600));
    await form().getByRole('button', { name: 'Reschedule', exact: true }).click();
    await expect.poll(() => items().first().getAttribute('data-state')).toBe('pending');
    world.service.deliverDueScheduledMessages(nowSeconds() + 6 * 3600);
    await expect.poll(() => items().count()).toBe(0);
    expect(delivered('Lunch tomorrow at noon?')).toBeDefined();
  });

  it('shows the server\'s refusal, and deletes a scheduled message', async () => {
    await page.getByRole('button', { name: 'New scheduled message' }).click();
    await page.getByLabel('Channel', { exact: true }).selectOption({ label: '#engineering' });
    await page.getByLabel('Topic', { exact: true }).fill('standup');
    await page.getByLabel('Message', { exact: true }).fill('Standup moved');
    await page.getByLabel(/^Send at/).fill(pickerValueIn(3600));
    // Archived in the meantime: the server refuses, and its message is shown.
    world.service.db.prepare('UPDATE streams SET is_archived = 1 WHERE name = ?').run('engineering');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    const refusal = (await page.getByRole('alert').textContent()) ?? '';
    expect(refusal.length).toBeGreaterThan(0);
    await screenshot(page, 'scheduled-refused');
    world.service.db.prepare('UPDATE streams SET is_archived = 0 WHERE name = ?').run('engineering');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => items().count()).toBe(1);
    await items().first().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => items().count()).toBe(0);
    await expect.poll(() => page.locator('.empty').textContent()).toContain('Nothing is scheduled');
  });

  it('schedules and edits while the server is unreachable: pending in place, sent when it is back', async () => {
    await page.getByRole('button', { name: 'New scheduled message' }).click();
    await page.getByLabel('Direct message').check();
    await page.getByLabel('Add a recipient', { exact: true }).fill('liam');
    await page.getByRole('main').getByRole('option', { name: /Liam O'Brien/ }).click();
    await page.getByLabel('Message', { exact: true }).fill('Ping the team');
    await page.getByLabel(/^Send at/).fill(pickerValueIn(3600));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => items().count()).toBe(1);

    await world.stopService();
    await items().first().getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Message', { exact: true }).fill('Ping the whole team');
    await form().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContain('Offline: it will be scheduled when the app is back online.');
    await expect.poll(() => items().first().getByTestId('pending').count()).toBe(1);

    await page.getByRole('button', { name: 'New scheduled message' }).click();
    await page.getByLabel('Channel', { exact: true }).selectOption({ label: '#general' });
    await page.getByLabel('Topic', { exact: true }).fill('notes');
    await page.getByLabel('Message', { exact: true }).fill('Written offline');
    await page.getByLabel(/^Send at/).fill(pickerValueIn(7200));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => page.getByTestId('waiting').textContent()).toContain('Written offline');
    expect(await page.getByTestId('waiting').getAttribute('data-state')).toBe('pending');
    await screenshot(page, 'scheduled-offline');

    await world.startServiceAgain();
    await expect.poll(() => items().count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => items().allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Ping the whole team'), expect.stringContaining('Written offline')]));
    await expect.poll(() => page.getByTestId('waiting').count()).toBe(0);
    expect(await page.getByTestId('pending').count()).toBe(0);
  });
});

describe('on a server too old for scheduled messages', () => {
  it('says so instead of offering the form', async () => {
    const old = await openWorld('scheduling-old', { featureLevel: 170 });
    try {
      await signInThroughScreen(old.page, old.service.url, old.service.accounts.find((a) => a.role === 200)!);
      await openView(old.page, 'Scheduled');
      await expect.poll(() => old.page.getByTestId('feature-problem').textContent()).toContain('Scheduled messages need feature level 179; this server is at 170.');
      expect(await old.page.getByRole('button', { name: 'New scheduled message' }).isDisabled()).toBe(true);
      await screenshot(old.page, 'scheduled-old-server');
    } finally {
      await old.close();
    }
  });
});
