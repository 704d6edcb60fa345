import base from './playwright.config';

// The screenshot walk (issue 25): every screen as every demo account at both sizes, into SHOTS_DIR. Not a journey:
// it asserts only that each screen rendered, so it lives outside the journeys' file pattern.
export default { ...base, testMatch: '**/*.shots.ts', timeout: 600_000 };
