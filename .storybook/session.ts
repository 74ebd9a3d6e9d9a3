import type { AdminMe, AdminUser, UserType } from '@generated/model';
import { toaster } from '@/components/ui/toaster';
import { SIDEBAR_COOKIE } from '@/components/layout/sidebar-cookie';
import { logout, setCredentials, setUser } from '@/lib/auth/store';
import { httpClient } from '@/lib/http/client';
import { contractViolations } from '@mocks/contract';
import { meOf } from '@mocks/fixtures';
import { resetMockState } from '@mocks/handlers';
import { mockAdminToken } from '@mocks/handlers/access';
import { requests, tagStoryRuns } from '@mocks/recorder';
import { cache, SWRGlobalState } from 'swr/_internal';

/** `parameters.auth`: who is signed in when the story starts (absent: nobody). */
export interface StoryAuth {
  userType: UserType;
  /**
   * Access token; the refresh token is derived from it. By default an admin `user`'s role is in
   * it (mockAdminToken), so the mocks refuse what the server would refuse that role.
   */
  token?: string;
  /**
   * The loaded user; without it the guard loads /admin/auth/me first, like a restored session.
   * A plain AdminUser becomes what /me answers for it (meOf: its role's permissions).
   */
  user?: AdminUser | AdminMe | null;
}

/**
 * What the toaster's store was told since the story began, for expectToast's failure message: a
 * toast missing from the page is then told apart from one never created (a rare miss on a loaded
 * machine is read from CI's log, not reproduced).
 */
const toastLog: string[] = [];
toaster.subscribe((event: { id: string; dismiss?: boolean; title?: string; message?: string }) => {
  const what = event.dismiss ? 'dismiss' : (event.message ?? 'show');
  toastLog.push(`${Math.round(performance.now())} ms ${what} ${event.id} ${event.title ?? ''}`);
});
Object.assign(window, {
  storyToasts: () => ({
    log: [...toastLog],
    visible: toaster.getVisibleToasts().length,
  }),
});

// Each request says which story run sent it: one the previous story sent late is neither recorded
// as this story's nor settled in it (mocks/recorder.ts).
tagStoryRuns(httpClient);

/** Resets everything a previous story may have left, then signs in as `auth` says. */
export function prepareStory(
  auth: StoryAuth | undefined,
  cookies: Record<string, string> | undefined,
): void {
  logout(); // clears the store and the three localStorage keys
  forgetPreloads();
  toaster.remove();
  toastLog.length = 0;
  requests.clear();
  resetMockState(); // a setting up or passkey challenge a previous story started
  contractViolations.take(); // a previous story's are reported by the test runner already
  document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`;
  for (const [name, value] of Object.entries(cookies ?? {}))
    document.cookie = `${name}=${value}; path=/`;
  if (auth) {
    const role = auth.userType === 'admin' && auth.user ? auth.user.role : undefined;
    const token =
      auth.token ?? (role && role !== 'super_admin' ? mockAdminToken(role) : 'story-access-token');
    setCredentials({
      access_token: token,
      refresh_token: `${token}-refresh-0123456789`,
      userType: auth.userType,
    });
    if (auth.user) setUser('permissions' in auth.user ? auth.user : meOf(auth.user));
  }
}

/**
 * Drops the requests SWR's `preload` started that no hook took (src/app/admin-start.ts). A page
 * load starts with none; stories share one page, and a request preloaded by a story that ended
 * first (one that never answers, say) would be handed to the next story's hook.
 */
function forgetPreloads(): void {
  const preloads = SWRGlobalState.get(cache)?.[3];
  for (const key of Object.keys(preloads ?? {})) delete preloads?.[key];
}
