import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { usePageTitle } from '@/lib/hooks/use-page-title';
import { ApiError, serverMessage } from '@/lib/http';
import { magicLinkFrom, signInWithMagicLink, withoutMagicLink, type MagicLink } from './magic-link';
import { MagicLinkView, type MagicLinkState } from './MagicLinkView';
import { t } from './messages';

/** Signs in with the link; what the page shows next (401: the link was used up or expired). */
async function verification(link: MagicLink): Promise<MagicLinkState> {
  try {
    await signInWithMagicLink(link);
    return { status: 'signed-in', email: link.email };
  } catch (error) {
    return error instanceof ApiError && error.status === 401
      ? { status: 'expired' }
      : { status: 'failed', message: serverMessage(error, t('magic.failedFallback')) };
  }
}

/**
 * /auth/magic?token=…&email=… (the link of the sign-in e-mail): takes the token and e-mail out of
 * the address bar, exchanges the token once for a customer session and confirms. Customer screens
 * are not part of the console, so this page is where the customer's visit ends.
 */
export function MagicLinkPage() {
  usePageTitle(t('magic.pageTitle'));
  const [location, navigate] = useLocation();
  const search = useSearch();
  // Read once: the address bar is cleaned right away, the link lives on in memory only.
  const [link] = useState(() => magicLinkFrom(search));
  const [state, setState] = useState<MagicLinkState>(() =>
    link ? { status: 'verifying' } : { status: 'incomplete' },
  );

  // The token is single-use: StrictMode runs this effect twice on mount, the ref (kept across
  // that re-run) makes the second run a no-op. No cleanup cancels the first run's result either.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const rest = withoutMagicLink(search);
    if (rest !== search) navigate(rest ? `${location}?${rest}` : location, { replace: true });
    if (link) void verification(link).then(setState);
  }, [link, location, navigate, search]);

  function retry() {
    if (!link) return;
    setState({ status: 'verifying' });
    void verification(link).then(setState);
  }

  return <MagicLinkView state={state} onRetry={retry} />;
}
