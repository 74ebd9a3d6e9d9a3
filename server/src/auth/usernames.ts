/** Usernames are compared as sign-in compares them: trimmed, case-insensitive. */
export const normaliseLogin = (username: string) => username.trim().toLowerCase();
