import { useEffect } from 'react';
import { t } from './messages';

/** The console's name, in the active language: the sidebar's brand and every document title. */
export const appName = () => t('appName');

/** Sets the document title to "<title> · Store back office" while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${appName()}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
