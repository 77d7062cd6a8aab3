import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
const [,, email, lang, w, h, ...paths] = process.argv;
const browser = await chromium.launchPersistentContext(mkdtempSync('/tmp/ud-'), { executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'],
  viewport: { width: +w, height: +h }, locale: lang });
const page = await browser.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
await page.goto('http://127.0.0.1:3000/login/' + lang);
await page.locator('[data-testid="login-email"] input').fill(email);
await page.locator('[data-testid="login-password"] input').fill(process.env.PW ?? 'Windsock-Demo-2026');
await page.locator('[data-testid="login-submit"]').click();
await page.locator('[data-testid="dashboard-organization-name"]').waitFor({ timeout: 30000 });
const status = await page.evaluate(async (l) => {
  const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
  const r = await fetch('/api/profile/change-language', { method: 'PATCH', headers: { authorization: 'Bearer ' + localStorage.getItem(key), 'content-type': 'application/json' }, body: JSON.stringify({ lang: l }) });
  return r.status + ' ' + (await r.text()).slice(0, 100);
}, lang);
console.log('lang', status);
for (const p of paths) {
  await page.goto('http://127.0.0.1:3000' + p);
  await page.waitForLoadState('networkidle').catch(() => {}); await page.waitForTimeout(2500);
  const name = `/tmp/shots/${lang}-${w}-${p.replace(/\W+/g, '_')}.png`;
  await page.screenshot({ path: name, fullPage: false });
  console.log(name);
}
console.log('errors', errors.slice(0, 5));
await browser.close();
