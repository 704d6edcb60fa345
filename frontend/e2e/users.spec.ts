import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoAccounts, signIn } from './sign-in';

// Journeys share one app instance with the other spec files: every person here is new, the demo accounts stay as they are.
const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1_000)}`;
const usersList = (page: Page) => page.getByRole('list', { name: 'Users' });
const rowWith = (page: Page, text: string) => usersList(page).getByRole('listitem').filter({ hasText: text });

async function addUser(page: Page, email: string, role: 'User' | 'Manager', brands: string[]) {
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: role, exact: true }).click();
  for (const brand of brands) await dialog.getByRole('checkbox', { name: brand }).click();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User added successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('manager@ adds a user-level user and is not offered manager or admin', async ({ page }) => {
  const email = `e2e-user-${stamp()}@demo.test`;
  await signIn(page, demoAccounts.manager, '/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('dialog', { name: 'Add User' }).getByLabel('Role').click();
  await expect(page.getByRole('option')).toHaveText(['User']);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add User' })).toBeHidden();
  await addUser(page, email, 'User', ['Aurora']);
  const row = rowWith(page, email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Aurora');
  // Until their first sign-in the row says so, instead of repeating the email as a name (issue 25).
  await expect(row).toContainText('Not signed in yet');
  // A manager edits user-level rows only: never the demo admin's.
  await expect(
    rowWith(page, 'admin@demo.test')
      .first()
      .getByRole('button', { name: /Edit Role/ }),
  ).toHaveCount(0);
});

test('admin@ gives a manager two brands and the list shows both rows', async ({ page }) => {
  const email = `e2e-manager-${stamp()}@demo.test`;
  await signIn(page, demoAccounts.admin, '/users');
  await addUser(page, email, 'Manager', ['Aurora']);
  await expect(rowWith(page, email)).toHaveCount(1);
  await rowWith(page, email)
    .getByRole('button', { name: /Edit Role/ })
    .click();
  await rowWith(page, email).getByRole('checkbox', { name: 'Borealis' }).click();
  await rowWith(page, email).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Permission updated successfully', { exact: true })).toBeVisible();
  // One row per person, with every brand of theirs (issue 25).
  await expect(rowWith(page, email)).toHaveCount(1);
  await expect(rowWith(page, email)).toContainText('Borealis');
  await expect(rowWith(page, email)).toContainText('Aurora');
  await expect(rowWith(page, email)).toContainText('Manager');
});

test("the removed user's open session is refused on its next request", async ({ page, browser }) => {
  const email = `e2e-gone-${stamp()}@demo.test`;
  await signIn(page, demoAccounts.admin, '/users');
  await addUser(page, email, 'User', ['Aurora']);

  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await signIn(theirPage, email, '/discounts');
  expect((await theirPage.request.get('/api/auth/user')).status()).toBe(200);

  await rowWith(page, email)
    .getByRole('button', { name: /^Remove / })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('loses all access to Discount Manager, for every brand');
  await confirm.getByRole('button', { name: 'Remove person' }).click();
  await expect(page.getByText('User removed', { exact: true })).toBeVisible();
  await expect(rowWith(page, email)).toHaveCount(0);

  expect((await theirPage.request.get('/api/auth/user')).status()).toBe(401);
  await theirPage.reload();
  await expect(theirPage.getByRole('heading', { name: 'Discount Manager' })).toBeVisible();
  await theirs.close();
});

test('the users list renders 2,000 rows virtualised', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, demoAccounts.super_admin, '/discounts');
  const prefix = `zzz-bulk-${stamp()}`;
  // One row per person (issue 25): 2,000 people make 2,000 rows.
  const people = Array.from({ length: 2_000 }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}@demo.test`);
  for (let i = 0; i < people.length; i += 25) {
    const answers = await Promise.all(
      people.slice(i, i + 25).map((email) =>
        page.request.post('/api/permissions', {
          headers: { origin: baseURL! },
          data: { email, permissionLevel: 'user', brandIds: [1, 2] },
        }),
      ),
    );
    expect(answers.map((a) => a.status())).toEqual(answers.map(() => 201));
  }
  // The page starts with no write of its own to wait for: let the projection take in the last of these first.
  const lastBatch = people.slice(-25);
  await expect
    .poll(
      async () => {
        const listed = await (await page.request.get('/api/permissions')).text();
        return lastBatch.every((email) => listed.includes(email));
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.goto('/users');
  await expect(usersList(page).getByRole('listitem').first()).toBeVisible();
  const total = Number(await usersList(page).getByRole('listitem').first().getAttribute('aria-setsize'));
  expect(total).toBeGreaterThanOrEqual(2_000);
  expect(await usersList(page).getByRole('listitem').count()).toBeLessThan(100);

  // The list scrolls with the page.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  const last = rowWith(page, people.at(-1)!).filter({ hasText: 'Borealis' });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-posinset', String(total));
  expect(await usersList(page).getByRole('listitem').count()).toBeLessThan(100);
});

test('At 390×844 admin@ reads a long email wrapped after its @ or before a dot, never inside a word', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `wrap-${Date.now().toString(36)}@long-domain-name.example.test`;
  await signIn(page, demoAccounts.admin, '/users');
  await addUser(page, email, 'User', ['Aurora']);
  const shown = rowWith(page, email).getByText(email, { exact: true });
  // Where each line of the address starts: a character whose top is below the one before it.
  const lineStarts = await shown.evaluate((el) => {
    const starts: string[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getBoundingClientRect().top;
        if (lastTop !== null && top > lastTop + 2) starts.push(text);
        lastTop = top;
        text += node.textContent![i];
      }
    }
    return starts;
  });
  // It does not fit one line at 390 px; every break falls after '@' or '-', or before '.'.
  expect(lineStarts.length).toBeGreaterThan(0);
  for (const before of lineStarts) {
    const next = email[before.length];
    expect(before.endsWith('@') || before.endsWith('-') || next === '.', `break after "${before}"`).toBe(true);
  }
  // A part too long for its line is cut, not broken: the whole address is in the tooltip.
  await expect(shown).toHaveAttribute('title', email);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
