// Headless Chromium driven by puppeteer-core, as the browser tests use it (the system's, or the one npm brings: see
// chromium-path.ts): launched alike, watched for requests leaving the server and for console errors, and photographed
// when a step fails (CI keeps tests/output).
import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { chromiumPath } from './chromium-path';
import { PATIENCE_MS } from './patience';

export const OUTPUT = path.join(__dirname, '..', 'output');

export const launchChromium = async (): Promise<Browser> =>
  puppeteer.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

/** A new page whose waits (puppeteer's default: 30 s) and navigations are as patient as every other wait of the tests. */
export const openPage = async (from: Pick<Browser, 'newPage'>): Promise<Page> => {
  const page = await from.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  page.setDefaultNavigationTimeout(PATIENCE_MS);
  return page;
};

/** What a page did that a test forbids: requests `allowed` does not accept, and errors logged to its console. */
export const watchPage = (page: Page, allowed: (url: string) => boolean) => {
  const outside: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (r) => void (allowed(r.url()) || outside.push(r.url())));
  page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
  page.on('pageerror', (e) => void consoleErrors.push(String(e)));
  return { outside, consoleErrors };
};

/** Saves the page as tests/output/<name>.png. */
export const screenshot = async (page: Page, name: string, opts: { fullPage?: boolean } = {}) => {
  fs.mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: path.join(OUTPUT, `${name}.png`), fullPage: opts.fullPage });
};

/** Runs a browser step; when it fails, the page as it was is saved for whoever reads the CI output. */
export const withScreenshot = async (page: Page, name: string, step: () => Promise<void>, opts: { fullPage?: boolean } = {}) => {
  try {
    await step();
  } catch (err) {
    await screenshot(page, name, opts).catch(() => undefined);
    throw err;
  }
};

/**
 * What a user does on a page, as the console tests do it: controls found by their label (as a screen reader finds
 * them), pointer clicks on buttons and links found by their text, typing, and waiting for text. `page` is read at each
 * call, since tests open theirs in beforeAll.
 */
export const pageActions = (page: () => Page, { textTimeoutMs = PATIENCE_MS }: { textTimeoutMs?: number } = {}) => {
  /** The form control whose label reads `label` (inside `scope` when given). */
  const control = async (label: string, scope = 'body') => {
    const handle = await page().waitForFunction(
      (text, within) => {
        for (const l of document.querySelectorAll(`${within} label`)) {
          if (l.textContent?.trim() === text && (l as HTMLLabelElement).control) return (l as HTMLLabelElement).control;
        }
        return null;
      },
      {},
      label,
      scope,
    );
    return handle.asElement()! as ElementHandle<HTMLInputElement>;
  };

  /** Clicks into the field, selects what it holds and types over it. */
  const fill = async (label: string, value: string, scope?: string) => {
    const input = await control(label, scope);
    await input.click({ count: 3 });
    await page().keyboard.down('Control');
    await page().keyboard.press('KeyA');
    await page().keyboard.up('Control');
    await page().keyboard.press('Backspace');
    await input.type(value);
  };

  /**
   * A pointer click on the enabled button whose text reads `text`. A re-render between finding the button and clicking
   * it (a poll's reload) replaces the element: it is found again, as a user would aim at the new one (up to 3 times).
   */
  const clickButton = async (text: string, scope = 'body') => {
    for (let attempt = 1; ; attempt++) {
      const button = await page().waitForFunction(
        (t, within) =>
          [...document.querySelectorAll(`${within} button`)].find((b) => b.textContent?.replace(/\s+/g, ' ').trim() === t && !(b as HTMLButtonElement).disabled) ?? null,
        {},
        text,
        scope,
      );
      try {
        return await (button.asElement() as ElementHandle<HTMLButtonElement>).click();
      } catch (err) {
        // A replaced element: puppeteer says "detached", or "not clickable" when it no longer has a layout box.
        if (attempt >= 3 || !/detached|not clickable/i.test(String(err))) throw err;
      }
    }
  };

  /** A pointer click on the link whose text reads `text`. */
  const clickLink = async (text: string) => {
    const link = await page().waitForFunction((t) => [...document.querySelectorAll('a')].find((a) => a.textContent?.replace(/\s+/g, ' ').trim() === t) ?? null, {}, text);
    await (link.asElement() as ElementHandle<HTMLAnchorElement>).click();
  };

  const waitForText = async (text: string, selector = 'body') =>
    page().waitForFunction((t, s) => [...document.querySelectorAll(s)].some((el) => el.textContent?.includes(t)), { timeout: textTimeoutMs }, text, selector);

  /** The element's text, white space folded. */
  const textOf = (selector: string) => page().$eval(selector, (el) => el.textContent?.replace(/\s+/g, ' ').trim() ?? '');

  /** Opens the console signed in with `token` (signing out first when a session is open). */
  const signIn = async (origin: string, token: string) => {
    await page().goto(`${origin}/console`, { waitUntil: 'networkidle0' });
    if (await page().$('header button')) await clickButton('Sign out');
    await fill('Token', token);
    await page().keyboard.press('Enter');
    await page().waitForSelector('header nav');
  };

  return { control, fill, clickButton, clickLink, waitForText, textOf, signIn };
};
