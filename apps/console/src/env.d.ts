// Build-time settings the console reads (Vite replaces them; see README).
interface ImportMetaEnv {
  /** `kratos` (default) or `hosted`. */
  readonly VITE_OPSDECK_AUTH?: string;
  /** The hosted service's publishable key; required when VITE_OPSDECK_AUTH=hosted. */
  readonly VITE_CLERK_PUBLISHABLE_KEY?: string;
  readonly VITE_OPSDECK_DOCS_URL?: string;
}
