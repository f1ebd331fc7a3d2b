// Debian's headless Chromium driven by puppeteer-core, as the browser tests use it: launched alike, watched for
// requests leaving the server and for console errors, and photographed when a step fails (CI keeps tests/output).
import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const OUTPUT = path.join(__dirname, '..', 'output');

export const launchChromium = (): Promise<Browser> =>
  puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

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
