/**
 * Lines that carry no information for a model in any family: progress, downloads, spinners,
 * repeated separators, passing tests and routine log levels. Shared by the family filters.
 */
export const PROGRESS = new RegExp(
  [
    String.raw`^\s*(?:Downloading|Downloaded|Fetching|Fetched|Resolving|Resolved|Unpacking|Extracting|Preparing|Collecting|Using cached|Requirement already satisfied|Obtaining|Building wheels?|Created wheel|Stored in directory|Looking in indexes)\b`,
    String.raw`^\s*(?:Compiling|Checking|Fresh|Documenting|Blocking|Updating crates\.io|Locking \d+ packages|Adding \w[\w-]* v|Downloaded \S+ v|Installing \S+ v)\b`,
    String.raw`^(?:Get|Hit|Ign):\d+ |^(?:Reading package lists|Building dependency tree|Reading state information|Selecting previously unselected|Preparing to unpack|Setting up|Processing triggers)\b`,
    String.raw`^\[INFO\] (?:Download(?:ing|ed) from|Copying|Using|Building jar|skip non existing|Installing|No sources to compile|Nothing to compile|Changes detected|Compiling \d+|Recompiling|Loaded from|Fork Value|Surefire report directory|\s*$|-{3,}\s*$)`,
    String.raw`^\s*[\d.]+%|^\s*\[[=#>\-. ]{5,}\]|^[\s.]*(?:\.{3,}|[⠁-⣿]+)\s*$|\b\d+/\d+ \[[=#> -]+\]|^\s*(?:remote: )?(?:Counting|Compressing|Writing|Receiving|Resolving|Enumerating|Total \d+ \(delta) objects?`,
    String.raw`^\s*(?:remote: )?(?:Counting objects|Compressing objects|Writing objects|Receiving objects|Resolving deltas|Enumerating objects|Total \d+ \(delta)`,
    String.raw`^npm (?:http|timing|sill|verb)\b|^\[\d/\d\] |^(?:Progress: resolved|Already up[ -]to[ -]date|Lockfile is up to date)`,
  ].join("|"),
)

export const TEST_PASS =
  /^\s*(?:\((?:pass|skip|todo)\) |Passed\s+\S.*\[\d+(?:\.\d+)?\s*m?s\]\s*$|\.+$|[.SIRW]+\s+\d+ \/ \d+ \(\s*\d+%\)$)|^\s*(?:✓|✔|√|PASS\b|--- PASS|=== (?:RUN|PAUSE|CONT|NAME)\b|ok\s+\d+\b)|(?:\.\.\.|\s)\s*(?:ok|PASSED|passed)\s*(?:\([^)]*\))?\s*$|\bPASSED\b|\bSKIPPED\s*$|^\s*test \S+ \.\.\. ok\b|^\s*\[\s*\d+(?:\.\d+)?m?s\]\s+PASS\b|^\s*PASS \[|^\s+[-•]?\s*\w.*\s\(\d+(?:\.\d+)?\s*m?s\)$/

/** Routine levels of application logs (Spring, Rails, log4j, Python logging, Go's log). */
export const ROUTINE_LOG =
  /^(?:\S+\s+){0,3}?\[?(?:INFO|DEBUG|TRACE|FINE|FINER|VERBOSE|NOTICE|I|D|V)\]?\s*(?:\d+\s+)?(?:---|\[|:|\S+\s*:)/

export const STACK_FRAME =
  /^\s+(?:at [\w$.<>[\]/:@\\-]|\.\.\. \d+ (?:more|common frames)|File "|[\w$.]+\([\w.]+:\d+\)$|\d+: 0x[0-9a-f]+ - |0x[0-9a-f]+ in |\(\/\S+:\d+\)$|\S+\.go:\d+(?: \+0x[0-9a-f]+)?$)|^#\d+ (?:\S+\(\d+\): |\{main\})|^\s*(?:[\w-]+ \([\d.]+\) )?[\w./-]+\.rb:\d+:in |^\d+\s+[\w.]+\s+0x[0-9a-f]{6,} /

/** Frames of frameworks and runtimes, not of the project: a model rarely needs them. */
export const FRAMEWORK_FRAME =
  /node:internal|node_modules\/|\(internal\/|webpack-internal:\/\/\/\.\/node_modules|org\.junit\.|junit\.framework|sun\.reflect|java\.base\/|jdk\.internal|java\.lang\.reflect|java\.lang\.Thread\.run|org\.springframework\.|javax?\.servlet|jakarta\.servlet|org\.apache\.(?:catalina|coyote|tomcat|maven)|org\.gradle\.|kotlin\.coroutines|kotlinx\.coroutines|reactor\.core|io\.netty|_pytest\/|pluggy\/|site-packages\/|dist-packages\/|\/usr\/lib\/python|\/rustc\/|core::panicking|std::panicking|std::rt::|testing\.tRunner|runtime\/panic|runtime\.goexit|\/gems\/|rack-|actionpack|activesupport|railties|\/vendor\/|System\.Private\.CoreLib|Microsoft\.AspNetCore|Microsoft\.Extensions|symfony\/|android\.os\.|com\.android\.internal|zone\.js|__zone_symbol__(?!\w*Error)|<generated>|\{main\}|^\s+\(\/\S*\/vendor\/|\$\$FastClassBy|CGLIB\$\$/

export const SEPARATOR = /^\s*[-=_*#~+]{4,}\s*$/

export const BLANK = /^\s*$/

// A frame with something before it (a time stamp, a container name): `… at fn (/app/x.js:3:9)`, `File "x.py", line 3, in f`.
const FRAME_INSIDE =
  /\sat (?:async )?[\w$.<>[\]]+ \(\S+:\d+:\d+\)$|\sat \/\S+:\d+:\d+$|\sFile "[^"]+", line \d+, in \S+$/

/** A stack frame, known by its shape wherever it stands. */
export function isFrame(line: string): boolean {
  if (STACK_FRAME.test(line)) return true
  // cheap guards first: this runs on every line of a log
  return (line.includes(" at ") || line.includes(' File "')) && FRAME_INSIDE.test(line)
}

/** A frame of the project's own code (not a dependency's, the runtime's or a test framework's). */
export function isOwnFrame(line: string): boolean {
  return isFrame(line) && !FRAMEWORK_FRAME.test(line)
}
