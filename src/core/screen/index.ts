/**
 * Text screens for anything an agent wrote that egc stores or shows: cleaning, the one secret
 * redactor, the injection scan on a confusable-folded skeleton. Memory's write layer and reader,
 * the mesh and the hooks' frame use them. Cheap to import: no zod, no search index.
 */
export { redactSecrets } from "../secrets"
export { instructionKind, readsAsInstruction, scanFields, scanInjection } from "./injection"
export { screenForm, skeleton, skeletonWithMap } from "./skeleton"
export { cleanText, estimateTokens, foldText, normalEntity } from "./text"
