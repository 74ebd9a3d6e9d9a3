import { lazy, Suspense, useEffect, useState } from 'react';

// cmdk and the searches load on the first Ctrl+K, not with the console.
const PaletteDialog = lazy(() =>
  import('./PaletteDialog').then((module) => ({ default: module.PaletteDialog })),
);

/** Ctrl+K or ⌘K (the K key whatever the keyboard's layout) toggles the palette. */
function isShortcut(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    (event.code === 'KeyK' || event.key.toLowerCase() === 'k')
  );
}

/** The command palette of every admin screen (mounted by the admin layout), closed until Ctrl+K. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setOpen((wasOpen) => !wasOpen);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PaletteDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
