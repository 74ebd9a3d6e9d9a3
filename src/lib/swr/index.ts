export { swrDefaults, gcCacheProvider } from './config';
export { CACHE_GC_MS, GcCache, retainKeys } from './gc-cache';
