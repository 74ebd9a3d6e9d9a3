// The build-time variables the console reads (vite/client types the rest of import.meta.env).
interface ImportMetaEnv {
  /** The API's origin when it is not the console's own (e.g. http://localhost:8000). */
  readonly VITE_API_BASE_URL?: string;
  /** '1': the API is answered in the browser by MSW (`npm run dev:mock`). */
  readonly VITE_MOCK?: string;
}
