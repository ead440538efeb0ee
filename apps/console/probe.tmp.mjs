import { chromium } from 'playwright-core';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0,200)));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
try {
await page.goto(base + '/health');
await page.waitForURL(/login/);
console.log('url', page.url());
await page.waitForTimeout(1000);
await page.screenshot({ path: '/tmp/cprobe/1.png' });
console.log(await page.locator('form').first().evaluate(f => [...f.querySelectorAll('input,button,label')].map(e => e.outerHTML.slice(0,150)).join('\n')));
await page.getByLabel('E-Mail').first().fill('admin@local');
await page.getByLabel('Password', { exact: true }).first().fill('opsdeck-demo');
await page.getByRole('button', { name: /sign in/i }).first().click();
await page.waitForTimeout(4000);
console.log('url', page.url());
await page.screenshot({ path: '/tmp/cprobe/2.png' });
} finally { await browser.close(); }
