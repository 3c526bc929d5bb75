// The administration screens end to end: each form's success, and each error the spec lists for
// it shown to the user (from the server, or prevented with the reason before sending); a private
// channel an administrator is not in, opened from Browse channels.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import type { ServiceAccount, ServiceOptions } from '../service/index';
import { DEMO } from '../service/testing/demo';
import { clientFor } from '../service/testing/client';
import { checkScreen, seriousViolations } from './a11y';
import { fromMenu, openOrganization, openView, openWorld, screenshot, signInThroughScreen, type World, viewButton, waitFor } from './harness';

let world: World;
let page: Page;
const byEmail = (email: string): ServiceAccount => world.service.accounts.find((a) => a.email === email)!;
const adminPart = (label: string) => page.locator('nav.subtabs').getByRole('button', { name: label, exact: true });
/** The parts of the directory view a member or guest has. */
const memberPart = () => page.getByRole('navigation', { name: 'Organization' }).getByRole('button');
const userRow = (name: string) => page.getByTestId('user-row').filter({ hasText: name });
/** A person found in the directory by name, their profile opened. */
async function openProfile(name: string): Promise<void> {
  await page.getByPlaceholder('Search by name or email').fill(name);
  await userRow(name).click();
  await expect.poll(() => page.getByTestId('profile').locator('h2').textContent()).toBe(name);
}
const personAction = (name: string) => page.getByTestId('person-actions').getByRole('button', { name, exact: true });
const folderRow = (name: string) => page.getByTestId('folder').filter({ hasText: name });
/** The problem shown next to a form field, in the form's own words. */
const problemAt = (field: string) => page.locator(`form [data-field="${field}"]`);
const relayKey = generateKeyPairSync('x25519').publicKey;
/** A push relay's X25519 public key, as the form takes it. */
const relayPublicKey = (): string => Buffer.from(relayKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');

async function openAdministration(): Promise<void> {
  await openOrganization(page, 'Administration');
  await waitFor(async () => (await page.getByRole('heading', { name: 'Administration' }).count()) === 1, 'the administration screen');
}

beforeAll(async () => {
  world = await openWorld('admin');
  page = world.page;
  // A step that cannot happen fails with its own name, well before the test's time runs out.
  page.setDefaultTimeout(10_000);
  // Adam Admin: an administrator with can_create_users.
  await signInThroughScreen(page, world.service.url, byEmail('admin@demo.example'));
  await openOrganization(page, 'Directory');
});

afterAll(() => world?.close());

describe('user administration (in the directory)', () => {
  it('lists users with their roles, and marks outgoing-webhook bots and deactivated users', async () => {
    await expect.poll(() => userRow('Olivia Owner').textContent()).toContain('Owner');
    expect(await userRow('Mona Moderator').textContent()).toContain('Moderator');
    expect(await userRow('Gina Guest').textContent()).toContain('Guest');
    await page.getByPlaceholder('Search by name or email').fill('bot');
    await expect.poll(() => userRow('Echo Bot').textContent()).toContain('Outgoing webhook bot');
    await page.getByPlaceholder('Search by name or email').fill('dana');
    await expect.poll(() => userRow('Dana Departed').textContent()).toContain('Deactivated');
    await screenshot(page, 'admin-users');
    await page.getByPlaceholder('Search by name or email').fill('');
  });

  it('says what is wrong next to each field before sending, and sends nothing until it is right', async () => {
    await page.getByRole('button', { name: 'Create a user' }).click();
    expect(await page.getByRole('form', { name: 'New user' }).textContent()).not.toContain('can_create_users');
    const users = () => world.service.db.prepare('SELECT count(*) FROM users').pluck().get();
    const before = users();
    await page.getByLabel('Email', { exact: true }).fill('nora.example');
    await page.getByLabel('Full name', { exact: true }).focus();
    await expect.poll(() => problemAt('email').textContent()).toBe('“nora.example” is not an email address: it should look like name@example.com.');
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // The button is never silently disabled: pressing it shows every problem, each by its field.
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => problemAt('full_name').textContent()).toBe('Enter their full name, as others will see it.');
    expect(await problemAt('password').textContent()).toBe('Choose a first password; they can change it after signing in.');
    await screenshot(page, 'admin-create-user-problems');
    expect(await seriousViolations(page)).toEqual([]);
    expect(users()).toBe(before);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates a user, and shows the server refusing an email already in use next to the email', async () => {
    await page.getByRole('button', { name: 'Create a user' }).click();
    await page.getByLabel('Email', { exact: true }).fill('newcomer@demo.example');
    await page.getByLabel('Full name', { exact: true }).fill('Nora Newcomer');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await screenshot(page, 'admin-create-user');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContain('Created the account of Nora Newcomer.');
    await page.getByPlaceholder('Search by name or email').fill('nora');
    await expect.poll(() => userRow('Nora Newcomer').count()).toBe(1);

    await page.getByRole('button', { name: 'Create a user' }).click();
    await page.getByLabel('Email', { exact: true }).fill('priya@demo.example');
    await page.getByLabel('Full name', { exact: true }).fill('Another Priya');
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => problemAt('email').textContent()).toBe('Email is already in use. Use another email address.');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('sets another user\'s status: at most 60 characters checked as typed, the server\'s refusal shown', async () => {
    await openProfile('Priya Patel');
    await personAction('Set status').click();
    const text = page.getByLabel('Status text', { exact: true });
    await expect.poll(() => text.isVisible()).toBe(true);
    // Nothing is wrong with a form nobody has filled in yet.
    expect(await page.locator('form .problem, form .error').count()).toBe(0);
    await page.locator('form').getByRole('button', { name: 'Set status' }).click();
    await expect.poll(() => page.locator('form .problem').textContent()).toBe('Write a status text, give an emoji name, or tick “Clear the status text”.');
    await text.fill('x'.repeat(61));
    await expect.poll(() => problemAt('status_text').textContent()).toBe('The status text can be at most 60 characters; it has 61.');
    await text.fill('On leave until Monday');
    await page.getByLabel('Emoji name', { exact: true }).fill('no_such_emoji_anywhere');
    await page.locator('form').getByRole('button', { name: 'Set status' }).click();
    await expect.poll(() => problemAt('emoji_name').textContent()).toMatch(/emoji.*Check the emoji's name/i);
    await screenshot(page, 'admin-user-status');
    await page.getByLabel('Emoji name', { exact: true }).fill('palm_tree');
    await page.locator('form').getByRole('button', { name: 'Set status' }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContain('Status of Priya Patel updated.');
    const status = world.service.db.prepare('SELECT status_text, emoji_name FROM user_status WHERE user_id = 7').get() as { status_text: string; emoji_name: string } | undefined;
    expect(status).toMatchObject({ status_text: 'On leave until Monday', emoji_name: 'palm_tree' });
  });

  it('deactivates a user with a notification comment; the only owner cannot be', async () => {
    // The last action's notice belongs to it: it goes when a new form opens.
    expect(await page.getByRole('status').allTextContents()).toContain('Status of Priya Patel updated.');
    await openProfile('Olivia Owner');
    expect(await personAction('Deactivate…').isDisabled()).toBe(true);
    expect(await page.getByTestId('person-actions').textContent()).toContain('The only owner of the organization cannot be deactivated.');
    await openProfile('Diego Santos');
    await personAction('Deactivate…').click();
    await page.getByLabel('Send them a notification email').check();
    await page.getByLabel('Text for the email (optional)').fill('Thanks for everything, Diego.');
    expect(await page.getByRole('status').allTextContents()).not.toContain('Status of Priya Patel updated.');
    expect(world.service.db.prepare('SELECT is_active FROM users WHERE user_id = 8').pluck().get()).toBe(1);
    await screenshot(page, 'admin-deactivate');
    // The confirmation's button included: readable contrast, nothing serious for assistive technology.
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('form').getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContain('Diego Santos was deactivated.');
    await expect.poll(() => userRow('Diego Santos').textContent()).toContain('Deactivated');
  });
});

describe('channel folders', () => {
  it('creates a folder within the announced limits, and shows the server refusing a duplicate name', async () => {
    await openAdministration();
    await expect.poll(() => page.getByTestId('my-role').textContent()).toContain('Administrator');
    await adminPart('Channel folders').click();
    await expect.poll(() => folderRow('Engineering').count()).toBe(1);
    const name = page.getByLabel('Folder name', { exact: true });
    await name.fill('x'.repeat(500));
    await expect.poll(() => page.locator('#new-folder-name-help .problem').textContent()).toMatch(/at most \d+/);
    expect(await page.getByRole('button', { name: 'Create folder' }).isDisabled()).toBe(true);
    await name.fill('Support');
    await page.getByLabel('Description', { exact: true }).fill('Where **customers** get help <img src=x onerror=alert(1)>');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect.poll(() => folderRow('Support').count()).toBe(1);
    // The description's Markdown is shown rendered, and sanitized.
    await expect.poll(() => folderRow('Support').locator('.rendered strong').textContent()).toBe('customers');
    expect(await folderRow('Support').textContent()).toContain('Where customers get help');
    expect(await folderRow('Support').textContent()).not.toContain('**');
    expect(await folderRow('Support').locator('[onerror]').count()).toBe(0);

    await name.fill('Engineering');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('already in use');
    await screenshot(page, 'admin-folders');
  });

  it('renames, describes, archives and unarchives a folder', async () => {
    await folderRow('Support').getByRole('button', { name: 'Rename or describe' }).click();
    await page.locator('#edit-folder-name').fill('Customer support');
    await page.locator('#edit-folder-description').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => folderRow('Customer support').count()).toBe(1);
    expect(await folderRow('Customer support').textContent()).not.toContain('Where customers get help');
    await folderRow('Customer support').getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => folderRow('Customer support').getAttribute('data-archived')).toBe('true');
    await folderRow('Customer support').getByRole('button', { name: 'Unarchive' }).click();
    await expect.poll(() => folderRow('Customer support').getAttribute('data-archived')).toBe('false');
  });
});

describe('reusable invitation links', () => {
  it('offers only roles no more privileged than the caller\'s, checks expiry and welcome text, and copies the link', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(world.app.browser.url).origin });
    await adminPart('Invitation links').click();
    const roles = await page.getByLabel('Join as').locator('option').allTextContents();
    expect(roles).toEqual(['Administrator', 'Moderator', 'Member', 'Guest']);
    await page.getByLabel('Join as').selectOption({ label: 'Moderator' });
    // The expiry is a choice of durations, a week unless another is chosen; never a number of minutes to type.
    const expiry = page.getByTestId('invite-expiry');
    expect(await expiry.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.parentElement?.textContent?.trim()))).toEqual(['1 day', '7 days', '30 days', 'Never']);
    expect(await expiry.getByLabel('7 days').isChecked()).toBe(true);
    await expiry.getByLabel('1 day').check();
    // The channels are found by a filter, not read from a list of every channel.
    const picker = page.getByTestId('channel-picker');
    await picker.getByRole('searchbox', { name: 'Find a channel' }).fill('eng');
    expect(await picker.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent?.trim()))).toEqual(['#engineering']);
    await picker.getByLabel('#engineering').check();
    await picker.getByRole('searchbox', { name: 'Find a channel' }).fill('');
    await expect.poll(() => picker.getByRole('checkbox').first().evaluate((box) => box.parentElement?.textContent?.trim())).toBe('#engineering');
    expect(await picker.getByRole('checkbox').first().isChecked()).toBe(true);
    await picker.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-invite-form');
    await page.getByLabel("The organization's default channels too").check();
    await page.getByLabel('This text:').check();
    await page.getByLabel('Welcome text').fill('x'.repeat(8001));
    await expect.poll(() => page.locator('form .problem').allTextContents()).toContainEqual(expect.stringContaining('8000'));
    expect(await page.getByRole('button', { name: 'Create link' }).isDisabled()).toBe(true);
    await page.getByLabel('Welcome text').fill('Welcome aboard!');
    // Groups are chosen by name, not typed as numbers.
    await page.getByTestId('group-picker').getByLabel('Support team').check();
    await page.getByRole('button', { name: 'Create link' }).click();
    const created = page.getByTestId('created-links');
    const link = created.getByRole('textbox', { name: 'Invitation link' });
    await expect.poll(() => link.inputValue()).toContain('/join/');
    await created.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => created.getByRole('status').allTextContents()).toContain('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await screenshot(page, 'admin-invites');
    const stored = world.service.db.prepare('SELECT * FROM invites ORDER BY id DESC LIMIT 1').get() as Record<string, unknown>;
    expect(stored).toMatchObject({ invite_as: 300, stream_ids: '[3]', group_ids: '[9]', include_realm_default_subscriptions: 1, welcome_message_custom_text: 'Welcome aboard!' });
    expect((stored['expires_at'] as number) - (stored['date_created'] as number)).toBe(24 * 60 * 60);
  });

  it('makes a link that never expires, shown at the top of the links created now', async () => {
    await page.getByTestId('invite-expiry').getByLabel('Never').check();
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(async () => (world.service.db.prepare('SELECT expires_at FROM invites ORDER BY id DESC LIMIT 1').get() as { expires_at: number | null }).expires_at).toBeNull();
    const newest = `/join/${String(world.service.db.prepare('SELECT link_key FROM invites ORDER BY id DESC LIMIT 1').pluck().get())}/`;
    const created = page.getByTestId('created-links').getByRole('textbox', { name: 'Invitation link' });
    await expect.poll(() => created.count()).toBe(2);
    expect(await created.first().inputValue()).toContain(newest);
  });

  it('lists the links with who made them, role, channels and expiry, and revokes one, then several', async () => {
    const rows = page.getByTestId('invite-row');
    const rowOf = (key: string) => rows.filter({ hasText: `/join/${key}/` });
    const keys = world.service.db.prepare('SELECT link_key FROM invites WHERE revoked = 0 ORDER BY id').pluck().all() as string[];
    await expect.poll(() => rows.count()).toBe(keys.length);
    const first = rowOf(keys[0]!);
    const firstText = (await first.textContent()) ?? '';
    expect(firstText).toContain('Adam Admin');
    expect(firstText).toContain('Moderator');
    expect(firstText).toContain("#engineering, the organization's default channels, group Support team");
    expect(await rowOf(keys[1]!).textContent()).toContain('Never');
    await page.getByRole('heading', { name: 'Reusable invitation links' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-invite-links');
    expect(await seriousViolations(page)).toEqual([]);

    await first.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Revoke 1 link' }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContainEqual(expect.stringContaining('Revoked 1 link'));
    await expect.poll(() => first.count()).toBe(0);
    expect(world.service.db.prepare('SELECT revoked FROM invites WHERE link_key = ?').pluck().get(keys[0])).toBe(1);

    // Several at once: the one left here, and one more made meanwhile elsewhere.
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => rows.count()).toBe(keys.length);
    for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: `Revoke selected (${keys.length})` }).click();
    await page.getByRole('button', { name: `Revoke ${keys.length} links` }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toContainEqual(expect.stringContaining(`Revoked ${keys.length} links`));
    await expect.poll(() => page.getByText('There are no unexpired links you can manage.').count()).toBe(1);
    expect(world.service.db.prepare('SELECT count(*) FROM invites WHERE revoked = 0').pluck().get()).toBe(0);
  });
});

describe('custom profile fields', () => {
  it('creates a list field with its options, and explains the summary rules before sending', async () => {
    await adminPart('Profile fields').click();
    await expect.poll(() => page.getByTestId('profile-field').count()).toBe(3);
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'long text' });
    await expect.poll(() => page.getByTestId('summary-rule').textContent()).toContain('Long text and person picker fields cannot be displayed');
    expect(await page.getByLabel('Show in the profile summary').isDisabled()).toBe(true);

    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'list of options' });
    await page.getByLabel('Name', { exact: true }).fill('Team');
    await page.getByLabel('Option 1', { exact: true }).fill('Platform');
    await page.getByLabel('Option 2', { exact: true }).fill('Product');
    await page.getByRole('button', { name: 'Add an option' }).click();
    await page.getByLabel('Option 3', { exact: true }).fill('Design');
    await page.getByLabel('Show in the profile summary').check();
    await screenshot(page, 'admin-profile-fields');
    await page.getByRole('button', { name: 'Create field' }).click();
    await expect.poll(() => page.getByTestId('profile-field').filter({ hasText: 'Team' }).textContent()).toContain('Options: Platform, Product, Design');
    expect(await page.getByTestId('profile-field').filter({ hasText: 'Team' }).textContent()).toContain('in summary');

    // Two fields are now in the summary: the third is refused before sending, with the names.
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'short text' });
    await expect.poll(() => page.getByTestId('summary-rule').textContent()).toBe('At most 2 fields can be in the profile summary, and "Phone number" and "Team" already are.');
    expect(await page.getByLabel('Show in the profile summary').isDisabled()).toBe(true);
  });

  it('creates an external-account field of a custom kind, and shows the server refusing a duplicate name', async () => {
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'external account' });
    await page.getByLabel('Name', { exact: true }).fill('Blog');
    await page.getByLabel('Account kind').selectOption({ label: 'Custom (your own URL pattern)' });
    await page.getByLabel('URL pattern').fill('https://blog.example/');
    await expect.poll(() => page.locator('form .problem').allTextContents()).toContainEqual(expect.stringContaining('%(username)s'));
    await page.getByLabel('URL pattern').fill('https://blog.example/%(username)s');
    await page.getByRole('button', { name: 'Create field' }).click();
    await expect.poll(() => page.getByTestId('profile-field').filter({ hasText: 'Blog' }).textContent()).toContain('Account: custom');
    // The form checks names against the mirror; a field created elsewhere meanwhile is the server's to refuse.
    world.service.db.prepare(`INSERT INTO custom_profile_fields (name, hint, field_type, display_in_profile_summary, required, editable_by_user, "order") VALUES ('Pronouns', '', 8, 0, 0, 1, 99)`).run();
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'pronouns' });
    await page.getByLabel('Name', { exact: true }).fill('Pronouns');
    await page.getByRole('button', { name: 'Create field' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('A field with that label already exists.');
  });
});

describe('linkifiers', () => {
  it('edits a pattern and URL template with a live preview of a sample text', async () => {
    await adminPart('Linkifiers').click();
    const tracker = page.getByTestId('linkifier').filter({ hasText: 'tracker.example' });
    await tracker.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Try it on a sample text').fill('Fixed #12, see also #345.');
    const preview = page.getByTestId('linkifier-preview');
    await expect.poll(() => preview.textContent()).toContain('#12 → https://tracker.example/issues/12');
    expect(await preview.textContent()).toContain('#345 → https://tracker.example/issues/345');
    await page.getByLabel('Pattern', { exact: true }).fill('(?P<project>[A-Z]+)#(?P<id>[0-9]+)');
    await page.getByLabel('URL template').fill('https://tracker.example/{project}/issues/{id}');
    await page.getByLabel('Try it on a sample text').fill('See WEB#7.');
    await expect.poll(() => preview.textContent()).toContain('WEB#7 → https://tracker.example/WEB/issues/7');
    await page.getByLabel('Pattern', { exact: true }).fill('(?P<project>[A-Z]+)#(?P<id>[0-9]+');
    await expect.poll(() => preview.textContent()).toContain('The pattern (?P<project>[A-Z]+)#(?P<id>[0-9]+ is not a valid regular expression: Unterminated group.');
    await page.getByLabel('Pattern', { exact: true }).fill('(?P<project>[A-Z]+)#(?P<id>[0-9]+)');
    await page.getByLabel('URL template').fill('https://tracker.example/{repo}/issues/{id}');
    await expect.poll(() => preview.textContent()).toContain('The URL template uses {repo}, which the pattern does not name.');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-linkifiers');
    await page.getByLabel('URL template').fill('https://tracker.example/{project}/issues/{id}');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('linkifier').first().textContent()).toContain('https://tracker.example/{project}/issues/{id}');
  });

  it('shows the server refusing a pattern another linkifier already has', async () => {
    await page.getByTestId('linkifier').filter({ hasText: 'jira.example' }).getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Pattern', { exact: true }).fill('(?P<project>[A-Z]+)#(?P<id>[0-9]+)');
    await page.getByLabel('URL template').fill('https://jira.example/browse/{project}-{id}');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Linkifier with this pattern already exists.');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('the server page', () => {
  it('shows the version, feature level, login methods and push availability', async () => {
    await adminPart('Server').click();
    const settings = page.getByTestId('server-settings');
    await expect.poll(() => settings.textContent()).toContain('Demo Organization');
    const text = (await settings.textContent()) ?? '';
    expect(text).toContain('Feature level420');
    expect(text).toMatch(/Login methods.*password/);
    expect(await page.getByTestId('push-availability').textContent()).toBe('not available on this server');
  });

  it('explains PUSH_SERVICE_NOT_CONFIGURED when registering this device', async () => {
    await page.getByLabel('Device token').fill('device-token-1');
    await page.getByLabel('Push relay public key (base64)').fill(relayPublicKey());
    await page.getByRole('button', { name: 'Register this device' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not set up with a push notification service (PUSH_SERVICE_NOT_CONFIGURED)');
    expect(await page.getByRole('alert').textContent()).toContain('Server is not configured to use push notification service.');
    await screenshot(page, 'admin-server');
  });
});

describe('outgoing-webhook bots', () => {
  it('lists them, marked, and documents the payload a bot receives', async () => {
    await adminPart('Webhook bots').click();
    await expect.poll(() => page.getByTestId('webhook-bot').allTextContents()).toEqual([expect.stringContaining('Echo Bot')]);
    const doc = (await page.getByTestId('payload-doc').textContent()) ?? '';
    for (const field of ['bot_email', 'bot_full_name', 'data', 'trigger', 'token', 'message']) expect(doc).toContain(field);
    expect(doc).toContain('direct_message');
    // Named as this server spells them (the simulator speaks the spec's dialect).
    const dialect = (await page.getByTestId('payload-dialect').textContent()) ?? '';
    expect(dialect).toContain('POST /api/v1/service-outgoing-webhook');
    expect(dialect).toContain('service_extra_emoji');
    await screenshot(page, 'admin-webhook-bots');
  });
});

describe('a private channel the administrator is not in', () => {
  it('opens from Browse channels saying that only its subscribers see its new messages', async () => {
    await clientFor(world.service.url, byEmail('admin@demo.example')).delete('/users/me/subscriptions', { subscriptions: ['leadership'] });
    await openView(page, 'Browse channels');
    await page.getByLabel('All I can see').check();
    await page.locator('[data-testid=channel] button.channel-name', { hasText: '#leadership' }).click();
    const feed = page.locator(`section.channel-feed[data-stream="${DEMO.channels.leadership}"]`);
    await expect.poll(() => feed.getByTestId('channel-preview').textContent()).toContain('#leadership is private: only its subscribers see its new messages.');
    // What the administrator received while in it stays readable, as on the server.
    await feed.getByText('Q3 planning doc is ready.').waitFor();
    // Only subscribers may write there: no compose box to type into and be refused.
    expect(await feed.getByTestId('composer').count()).toBe(0);
    await checkScreen(page, 'channel-view-private');

    // One they were never in: nothing of it to show, and the feed says why rather than "no messages".
    const owner = clientFor(world.service.url, byEmail('owner@demo.example'));
    await owner.post('/users/me/subscriptions', { subscriptions: [{ name: 'board' }], invite_only: true });
    await owner.post('/messages', { type: 'stream', to: 'board', topic: 'minutes', content: 'Not for everyone' });
    await openView(page, 'Browse channels');
    await page.getByLabel('All I can see').check();
    await page.locator('[data-testid=channel] button.channel-name', { hasText: '#board' }).click();
    await expect.poll(() => page.locator('section.channel-feed .empty').textContent()).toBe('Only subscribers of #board see its messages.');
  });
});

describe('a role changed while in use', () => {
  it('takes an administrator made a member while in Administration to the directory, the sidebar naming it Users; and back', async () => {
    const admin = byEmail('admin@demo.example');
    const owner = clientFor(world.service.url, byEmail('owner@demo.example'));
    await openAdministration();
    expect((await owner.patch(`/users/${admin.user_id}`, { role: 400 })).status).toBe(200);
    await expect.poll(() => memberPart().allTextContents()).toEqual(['Directory', 'Invitation links']);
    expect(await memberPart().filter({ hasText: 'Directory' }).getAttribute('aria-current')).toBe('page');
    await userRow('Olivia Owner').waitFor();
    expect(await viewButton(page, 'Users').getAttribute('aria-current')).toBe('page');
    await checkScreen(page, 'admin-demoted');

    expect((await owner.patch(`/users/${admin.user_id}`, { role: 200 })).status).toBe(200);
    await expect.poll(() => memberPart().allTextContents()).toEqual(['Directory', 'Administration', 'Bulk']);
    expect(await viewButton(page, 'Organization').getAttribute('aria-current')).toBe('page');
  });
});

describe('for those the forms are not for', () => {
  it('shows an administrator without can_create_users the server\'s refusal', async () => {
    await fromMenu(page, 'Add account');
    await signInThroughScreen(page, world.service.url, byEmail('admin2@demo.example'));
    await openOrganization(page, 'Directory');
    await page.getByRole('button', { name: 'Create a user' }).click();
    await page.getByLabel('Email', { exact: true }).fill('someone@demo.example');
    await page.getByLabel('Full name', { exact: true }).fill('Someone');
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not authorized to create users');
  });

  it('offers a member no Organization area: the directory without administrators\' actions, and invitation links', async () => {
    await fromMenu(page, 'Add account');
    await signInThroughScreen(page, world.service.url, byEmail('member@demo.example'));
    await openView(page, 'Users');
    expect(await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: 'Organization' }).count()).toBe(0);
    expect(await memberPart().allTextContents()).toEqual(['Directory', 'Invitation links']);
    await page.getByTestId('user-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'Create a user' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Deactivate' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create folder' }).count()).toBe(0);
    await screenshot(page, 'admin-member');
  });

  it('lets a member create invitation links without the welcome text, and shows the server refusing channels they may not subscribe others to', async () => {
    await memberPart().filter({ hasText: 'Invitation links' }).click();
    expect(await page.getByLabel('Join as').locator('option').allTextContents()).toEqual(['Member', 'Guest']);
    expect(await page.getByTestId('welcome-reason').textContent()).toContain('Only administrators can set the welcome text');
    await page.getByLabel('#engineering').check();
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => problemAt('stream_ids').textContent()).toContain('permission to subscribe other users to channels. Untick the channels');
    await page.getByLabel('#engineering').uncheck();
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Invitation link' }).inputValue()).toContain('/join/');
  });

  it('shows a guest the server refusing an invitation link: insufficient permission', async () => {
    await fromMenu(page, 'Add account');
    await signInThroughScreen(page, world.service.url, byEmail('guest@demo.example'));
    await openView(page, 'Users');
    await memberPart().filter({ hasText: 'Invitation links' }).click();
    expect(await page.getByLabel('Join as').locator('option').allTextContents()).toEqual(['Guest']);
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Insufficient permission');
  });
});

describe('on other servers', () => {
  async function openAt(name: string, options: ServiceOptions): Promise<World> {
    const other = await openWorld(name, options);
    await signInThroughScreen(other.page, other.service.url, other.service.accounts.find((a) => a.email === 'admin@demo.example')!);
    await openOrganization(other.page, 'Administration');
    await other.page.locator('nav.subtabs').getByRole('button', { name: 'Server', exact: true }).click();
    return other;
  }

  it('registers this device where the server has a push service', async () => {
    const other = await openAt('admin-push', { pushConfigured: true });
    try {
      const p = other.page;
      await expect.poll(() => p.getByTestId('push-availability').textContent()).toBe('available');
      await p.getByLabel('Device token').fill('device-token-2');
      await p.getByLabel('Push relay public key (base64)').fill(relayPublicKey());
      await p.getByRole('button', { name: 'Register this device' }).click();
      await expect.poll(() => p.getByRole('status').allTextContents()).toContainEqual(expect.stringContaining('This device is registered for push notifications'));
      const device = other.service.db.prepare('SELECT * FROM push_devices').get() as Record<string, unknown>;
      expect(device).toMatchObject({ token_kind: 'fcm', bouncer_public_key: relayPublicKey() });
      expect(String(device['encrypted_push_registration'])).not.toContain('device-token-2');
    } finally {
      await other.close();
    }
  });

  it('hides what an older server lacks, with the level it needs', async () => {
    const other = await openAt('admin-old', { featureLevel: 300 });
    try {
      const p = other.page;
      await expect.poll(() => p.getByTestId('push-reason').textContent()).toContain('need feature level 406; this server is at 300.');
      await p.locator('nav.subtabs').getByRole('button', { name: 'Channel folders', exact: true }).click();
      await expect.poll(() => p.getByTestId('reason').textContent()).toContain('Channel folders need feature level 389; this server is at 300.');
      await openOrganization(p, 'Directory');
      await p.getByPlaceholder('Search by name or email').fill('priya');
      await p.getByTestId('user-row').filter({ hasText: 'Priya Patel' }).click();
      await expect.poll(() => p.getByTestId('person-actions').getByRole('button', { name: 'Set status' }).getAttribute('title')).toContain('need feature level 407');
      await screenshot(p, 'admin-old-server');
    } finally {
      await other.close();
    }
  });
});

