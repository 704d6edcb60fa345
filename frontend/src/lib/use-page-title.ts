import { useEffect } from 'react';

/** The browser tab and history name the screen: 'Users · Discount Manager'. */
export const usePageTitle = (title: string): void => {
  useEffect(() => {
    document.title = `${title} · Discount Manager`;
  }, [title]);
};
