export function diffDirs(a: string, b: string): string[];
