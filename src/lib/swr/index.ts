export { swrDefaults, gcCacheProvider } from './config';
