import { useEffect } from 'react';
import { productName } from './glossary';

/** The browser tab and history name the screen: 'Users · Discount Manager'. */
export const usePageTitle = (title: string): void => {
  useEffect(() => {
    document.title = `${title} · ${productName}`;
  }, [title]);
};
