/** The compiled server: dist-server/main.mjs. */
export const SERVER_BUNDLE: string;
export function serverBundleIsStale(): boolean;
export function buildServer(): Promise<void>;
