import { useEffect } from 'react';

const APP_NAME = 'Store back office';

/** Sets the document title to "<title> · Store back office" while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
