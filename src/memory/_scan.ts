import { foldText } from "./_text"

/**
 * Injection screens. `scanInjection` refuses a write; `readsAsInstruction` marks stored text as
 * data when it is presented. Both run on folded text (NFKC, lower case, invisibles removed), so
 * look-alike letters and zero-width splits do not hide a phrase.
 */
const INJECTION: ReadonlyArray<{ reason: string; pattern: RegExp }> = [
  { reason: "prompt override attempt", pattern: /\b(ignore|disregard|forget|override)\b (all |any |the )?(previous|prior|above|earlier|preceding|your|system) (instructions?|prompts?|rules|guidelines|context)/ },
  { reason: "system prompt injection", pattern: /\bsystem\s*:\s*(override|instruction|prompt|new)/ },
  { reason: "role tag injection", pattern: /\[\s*(system|inst|assistant)\s*\]|<\/?\s*(system|instructions?|assistant)\s*>|<\|im_(start|end)\|>/ },
  { reason: "persona override attempt", pattern: /\byou are now (a |an )?(different|new|another|unrestricted|jailbroken)\b/ },
  { reason: "instruction injection", pattern: /\bnew (system )?instructions?\s*:/ },
  { reason: "secrecy instruction", pattern: /\bdo not (tell|inform|mention (this )?to) the user\b/ },
  { reason: "remote shell execution payload", pattern: /\b(curl|wget)\b[^|;\n]*https?:\/\/[^|;\n]*\|\s*(sudo\s+)?(ba|z|da|k)?sh\b/ },
  { reason: "remote download payload", pattern: /\bwget\b[^\n]*https?:\/\/\S+[^\n]*(-O\s*-\s*\||>\s*\/)/ },
  { reason: "child process injection", pattern: /require\(\s*["'`]child_process["'`]\s*\)|\b(execsync|exec|spawn|eval)\(\s*["'`]/ },
  { reason: "module escape", pattern: /process\.mainmodule/ },
  { reason: "ssh key payload", pattern: />>?\s*~?[\w/.]*authorized_keys\b/ },
  { reason: "sensitive file payload", pattern: /\b(cat|cp|curl|scp|nc)\b[^\n]*\/etc\/shadow\b/ },
]

/** First injection pattern found in the text, or undefined. */
const ASCII = /^[\x00-\x7f]*$/

/** ASCII text only needs case and whitespace folding; anything else gets the full Unicode fold. */
function fold(text: string): string {
  return ASCII.test(text) ? text.toLowerCase().replace(/[\x00-\x1f\x7f\s]+/g, " ").trim() : foldText(text)
}

export function scanInjection(text: string): string | undefined {
  const folded = fold(text)
  for (const { reason, pattern } of INJECTION) if (pattern.test(folded)) return reason
  return undefined
}

/**
 * Scan each field alone and all of them read together (a phrase split across title and body is
 * still one phrase to the model that reads them). Returns "<field>: <reason>" or undefined.
 */
export function scanFields(fields: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(fields)) {
    const reason = scanInjection(value)
    if (reason) return `${name}: ${reason}`
  }
  const joined = scanInjection(Object.values(fields).join(" "))
  return joined ? `fields read together: ${joined}` : undefined
}

const INSTRUCTION_LIKE = /\b(you (must|should|shall|need to|are to|will)|from now on|as an ai|always (run|execute|call|use)|never (tell|ask|mention)|run the following|execute the following|assistant\s*:|system\s*:)/

export function readsAsInstruction(text: string): boolean {
  return scanInjection(text) !== undefined || INSTRUCTION_LIKE.test(fold(text))
}
