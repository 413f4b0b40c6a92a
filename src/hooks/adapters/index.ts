import type { Adapter, HookTool } from "../types"
import { amazonq } from "./amazonq"
import { claudeCode } from "./claude-code"
import { cline } from "./cline"
import { codex } from "./codex"
import { copilot } from "./copilot"
import { cursor } from "./cursor"
import { gemini } from "./gemini"
import { kiro } from "./kiro"
import { opencode } from "./opencode"
import { qwen } from "./qwen"
import { windsurf } from "./windsurf"

/** Adapters are a few hundred bytes each: loading all of them costs less than a lookup table of imports. */
export const ADAPTERS: Record<HookTool, Adapter> = {
  "claude-code": claudeCode,
  codex,
  gemini,
  cursor,
  copilot,
  windsurf,
  cline,
  kiro,
  amazonq,
  qwen,
  opencode,
}

export { openCodePluginSource, OPENCODE_PLUGIN_FILE } from "./opencode-plugin"
