import { existsSync } from 'node:fs';
import { type BrowserContext, chromium, type Page, type Browser as PlaywrightBrowser } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's chromium, as CI installs it; the browser tests are skipped, saying why, without it. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const MISSING = `skipped: ${CHROMIUM} is missing; apt-get install chromium`;
/** Waits for what the page shows: generous, because two busy cores run several bots and browsers. */
export const WAIT = { timeout: 15_000 };

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * One Chromium per test worker, shared by the files it runs (the config keeps a worker's modules from file
 * to file): starting one took 2–4 s of each browser file. Each file gets a context of its own, as fresh
 * as a new profile (cookies, storage and pages are the context's), closed with the file.
 */
let shared: Promise<PlaywrightBrowser> | null = null;

function sharedChromium(): Promise<PlaywrightBrowser> {
  if (!shared) {
    const launching = chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    shared = launching;
    // A browser that went away is started again for the next file rather than failing it.
    launching.then(
      (b) =>
        b.on('disconnected', () => {
          if (shared === launching) shared = null;
        }),
      () => {
        if (shared === launching) shared = null;
      },
    );
  }
  return shared;
}

/** `device`: a phone's touch screen, for the narrow layout's test. */
export async function launchChromium(
  viewport = { width: 1400, height: 900 },
  device: { isMobile?: boolean; hasTouch?: boolean; deviceScaleFactor?: number } = {},
): Promise<Browser> {
  const context = await (await sharedChromium()).newContext({ viewport, ...device });
  return {
    context,
    close: () => context.close(),
  };
}

/** Page errors fail the test instead of passing unseen. */
export function watch(page: Page, errors: string[]): Page {
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return page;
}

/** Joins the table as a new player from the first dialog. */
export async function joinTable(page: Page, name: string): Promise<void> {
  await page.getByLabel('New player').fill(name);
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect.poll(() => page.locator('#me-name').textContent(), WAIT).toBe(name);
}

/** Runs a slash command from the command box, typed in full. */
export async function slash(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Slash command');
  await box.fill(text);
  await box.press('Enter');
}
