import type { ToolDef } from "../../tool"
import { getState } from "./get-state"
import { lessonRecall } from "./lesson-recall"
import { lessonReinforce } from "./lesson-reinforce"
import { lessonSave } from "./lesson-save"
import { memoryCommit } from "./memory-commit"
import { memoryConflicts } from "./memory-conflicts"
import { memoryConsent } from "./memory-consent"
import { memoryForget } from "./memory-forget"
import { memoryHistory } from "./memory-history"
import { memoryPropose } from "./memory-propose"
import { memoryRecall } from "./memory-recall"
import { memoryReview } from "./memory-review"
import { queryHistory } from "./query-history"
import { searchHistory } from "./search-history"
import { storeDecision } from "./store-decision"
import { updateState } from "./update-state"
import { workingMemoryGet } from "./working-memory-get"
import { workingMemoryList } from "./working-memory-list"
import { workingMemorySet } from "./working-memory-set"

export const memoryTools = [
  getState,
  updateState,
  storeDecision,
  searchHistory,
  queryHistory,
  lessonSave,
  lessonRecall,
  lessonReinforce,
  workingMemorySet,
  workingMemoryGet,
  workingMemoryList,
  memoryRecall,
  memoryPropose,
  memoryCommit,
  memoryForget,
  memoryConsent,
  memoryReview,
  memoryConflicts,
  memoryHistory,
] as unknown as ToolDef[]
