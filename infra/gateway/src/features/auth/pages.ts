import { htmlPage } from '../../shared/html-page';

export const noAccessPage = () =>
  htmlPage(
    'No access — ask an administrator',
    [
      'You signed in, but your account has no permission for Discount Manager yet.',
      'Ask an administrator to add your email address with the level and brands you need, then sign in again.',
    ],
    { href: '/', label: 'Back to the start page' },
  );

export const signInFailedPage = (reason: string) =>
  htmlPage('Sign-in did not work', [reason, 'Nothing was changed. You can start the sign-in again.'], {
    href: '/api/login',
    label: 'Try again',
  });

export const providerUnreachablePage = () =>
  htmlPage(
    'Sign-in is not available right now',
    ['The identity provider did not answer. Wait a moment and try again.'],
    {
      href: '/api/login',
      label: 'Try again',
    },
  );
