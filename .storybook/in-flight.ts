/**
 * Where preview.tsx keeps the set of API requests the mock worker has not answered yet, read by
 * the test runner (visual.ts) through the page. A file of its own: the runner's Node side cannot
 * import preview.tsx (it pulls in the browser's MSW).
 */
export const IN_FLIGHT_KEY = '__storyRequestsInFlight';
