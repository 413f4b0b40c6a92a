import type { Target } from "../types"
import { aider } from "./aider"
import { amazonq } from "./amazonq"
import { amp } from "./amp"
import { antigravity } from "./antigravity"
import { claudeCode } from "./claude-code"
import { cline } from "./cline"
import { codebuddy } from "./codebuddy"
import { codex } from "./codex"
import { continueDev } from "./continue"
import { copilotCli } from "./copilot-cli"
import { cursor } from "./cursor"
import { gemini } from "./gemini"
import { goose } from "./goose"
import { junie } from "./junie"
import { kiro } from "./kiro"
import { opencode } from "./opencode"
import { qwen } from "./qwen"
import { trae } from "./trae"
import { vscode } from "./vscode"
import { warp } from "./warp"
import { windsurf } from "./windsurf"
import { zed } from "./zed"

export const TARGETS: readonly Target[] = [
  claudeCode,
  codex,
  gemini,
  cursor,
  vscode,
  copilotCli,
  windsurf,
  cline,
  kiro,
  amazonq,
  qwen,
  opencode,
  zed,
  continueDev,
  goose,
  aider,
  amp,
  antigravity,
  junie,
  trae,
  codebuddy,
  warp,
]

export const targetById = (id: string): Target | undefined => TARGETS.find((t) => t.id === id)
