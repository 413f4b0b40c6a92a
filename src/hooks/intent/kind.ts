import type { MinedKind } from "../ports"

/**
 * Which state section a remembered sentence belongs to, so it shows up at the next session start
 * (the state view has Decisions, Avoid and Preferences), and the title it is listed under.
 * A prohibition ("never force-push", "don't use…") is avoid; a choice stated against an
 * alternative ("we use pnpm, not npm", "X instead of Y") is a preference, not an avoid; "prefer",
 * "always", "from now on" mean preference; anything else is a decision the person stated.
 */
const AVOID =
  /\b(don'?t|do not|never|avoid|stop)\b|\bnão |\bnunca\b|^no |\bno (uses|hagas|utilices|uses|pongas|hagas)\b|\bne [^ ]+ (pas|jamais)\b|\bjamais\b|\bn'[^ ]+ (pas|jamais)\b|\bévite|\bnicht\b|\bniemals\b|\bnie\b|\bkein(e|en)?\b|\bnon |\bmai\b|\bevita|\basla\b|\b(yapma|kullanma|itme|gönderme|silme)\b|(^|\s)не |никогда|不要|别|禁止|永远不|しないで|しない|禁止|하지 ?마|하지 ?말|말 것|금지|मत |कभी नहीं|لا ت|أبدا|ابدا/i
/** A choice against an alternative: the negation names what was not chosen. */
const CONTRAST =
  /,\s*(not|não|no|pas|nicht|non|а не|не)\s|\binstead of\b|\brather than\b|\bem vez de\b|\ben (lugar|vez) de\b|\bau lieu d|\bplutôt que\b|\b(an)?statt\b|\binvece d|\byerine\b|вместо|ではなく|じゃなく|而不是|不用|말고|대신|के बजाय|बल्कि|بدلا من|وليس/i
const PREFER =
  /\b(prefer|always|from now on|going forward|by default)\b|prefir|prefier|préf|bevorzug|\bimmer\b|\bab jetzt\b|von nun an|\bkünftig\b|a partir de agora|a partir de ahora|sempre|siempre|toujours|désormais|à partir de maintenant|d'ora in poi|da ora in poi|de ahora en adelante|de agora em diante|daqui (em|para) diante|her zaman|bundan sonra|artık|всегда|предпоч|отныне|впредь|с этого момента|bundan böyle|теперь всегда|总是|一律|以后|从现在开始|今後|これからは|常に|항상|앞으로|이제부터|हमेशा|अब से|आगे से|دائما|من الآن/i

/** `text` is what to remember; `prompt` the whole prompt, whose trigger ("from now on …") also counts. */
export function rememberKind(text: string, prompt = text): MinedKind {
  const contrast = CONTRAST.test(text)
  if (AVOID.test(text) && !contrast) return "avoid"
  if (contrast || PREFER.test(prompt)) return "preference"
  return "decision"
}

const LEAD =
  /^(?:that|to|de que|que|qu'|dass|das:|che|şunu\s*:|ileride başvurmak için\s*:|что|कि|أن|أننا|نا|一下\s*[,，、]?)\s*/i
const TAIL = /\s*(?:ことを|ことも|だと|って|と|を|ください|ね|よ|(?:이)?라는 [걸거]|는 [걸거]|, यह|यह)\s*$/u
/** Clause ends: ASCII punctuation only when a space or the end follows (keeps ops/deploy.sh whole). */
const CLAUSE = /[,;:.!?](?=\s|$)|\s[—–-]\s|[，。；：！？、،؛]/u
const TITLE_MAX = 80

/** A readable title for a captured sentence: its first clause, without leftover trigger words. */
export function captureTitle(text: string): string {
  let t = (text.split("\n").find((l) => l.trim()) ?? "").trim()
  for (let i = 0; i < 3; i++) t = t.replace(LEAD, "").replace(TAIL, "").replace(/다고$/u, "다").trim()
  const cut = CLAUSE.exec(t)
  if (cut && cut.index > 0) {
    const head = t.slice(0, cut.index).trim()
    // a one-word clause ("Note: …") says nothing; keep going to the next one
    if (head.split(/\s+/).length >= 2 || /[^\x00-\x7f]{3,}/.test(head)) t = head
  }
  const wide = /[\u3000-\u9fff\uac00-\ud7af]/.test(t)
  const max = wide ? TITLE_MAX / 2 : TITLE_MAX
  if (t.length > max) {
    const slice = t.slice(0, max - 1)
    const space = slice.lastIndexOf(" ")
    t = `${space > max / 2 ? slice.slice(0, space) : slice}…`
  }
  if (!t) return text.trim().slice(0, TITLE_MAX)
  // a sentence starts with a capital; a lower-case identifier before other script ("main 브랜치") does not
  return /^\p{Ll}+\s/u.test(t) &&
    !/^\p{Ll}+\s(?=\p{L})(?![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}])/u.test(t)
    ? `${t.charAt(0).toLocaleUpperCase()}${t.slice(1)}`
    : t
}
