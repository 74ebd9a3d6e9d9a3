/** Empties visual-report/ under `root` before a run. */
export function clearVisualReport(root: string): void;
/** Writes visual-report/index.html under `root` when a run left differences; returns how many. */
export function writeVisualReport(root: string): number;
export const REPORT_DIR: string;
