declare const EGC_VERSION: string | undefined

/** Baked in by scripts/build.ts; "dev" when run from source. */
export const VERSION: string = typeof EGC_VERSION === "string" ? EGC_VERSION : "0.1.0-dev"
