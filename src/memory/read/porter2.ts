import { own } from "../../core/own"

/**
 * The Porter2 ("English") stemmer of the Snowball project (Martin Porter, BSD), written from its
 * published description: "migrations", "migrating" and "migrated" meet at "migrat", "batching" and
 * "batches" at "batch". Pure and allocation-light; the index and the query run every word through it.
 */
const VOWEL = /[aeiouy]/
const isVowel = (c: string | undefined) => c !== undefined && VOWEL.test(c)
const DOUBLE = new Set(["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"])
const LI_END = new Set([..."cdeghkmnrt"])
const EXCEPTIONS: Record<string, string> = {
  skis: "ski",
  skies: "sky",
  dying: "die",
  lying: "lie",
  tying: "tie",
  idly: "idl",
  gently: "gentl",
  ugly: "ugli",
  early: "earli",
  only: "onli",
  singly: "singl",
  sky: "sky",
  news: "news",
  howe: "howe",
  atlas: "atlas",
  cosmos: "cosmos",
  bias: "bias",
  andes: "andes",
}
const AFTER_1A = new Set(["inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"])

function regionAfter(w: string, start: number): number {
  for (let i = start + 1; i < w.length; i++) if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1
  return w.length
}

function regions(w: string): [number, number] {
  const special = /^(gener|commun|arsen)/.exec(w)
  const r1 = special ? special[0].length : regionAfter(w, 0)
  return [r1, regionAfter(w, r1)]
}

function shortSyllableAt(w: string, end: number): boolean {
  // the syllable ending at index end-1
  const a = w[end - 3]
  const b = w[end - 2]
  const c = w[end - 1]
  if (end === 2) return isVowel(b) && c !== undefined && !isVowel(c)
  return a !== undefined && !isVowel(a) && isVowel(b) && c !== undefined && !isVowel(c) && !"wxY".includes(c)
}

const isShort = (w: string, r1: number) => r1 >= w.length && shortSyllableAt(w, w.length)
const hasVowel = (s: string) => /[aeiouy]/.test(s)

export function porter2(input: string): string {
  if (input.length <= 2 || !/^[a-z']+$/.test(input)) return input
  const exception = own(EXCEPTIONS, input)
  if (exception) return exception
  let w = input.replace(/^'/, "")
  if (w.startsWith("y")) w = `Y${w.slice(1)}`
  w = w.replace(/([aeiouy])y/g, "$1Y")
  const [r1, r2] = regions(w)
  // step 0
  w = w.replace(/'s'$|'s$|'$/, "")
  // step 1a
  if (w.endsWith("sses")) w = `${w.slice(0, -4)}ss`
  else if (/(ied|ies)$/.test(w)) w = w.length > 4 ? `${w.slice(0, -3)}i` : `${w.slice(0, -3)}ie`
  else if (w.endsWith("us") || w.endsWith("ss")) {
    // unchanged
  } else if (w.endsWith("s") && hasVowel(w.slice(0, -2))) w = w.slice(0, -1)
  if (AFTER_1A.has(w)) return w
  // step 1b
  const eed = /(eedly|eed)$/.exec(w)
  if (eed) {
    if (eed.index >= r1) w = `${w.slice(0, eed.index)}ee`
  } else {
    const ed = /(ingly|edly|ing|ed)$/.exec(w)
    if (ed && hasVowel(w.slice(0, ed.index))) {
      w = w.slice(0, ed.index)
      if (/(at|bl|iz)$/.test(w)) w += "e"
      else if (DOUBLE.has(w.slice(-2))) w = w.slice(0, -1)
      else if (isShort(w, r1)) w += "e"
    }
  }
  // step 1c
  if (w.length > 2 && /[yY]$/.test(w) && !isVowel(w[w.length - 2])) w = `${w.slice(0, -1)}i`
  w = step2(w, r1)
  w = step3(w, r1, r2)
  w = step4(w, r2)
  // step 5
  if (w.endsWith("e")) {
    const at = w.length - 1
    if (at >= r2 || (at >= r1 && !shortSyllableAt(w, at))) w = w.slice(0, -1)
  } else if (w.endsWith("ll") && w.length - 1 >= r2) w = w.slice(0, -1)
  return w.replace(/Y/g, "y")
}

const STEP2: Array<[string, string]> = [
  ["ization", "ize"],
  ["ational", "ate"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["iveness", "ive"],
  ["tional", "tion"],
  ["biliti", "ble"],
  ["lessli", "less"],
  ["entli", "ent"],
  ["ation", "ate"],
  ["alism", "al"],
  ["aliti", "al"],
  ["ousli", "ous"],
  ["iviti", "ive"],
  ["fulli", "ful"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["abli", "able"],
  ["izer", "ize"],
  ["ator", "ate"],
  ["alli", "al"],
  ["bli", "ble"],
  ["ogi", "og"],
  ["li", ""],
]

function step2(w: string, r1: number): string {
  for (const [suffix, to] of STEP2) {
    if (!w.endsWith(suffix)) continue
    const at = w.length - suffix.length
    if (at < r1) return w
    if (suffix === "ogi" && w[at - 1] !== "l") return w
    if (suffix === "li" && !LI_END.has(w[at - 1] ?? "")) return w
    return w.slice(0, at) + to
  }
  return w
}

const STEP3: Array<[string, string]> = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["alize", "al"],
  ["icate", "ic"],
  ["iciti", "ic"],
  ["ative", ""],
  ["ical", "ic"],
  ["ness", ""],
  ["ful", ""],
]

function step3(w: string, r1: number, r2: number): string {
  for (const [suffix, to] of STEP3) {
    if (!w.endsWith(suffix)) continue
    const at = w.length - suffix.length
    if (at < r1 || (suffix === "ative" && at < r2)) return w
    return w.slice(0, at) + to
  }
  return w
}

const STEP4 = [
  "ement",
  "ance",
  "ence",
  "able",
  "ible",
  "ment",
  "ant",
  "ent",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
  "ion",
  "al",
  "er",
  "ic",
]

function step4(w: string, r2: number): string {
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue
    const at = w.length - suffix.length
    if (at < r2) return w
    if (suffix === "ion" && !"st".includes(w[at - 1] ?? "x")) return w
    return w.slice(0, at)
  }
  return w
}
