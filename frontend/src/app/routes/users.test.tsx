import type { PermissionLevel, UserPermissionRow } from '@dm/events/http';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { renderApp, userAt } from '@/testing/render-app';
import { optionsOf, selectOption } from '@/testing/select-option';

const aRow = (overrides: Partial<UserPermissionRow> = {}): UserPermissionRow => ({
  id: 'u1:1',
  slackUserId: 'u1',
  email: 'ann@x.test',
  displayName: 'Ann Lee',
  username: 'ann',
  profileImage: null,
  permissionLevel: 'user',
  authType: 'replit',
  brandId: 1,
  brandName: 'Aurora',
  isProtected: false,
  ...overrides,
});
const brands = [
  { id: 1, name: 'Aurora' },
  { id: 2, name: 'Borealis' },
];

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let rows: UserPermissionRow[];
let failWith: { status: number; message: string } | null;
let permissionsAnswer: (() => Response | Promise<Response>) | null;

beforeEach(() => {
  calls = [];
  failWith = null;
  permissionsAnswer = null;
  resetToasts();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(73);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (method !== 'GET' && failWith)
        return new Response(JSON.stringify({ message: failWith.message }), { status: failWith.status });
      if (url === '/api/permissions' && method === 'GET') {
        const answer = permissionsAnswer;
        permissionsAnswer = null;
        return answer ? answer() : Response.json(rows);
      }
      if (url === '/api/user/brands') return Response.json(brands);
      if (method === 'POST')
        return Response.json(
          { slackUserId: 'n', email: 'new@x.test', permissionLevel: 'user', brandIds: [1, 2] },
          { status: 201 },
        );
      if (method === 'PUT')
        return Response.json({ slackUserId: 'u1', email: 'ann@x.test', permissionLevel: 'user', brandIds: [1, 2] });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = async (level: PermissionLevel) => {
  renderApp('/users', userAt(level));
  expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
};
const rowOf = async (name: string) => (await screen.findByText(name)).closest('[role="listitem"]') as HTMLElement;

describe('The users list', () => {
  it('should show one row per person with all their brands, and no badge that every row repeats', async () => {
    rows = [
      aRow(),
      aRow({ id: 'u1:2', brandId: 2, brandName: 'Borealis' }),
      aRow({ id: 'u4:1', slackUserId: 'u4', email: 'new@x.test', displayName: null, username: null }),
    ];
    await open('admin');
    expect(await screen.findAllByText('Ann Lee')).toHaveLength(1);
    const ann = await rowOf('Ann Lee');
    expect(within(ann).getByLabelText('Brands: Aurora, Borealis')).toHaveTextContent('Aurora · Borealis');
    expect(within(ann).queryByText('Web User')).not.toBeInTheDocument();
    const newcomer = await rowOf('new@x.test');
    expect(within(newcomer).getAllByText(/new@x\.test/)).toHaveLength(1);
    expect(within(newcomer).getByText('Not signed in yet: the name comes with the first sign-in')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('should show name fallbacks, contact, level, brand and the Protected badge', async () => {
    rows = [
      aRow(),
      aRow({
        id: 'u2:1',
        slackUserId: 'u2',
        displayName: null,
        username: null,
        email: null,
        authType: 'slack',
        permissionLevel: 'manager',
      }),
      aRow({
        id: 'u3:2',
        slackUserId: 'u3',
        displayName: 'Sam',
        email: 'super@x.test',
        permissionLevel: 'super_admin',
        brandId: 2,
        brandName: 'Borealis',
        isProtected: true,
      }),
    ];
    await open('admin');
    const ann = await rowOf('Ann Lee');
    expect(within(ann).getByText('ann@x.test')).toBeInTheDocument();
    expect(within(ann).getByText('User')).toBeInTheDocument();
    expect(within(ann).getByText('Aurora')).toBeInTheDocument();
    const unknown = await rowOf('Unknown User');
    expect(within(unknown).getByText(/Not signed in yet/)).toBeInTheDocument();
    const sam = await rowOf('Sam');
    expect(within(sam).getByText('Protected')).toBeInTheDocument();
    expect(within(sam).queryByRole('button', { name: /Edit Role/ })).not.toBeInTheDocument();
    expect(screen.getByText('Super admin (Level 4)')).toBeInTheDocument();
    // The legend says what the policy table lets each role open: Stores for super admins only.
    expect(screen.getByTestId('legend-admin')).not.toHaveTextContent('Stores');
    expect(screen.getByTestId('legend-super_admin')).toHaveTextContent('Users, Stores, Code Sync');
  });

  it('should show the empty state and name the page', async () => {
    rows = [];
    await open('manager');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(document.title).toBe('Users · Discount Manager');
  });

  it('should show skeleton rows while the list loads', async () => {
    rows = [aRow()];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    permissionsAnswer = () => gate.then(() => Response.json(rows));
    await open('admin');
    expect(await screen.findByRole('status', { name: 'Loading users' })).toBeInTheDocument();
    expect(screen.queryByText('No users found')).not.toBeInTheDocument();
    act(() => release());
    expect(await rowOf('Ann Lee')).toBeInTheDocument();
  });

  it('should say what failed, and load again on Retry', async () => {
    rows = [aRow()];
    permissionsAnswer = () => new Response(null, { status: 503, statusText: 'Service Unavailable' });
    await open('admin');
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Could not load the users');
    expect(failure).toHaveTextContent('The server could not answer (HTTP 503).');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Ann Lee')).toBeInTheDocument();
  });

  it('should hide edit on rows at or above a manager and offer a manager only the User role', async () => {
    rows = [aRow(), aRow({ id: 'm:1', slackUserId: 'm', displayName: 'Max', permissionLevel: 'manager' })];
    await open('manager');
    expect(within(await rowOf('Max')).queryByRole('button', { name: /Edit Role/ })).not.toBeInTheDocument();
    expect(within(await rowOf('Ann Lee')).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await userEvent.click(within(await rowOf('Ann Lee')).getByRole('button', { name: /Edit Role/ }));
    expect(await optionsOf('Role', await rowOf('Ann Lee'))).toEqual(['User']);
  });

  it('should render only a window of 2,000 rows', async () => {
    rows = Array.from({ length: 2_000 }, (_, i) =>
      aRow({ id: `p${i}:1`, slackUserId: `p${i}`, displayName: `Person ${i}` }),
    );
    await open('admin');
    await screen.findByText('Person 0');
    expect(screen.getAllByRole('listitem').length).toBeLessThan(100);
  });
});

describe('Editing a role', () => {
  it('should send the role and every chosen brand, then name the change', async () => {
    rows = [aRow()];
    await open('admin');
    await userEvent.click(within(await rowOf('Ann Lee')).getByRole('button', { name: /Edit Role/ }));
    await selectOption('Role', 'Manager', await rowOf('Ann Lee'));
    const row = await rowOf('Ann Lee');
    await userEvent.click(within(row).getByRole('checkbox', { name: 'Borealis' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permission updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Ann Lee is now User for 2 brands')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/api/permissions/u1',
      body: { permissionLevel: 'manager', brandIds: [1, 2] },
    });
  });

  it("should show the server's refusal of a level at the role", async () => {
    rows = [aRow()];
    failWith = { status: 403, message: 'A manager cannot grant the manager level.' };
    await open('admin');
    await userEvent.click(within(await rowOf('Ann Lee')).getByRole('button', { name: /Edit Role/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const role = within(await rowOf('Ann Lee')).getByLabelText('Role');
    await waitFor(() => expect(role).toHaveAccessibleDescription('A manager cannot grant the manager level.'));
    expect(screen.queryByText('Failed to update permission')).not.toBeInTheDocument();
  });

  it('should ask for a brand at the checkboxes when none is left', async () => {
    rows = [aRow()];
    await open('admin');
    await userEvent.click(within(await rowOf('Ann Lee')).getByRole('button', { name: /Edit Role/ }));
    await userEvent.click(within(await rowOf('Ann Lee')).getByRole('checkbox', { name: 'Aurora' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(await rowOf('Ann Lee')).findByText('Please select at least one brand')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('Deleting a user', () => {
  it('should say it removes the person from every brand, not one brand, then remove and toast', async () => {
    rows = [aRow(), aRow({ id: 'u1:2', brandId: 2, brandName: 'Borealis' })];
    await open('admin');
    await userEvent.click(within(await rowOf('Ann Lee')).getByRole('button', { name: 'Remove Ann Lee' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ann Lee?' });
    expect(dialog).toHaveTextContent(
      'Ann Lee loses all access to Discount Manager, for every brand (Aurora and Borealis). This cannot be undone; they can be added again later. To take away one brand only, use Edit Role instead.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove person' }));
    expect(await screen.findByText('User removed')).toBeInTheDocument();
    expect(screen.getByText('Ann Lee no longer has access to any brand')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/permissions/u1', body: undefined });
  });
});

describe('Adding a user', () => {
  const openDialog = async (level: PermissionLevel) => {
    rows = [];
    await open(level);
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    return screen.findByRole('dialog', { name: 'Add User' });
  };

  it('should mark a missing email and missing brands at their fields, with no toast', async () => {
    const dialog = await openDialog('admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter an email address.'));
    expect(email).toHaveFocus();
    expect(within(dialog).getByText('Please select at least one brand')).toBeInTheDocument();
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address.'));
    expect(document.querySelectorAll('[data-slot="toast"]')).toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('should offer an admin User and Manager and send every chosen brand', async () => {
    const dialog = await openDialog('admin');
    expect(await optionsOf('Role', dialog)).toEqual(['User', 'Manager']);
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new@x.test');
    await selectOption('Role', 'Manager', dialog);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Aurora' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Borealis' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('User added successfully')).toBeInTheDocument();
    expect(screen.getByText('new@x.test can now sign in as User')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/permissions',
      body: { email: 'new@x.test', permissionLevel: 'manager', brandIds: [1, 2] },
    });
  });

  it("should show the server's 409 for a person who already has access at the email", async () => {
    failWith = { status: 409, message: 'new@x.test already has access. Edit their permission instead.' };
    const dialog = await openDialog('manager');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new@x.test');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Aurora' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('new@x.test already has access. Edit their permission instead.'),
    );
    expect(email).toHaveFocus();
    expect(screen.queryByText('Failed to add user')).not.toBeInTheDocument();
  });

  it("should toast 'Failed to add user' with the server message when no field is at fault", async () => {
    failWith = { status: 503, message: 'Something went wrong on our side.' };
    const dialog = await openDialog('manager');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new@x.test');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Aurora' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Failed to add user')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
  });
});
