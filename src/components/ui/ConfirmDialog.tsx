import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogContent';

export type { ConfirmDialogProps };

// Chakra's dialog (focus trap, scroll lock…) is loaded when a dialog first opens: the unsaved-
// changes guard has one on every page, which most visits never open. With Chakra's provider: the
// guard's dialog sits above the pages, the sign-in page's included.
const Content = lazy(async () => {
  const [{ ConfirmDialogContent }, { withChakraScope }] = await Promise.all([
    import('./ConfirmDialogContent'),
    import('./chakra-scope'),
  ]);
  return { default: withChakraScope(ConfirmDialogContent) };
});

/**
 * The one confirmation dialog (Cancel / Delete by default): deletions, leaving unsaved changes.
 * Escape and a click outside cancel, unless a confirmation is under way.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  // Once opened it stays rendered, so that it can play its closing animation.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}
