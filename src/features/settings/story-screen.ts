import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { SettingsPage } from './SettingsPage';

/**
 * Stories only: the settings screen of /admin/settings in the admin layout, signed in as an admin,
 * for the one-line metas of the story files about its sections (a function: no two files share
 * one object).
 */
export const settingsScreen = () => adminScreenMeta(SettingsPage, paths.settings);
