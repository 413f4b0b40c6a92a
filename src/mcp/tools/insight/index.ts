import compressObservations from "./compress-observations"
import detectPatterns from "./detect-patterns"

export const insightTools = [detectPatterns, compressObservations]
