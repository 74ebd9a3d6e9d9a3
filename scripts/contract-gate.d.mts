export interface ContractChange {
  type: 'breaking' | 'non-breaking' | 'annotation' | 'unclassified' | 'deprecated';
  action: string;
  path: string;
  /** `POST /api/v1/...` for a change under paths, else empty. */
  operation: string;
  description: string;
}
type Doc = { info?: { version?: string } } & Record<string, unknown>;
export const RELEASED: string;
export const CURRENT: string;
export const CHANGELOG: string;
export function parseVersion(text: unknown): [number, number, number] | null;
export function contractChanges(before: Doc, after: Doc): ContractChange[];
export function gateProblem(before: Doc, after: Doc, changes?: ContractChange[]): string | null;
export function changelogSection(version: string, day: string, changes: ContractChange[]): string;
export function withSection(changelog: string, section: string): string;
