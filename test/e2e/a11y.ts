// Accessibility checks with axe-core, run in the page as it stands: the violations a person
// using a screen reader or low vision would hit hardest (impact serious or critical).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './harness';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** "rule: help (where, ...)" for each serious or critical violation on the page now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the app's CSP does not govern, rather than injected as a script tag.
  // A fade still running (a message's actions as the pointer leaves it) reads as faint text to axe: check the screen it settles into.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime)).map((animation) => animation.finished.catch(() => undefined))));
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** A screenshot of the screen as it stands, and no serious or critical axe violation on it (soft: a test goes on to its other screens). */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect.soft(await seriousViolations(page), name).toEqual([]);
}
