import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { readSidebarState, writeSidebarState } from './sidebar-cookie';

/** docs/product.md §2/§9: widths, the mobile breakpoint and the Ctrl/Cmd+B shortcut. */
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
const MOBILE_BREAKPOINT = 768;
const SIDEBAR_SHORTCUT = 'b';

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribeToWidth(onChange: () => void): () => void {
  const list = window.matchMedia(mobileQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True below 768px, where the sidebar becomes an off-canvas drawer. */
function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(mobileQuery).matches,
    () => false,
  );
}

export interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  /** Desktop: expanded (true) or collapsed to icons (false); kept in the cookie. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile: whether the drawer is shown. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return value;
}

export function SidebarProvider({
  children,
  defaultOpen = true,
}: {
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => readSidebarState() ?? defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarState(value);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((shown) => !shown);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.metaKey || event.ctrlKey)) {
        event.preventDefault(); // Ctrl+B is "bold"/"bookmarks" elsewhere
        toggle();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggle,
    }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}
