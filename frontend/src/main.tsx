import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPath, RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { reloadOnceOnChunkFailure, sessionStorageOrNull } from './lib/chunk-failure-reload';
import './index.css';

const router = createAppRouter();
reloadOnceOnChunkFailure({
  target: window,
  storage: sessionStorageOrNull(),
  // To the page being opened when its code failed: the address still shows the one being left.
  reload: () => {
    const opening = router.state.navigation.location;
    if (opening) window.location.assign(createPath(opening));
    else window.location.reload();
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
