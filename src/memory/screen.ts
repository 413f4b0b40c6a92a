/**
 * The memory faculty's text screens, for other faculties that store or show text from agents (the
 * mesh's messages): the same cleaning, secret redaction and injection scan as the write layer.
 * Cheap to import (no zod, no MiniSearch), unlike src/memory/index.ts.
 */
export { redactSecrets } from "./_redact"
export { readsAsInstruction, scanInjection } from "./_scan"
export { cleanText } from "./_text"
export { skeleton, skeletonWithMap } from "./_skeleton"
