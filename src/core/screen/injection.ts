import { screenForm } from "./skeleton"

/**
 * Injection screens, by kind rather than by phrase. Text is first brought to its confusable
 * skeleton (NFKC, look-alike letters folded, zero-width and bidi controls gone, lower case), then
 * read for: imperative addresses to the model that cancel what it was told, role and system markers
 * of chat templates, tool-call syntax, and instructions to run commands, change settings or keep
 * things from the user. `scanInjection` refuses a write; `readsAsInstruction` (a wider net) marks
 * stored text as data when it is shown. scripts/bench/injection.ts measures both.
 */
type Rule = { kind: string; pattern: RegExp }

const W = String.raw`[^\s.!?;:\n]+` // one word
const GAP = (n: number) => String.raw`(?:\s+${W}){0,${n}}?\s+`
const CANCEL =
  "(?:ignore|ignoring|disregard|forget|override|overlook|bypass|discard|abandon|set aside|put aside|throw away|pay no (?:attention|heed|mind) to|do not (?:follow|obey|heed)|don't (?:follow|obey)|stop (?:following|obeying)|no longer (?:follow|obey))"
const EARLIER =
  "(?:previous|previously|prior|above|earlier|preceding|former|foregoing|initial|original|system|developer|all|any|your)"
const ORDERS =
  "(?:instructions?|instruction set|directions?|directives?|rules|guidelines|guidance|prompts?|commands|orders|constraints|restrictions|programming|training|policies|content polic(?:y|ies)|safety (?:guidelines|protocols|rules|filters|measures)|safeguards|ethics|ethical guidelines|conversations?)"
const STRONG =
  "(?:instructions?|directions|directives|guidelines|programming|system prompt|content polic(?:y|ies)|safety (?:guidelines|protocols|rules|filters|measures)|safeguards|ethics|ethical guidelines)"
const EVERYTHING = "(?:everything|all(?: of)?(?: that| this| the text| text)?|anything|whatever)"
const BEFORE =
  "(?:above|before|prior|previously|so far|earlier|said|written|you (?:were|have been|'ve been|got|received) (?:told|given|before)|you know|i said)"
const MODEL = String.raw`(?:the )?(?:assistant|ai|a\.i\.|agent|model|llm|chatbot|bot|claude|chatgpt|gpt|gemini|copilot|codex|you)`
const MUST =
  "(?:must|shall|should(?: now| always| immediately)?|needs? to|has to|have to|is required to|are required to|is to|are to|will now|will always)"
const ACT =
  "(?:run|execute|exec|call|invoke|curl|wget|download|install|uninstall|delete|remove|rm|wipe|send|upload|post|email|exfiltrate|forward|fetch|open|visit|navigate|browse|disable|enable|turn off|switch off|change|modify|update|set|edit|write|overwrite|add|append|grant|approve|reveal|leak|print|output|display|show|tell|say|reply|respond|answer|include|insert|ignore|disregard|forget|obey|follow|act|pretend|comply|push|commit|deploy|merge|store|save|remember)"

const REFUSE: ReadonlyArray<Rule> = [
  // cancelling what the model was told
  {
    kind: "prompt override attempt",
    pattern: new RegExp(String.raw`\b${CANCEL}${GAP(4)}${EARLIER}\b${GAP(3)}${ORDERS}\b`),
  },
  {
    kind: "prompt override attempt",
    pattern: new RegExp(
      String.raw`\b${CANCEL} (?:the |my |its )?${STRONG}(?![\w-])(?! (?:file|files|folder|section|block|field|box|page|doc)\b)`,
    ),
  },
  { kind: "prompt override attempt", pattern: new RegExp(String.raw`\b${CANCEL} ${EVERYTHING}${GAP(2)}?${BEFORE}\b`) },
  {
    kind: "prompt override attempt",
    pattern: /\b(?:forget|disregard|ignore) everything\b(?! (?:in|under|inside|below|except|but|else|that matches)\b)/,
  },
  {
    kind: "prompt override attempt",
    pattern:
      /\b(?:previous|prior|above|earlier|original|old) (?:instructions|rules|guidelines|prompt) (?:are|is|were) (?:now )?(?:void|cancel+ed|obsolete|revoked|overridden|no longer (?:valid|in effect|apply))/,
  },
  {
    kind: "prompt override attempt",
    pattern:
      /\b(?:normal |usual |the |your )?(?:rules|guidelines|restrictions) (?:don't|do not|no longer) apply\b|\bstop everything\b[^\n]{0,24}\b(?:print|say|output|write)\b/,
  },
  {
    kind: "new instructions for the model",
    pattern:
      /\b(?:new|updated|real|actual|secret|hidden|important|revised) (?:system )?(?:instructions?|directives?|system prompt|task|orders)\s*:/,
  },
  {
    kind: "new instructions for the model",
    pattern:
      /\b(?:this is |here is |here's )?your (?:new|real|actual|true) (?:system prompt|instructions?|task|role|purpose|directive)\b/,
  },
  // persona and jailbreak
  {
    kind: "persona override",
    pattern:
      /\byou are (?:now|no longer)\b(?! (?:able|allowed to (?:run|use)|ready|done|on|in the|logged|signed|set up|connected)\b)/,
  },
  {
    kind: "persona override",
    pattern:
      /\b(?:act|behave|respond|roleplay|role-play) as (?:if you (?:are|were) )?(?:an? |the )?(?:unrestricted|unfiltered|uncensored|jailbroken|evil|rogue|dan\b|different (?:ai|assistant|model))/,
  },
  { kind: "persona override", pattern: /\bpretend (?:to be|you are|you're)\b/ },
  {
    kind: "jailbreak",
    pattern:
      /\b(?:do anything now|developer mode (?:enabled|on|activated)|jailbreak(?:ed)? mode|(?:unrestricted|god|admin|debug) mode (?:enabled|on|activated|active)|dan mode)\b/,
  },
  {
    kind: "jailbreak",
    pattern:
      /\b(?:no|without any|free of all) (?:ethical |content |safety )?(?:restrictions|limitations|filters|censorship|guidelines)\b(?! (?:on|for|in) (?:the |this )?(?:api|endpoint|input|size|length|file|query))/,
  },
  { kind: "jailbreak", pattern: /\b(?:system|admin|security|safety|developer) override\b/ },
  // chat-template role and system markers
  { kind: "chat-template role marker", pattern: /<\|\s*[a-z_]{2,24}\s*\|>/ },
  {
    kind: "chat-template role marker",
    pattern:
      /\[\/?\s*(?:inst|system|sys|assistant|system override|system message|tool_calls|available_tools)\s*\]|<<\/?\s*sys\s*>>/,
  },
  {
    kind: "chat-template role marker",
    pattern:
      /<\/?\s*(?:system|system[-_ ]?(?:reminder|message|prompt|note|instructions?)|sys|assistant|human|developer|instructions?|im_start|im_end|start_of_turn|end_of_turn|hidden|admin|important[-_]instructions?)\b[^<>]{0,80}>/,
  },
  {
    kind: "chat-template role marker",
    pattern: /(?:^|\n)\s*#{1,4}\s*(?:system|instruction|instructions|human|assistant|response|developer)\s*:/,
  },
  {
    kind: "chat-template role marker",
    pattern: /(?:^|\n)\s*(?:human|user)\s*:[^\n]*\n(?:[^\n]*\n)*?\s*(?:assistant|ai|model|bot)\s*:/,
  },
  {
    kind: "chat-template role marker",
    pattern:
      /(?:^|[\n.!?"'(\]]\s*|\s)(?:system|developer|admin)(?: message| prompt| note| notice| instructions?)?\s*:\s*(?:you\b|ignore|disregard|forget|new|override|the (?:assistant|ai|model|agent|user is)|from now|always|never|do not|don't|important|admin mode|run|execute|call)/,
  },
  // tool-call syntax
  {
    kind: "tool-call syntax",
    pattern:
      /<\/?\s*(?:tool_use|tool_call|tool_calls|tool_result|tool_response|function_calls?|function_results?|invoke|parameter|antml:[a-z_]+)\b[^<>]{0,80}>/,
  },
  {
    kind: "tool-call syntax",
    pattern:
      /\{\s*"(?:tool|tool_name|name|function|function_call|recipient_name)"\s*:\s*"[^"]{1,80}"\s*,\s*"(?:arguments|args|parameters|params|input|tool_input|command|cmd)"\s*:/,
  },
  { kind: "tool-call syntax", pattern: /"(?:type)"\s*:\s*"(?:tool_use|function_call|tool_call)"/ },
  // commands and settings
  {
    kind: "instruction to the model",
    pattern: new RegExp(
      String.raw`\b(?:important|note|attention|urgent|critical|warning|notice|reminder|instruction|admin|ps|p\.s\.|nb)\s*[:!-]+\s*(?:${MODEL})\b[^.\n]{0,40}?\b${MUST}\b`,
    ),
  },
  {
    kind: "instruction to the model",
    pattern: new RegExp(
      String.raw`\b(?:the |any |all )(?:assistant|ai|agent|model|llm|chatbot|ai assistant|coding agent)s? ${MUST} (?:now |immediately |first |always |also |then |quietly |silently )?${ACT}\b`,
    ),
  },
  {
    kind: "instruction to the model",
    pattern:
      /\b(?:do not|don't|never) (?:tell|inform|mention (?:this |it )?to|reveal (?:this |it )?to|alert|notify|show (?:this |it )?to) (?:the |your )?(?:user|human|developer|operator)\b/,
  },
  {
    kind: "instruction to the model",
    pattern:
      /\bwithout (?:telling|informing|asking|notifying|alerting|the knowledge of|confirming with) (?:the |your )?(?:user|human|developer|operator)\b/,
  },
  {
    kind: "instruction to the model",
    pattern:
      /\b(?:reveal|repeat|print|output|leak|show|display|disclose|spell check|translate) (?:me )?(?:your|the) (?:entire |full |whole |original |initial |hidden |secret )?(?:system prompt|initial prompt|original prompt|hidden instructions|previous instructions|instructions above|prompt above)\b/,
  },
  {
    kind: "remote shell execution",
    pattern:
      /\b(?:curl|wget|fetch|iwr|invoke-webrequest)\b[^|;\n]*\|\s*(?:sudo\s+)?(?:ba|z|da|k|fi)?sh\b|\b(?:ba|z)?sh\s+(?:-c\s+)?["']?\$\((?:curl|wget)|\b(?:ba|z)?sh\s+<\(\s*(?:curl|wget)|\biex\s*\(?\s*(?:iwr|invoke-webrequest|\(?new-object)/,
  },
  { kind: "remote shell execution", pattern: /\bwget\b[^\n]*https?:\/\/\S+[^\n]*(?:-o\s*-\s*\||>\s*\/)/ },
  {
    kind: "code execution payload",
    pattern: /require\(\s*["'`]child_process["'`]\s*\)|\b(?:execsync|exec|spawn|eval)\(\s*["'`]|process\.mainmodule/,
  },
  {
    kind: "credential payload",
    pattern: />>?\s*~?[\w/.]*authorized_keys\b|\b(?:cat|cp|curl|scp|nc)\b[^\n]*\/etc\/shadow\b/,
  },
]

// shown as data, not refused: imperatives to "you", standing orders, commands to run, settings to change
const FLAG: ReadonlyArray<Rule> = [
  { kind: "addresses the model", pattern: /\byou (?:must|should|shall|need to|are to|will|have to|are required to)\b/ },
  {
    kind: "addresses the model",
    pattern: /\b(?:as an ai|as a language model|dear (?:ai|assistant|model|agent|claude))\b/,
  },
  {
    kind: "standing order",
    pattern: /\bfrom now on\b,? (?:you|act|respond|answer|behave|always|never|only|ignore|pretend|your)\b/,
  },
  {
    kind: "standing order",
    pattern: /\b(?:always|never) (?:run|execute|call|use|tell|ask|mention|reply|respond|say)\b/,
  },
  {
    kind: "command to run",
    pattern:
      /\b(?:run|execute) (?:the following|this|these) (?:commands?|scripts?|code|steps)\b|\b(?:run|execute) the following\b/,
  },
  {
    kind: "settings change",
    pattern:
      /\b(?:disable|turn off|switch off|bypass|skip) (?:the |all |any )?(?:guard|safety|sandbox|approvals?|permission (?:prompts?|checks?)|confirmations?|review|hooks?)\b|dangerously-skip-permissions|--no-verify\b|\bauto-?approve\b/,
  },
  {
    kind: "settings change",
    pattern:
      /\b(?:add|write|put|set)\b[^.\n]{0,40}\b(?:settings\.json|\.claude\/|\.egc\/|allow ?list|allowlist|permissions? allow)/,
  },
  { kind: "role marker", pattern: /(?:^|\n)\s*(?:system|assistant|human|ai)\s*:/ },
  { kind: "tool-call syntax", pattern: /\{\s*"(?:tool|tool_name|function_call)"\s*:/ },
]

/** The first kind of injection found in the text, or undefined. */
export function scanInjection(text: string): string | undefined {
  const form = screenForm(text)
  for (const { kind, pattern } of REFUSE) if (pattern.test(form)) return kind
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

/** Why stored text reads as an instruction (refusal kinds first), or undefined. */
export function instructionKind(text: string): string | undefined {
  const form = screenForm(text)
  for (const { kind, pattern } of REFUSE) if (pattern.test(form)) return kind
  for (const { kind, pattern } of FLAG) if (pattern.test(form)) return kind
  return undefined
}

export function readsAsInstruction(text: string): boolean {
  return instructionKind(text) !== undefined
}
