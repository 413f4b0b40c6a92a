/**
 * Where it runs and who runs it: mobile, frontend, embedded, networking, time, money, process,
 * performance and general engineering. Groups follow the rules in vocabulary.ts.
 */
export const PRODUCT_VOCABULARY: readonly string[] = [
  // mobile
  "app store|appstore|app store connect|testflight|app review|apple review|rejected by apple|app store review",
  "google play|play console|play store review|aab|app bundle|apk|android app bundle",
  "apns|fcm|firebase cloud messaging|gcm|push token|device token|apple push",
  "react native|expo|expo go|eas build|metro bundler",
  "simulator|emulator|avd|ios simulator|android emulator|virtual device",
  "gradle|build.gradle|gradlew|kotlin dsl|agp|android gradle plugin",
  "app size|binary size|bundle size|apk size|ipa size|download size|size budget|bloat|tree shaking|treeshaking|" +
    "dead code elimination",
  "battery|battery drain|battery life|power consumption|power draw|current draw|drains the battery|energy usage|" +
    "energy consumption|wakelock|wake lock|deep sleep|low power|microamps",
  "background fetch|background mode|bgtaskscheduler|workmanager|doze|doze mode|app in background|background refresh",
  "in-app purchase|iap|storekit|play billing|receipt validation",
  "hang|hung|freezes|frozen|unresponsive|stuck|stopped responding|anr|application not responding|beachball",
  "cold start|coldstart|startup time|start-up time|boot time|launch time|app launch|time to interactive|tti|" +
    "slow startup",
  // frontend
  "react|reactjs|react.js|jsx|tsx",
  "nextjs|next.js|app router|pages router",
  "hydration|rehydrate|hydration mismatch|hydration error|text content does not match",
  "webpack|vite|esbuild|rollup|parcel|turbopack|bundler|bundling|rspack|swc|babel",
  "code splitting|lazy loading|dynamic import|react.lazy|lazy",
  "css|stylesheet|~styling|tailwind|tailwindcss|sass|scss|css modules|css-in-js|styled-components|postcss",
  "layout shift|cumulative layout shift|cls|jank|janky|jumping content|content jumps|page jumps",
  "core web vitals|web vitals|lcp|largest contentful paint|fcp|first contentful paint|inp|fid|ttfb|" +
    "time to first byte|lighthouse|pagespeed|page speed",
  "rerender|re-render|unnecessary renders|usememo|usecallback|react.memo|wasted renders|render loop",
  "a11y|~accessibility|screen reader|aria|aria-label|voiceover|talkback|wcag|keyboard navigation|alt text",
  "i18n|internationalization|internationalisation|l10n|translation|rtl|right-to-left|~localisation",
  "spinner|loading spinner|loading state|loading indicator|skeleton screen|skeleton loader|shimmer|progress bar",
  "modal|dialog|pop-up|overlay|lightbox|bottom sheet|drawer",
  "autocomplete|auto-complete|typeahead|type-ahead|autosuggest|search as you type|combobox",
  "service worker|workbox|pwa|pwas|progressive web app|add to home screen",
  "polyfill|browserslist|caniuse|core-js|transpile|ie11|legacy browsers|old browsers",
  "seo|search engine optimization|search ranking|sitemap|robots.txt|googlebot|canonical url|crawlable|crawler",
  "open graph|og tags|og:image|link preview|twitter card|social preview|unfurl",
  "darkmode|dark mode|dark theme|night mode|light mode|color scheme|colour scheme|prefers-color-scheme",
  "responsive design|viewport|media query|mobile layout|screen size|css breakpoint",
  // embedded
  "firmware|microcontroller|mcu|mcus|embedded device|esp32|stm32|arduino|nrf52",
  "rtos|freertos|zephyr|real-time os|real time operating system|threadx",
  "ota|over the air|ota update|firmware update|fota|dfu|device firmware update|remote update",
  "flashing|reflash|flash the board|flash the device|flash firmware|esptool|openocd|jtag|swd|st-link",
  "flash memory|eeprom|nvs|nor flash|nand flash|spi flash|non-volatile storage|nonvolatile|littlefs|spiffs",
  "bootloader|boot loader|u-boot|uboot|mcuboot|bootrom|boot rom|second stage bootloader",
  "bootloop|boot loop|reboot loop|keeps rebooting|reset loop|brownout|brown-out",
  "watchdog|wdt|watchdog timer|watchdog reset|hardware watchdog|task watchdog",
  "uart|usart|serial port|serial console|serial monitor|rs232|rs485|baud|baud rate|baudrate|ttyusb|ttyacm",
  "gpio|gpio pin|digital pin|pinout|pin mapping|pinmux",
  "interrupt|isr|irq|interrupt handler|interrupt service routine|nvic",
  "hardfault|hard fault|bus fault|usage fault|memmanage|fault handler",
  "stack overflow|stack size|stack depth|stack usage|stack smashing|stack canary|stackoverflowerror|" +
    "recursionerror|maximum call stack",
  "mqtt|mosquitto|iot hub|aws iot|device shadow|mqtt broker",
  "ble|bluetooth|bluetooth le|bluetooth low energy|gatt|pairing|bonding",
  "cross-compile|toolchain|arm-none-eabi|sysroot",
  // networking
  "mtu|mss|pmtu|path mtu|jumbo frames|mss clamping|packet size",
  "packet loss|dropped packets|packets dropped|lossy|retransmission|retransmit",
  "jitter|latency spikes|network jitter|variable latency",
  "exponential backoff|backoff|back-off|retry delay|retry interval|jitter|capped backoff",
  "circuit breaker|fail fast|bulkhead|hystrix|resilience4j",
  "cidr|ip range|subnet mask|netmask|cidr block",
  "vpn|vpns|wireguard|openvpn|tailscale|ipsec|site-to-site vpn|zerotier",
  "eaddrinuse|address already in use|port already in use|port in use|port conflict|port collision",
  "bandwidth|mbps|gbps|network throughput|link speed|saturated link",
  "http proxy|corporate proxy|https_proxy|http_proxy|no_proxy|proxy settings|behind a proxy",
  "ntp|ntpd|chrony|clock skew|clock drift|time sync|system clock|clock out of sync|skewed clock",
  "too many open files|emfile|file descriptors|fd limit|ulimit|open files limit",
  // time
  "utc|gmt|zulu|coordinated universal time|utc offset",
  "iso 8601|iso8601|rfc3339|rfc 3339|date format|datetime format|timestamp format|strftime",
  "timezone|time zone|tz|tzdata|local time|iana timezone|olson",
  "dst|daylight saving|daylight saving time|summer time|clocks change|spring forward|off by an hour|an hour off|" +
    "one hour off|hour early|hour late",
  "epoch|unix time|unix timestamp|epoch seconds|epoch millis|milliseconds since epoch|y2038|year 2038",
  "leap|leap year|leap second|leap day|february 29|feb 29",
  "timestamp|datetime|created_at|updated_at",
  "expiry|expiration|time to live",
  "deadline|due date|launch date|ship date|target date|eta",
  // money
  "revenue|mrr|arr|monthly recurring revenue|annual recurring revenue",
  "churn|churn rate|cancel subscription",
  // people and process
  "oncall|on-call rotation|oncall rotation|pager rotation|escalation|escalation policy|pagerduty",
  "incident|sev1|sev2|sev0|sev-1|sev-2|severity 1|p0|p1|major incident|incident response|war room|" +
    "incident commander|incident channel",
  "postmortem|post-mortem|retro|retrospective|incident review|root cause analysis|rca|blameless|lessons learned|" +
    "five whys|5 whys",
  "runbook|run book|playbook|sop|standard operating procedure|operations guide",
  "handover|handoff|hand-off|hand over|knowledge transfer",
  "jira|jira ticket|issue tracker|ticket|youtrack",
  "adr|architecture decision record|design doc|rfc|rfcs|design review|tech spec|technical spec",
  "tech debt|technical debt|legacy code|cruft|code smell",
  "refactor|restructure|rework",
  "codeowners|code owners|ownership|dri|directly responsible individual",
  "helpdesk|help desk|zendesk|intercom|customer support|support ticket|complaint|customer complaint",
  // performance
  "memory leak|leaking memory|memory growth|memory growing|memory keeps growing|heap growth|heap dump|heapdump|" +
    "valgrind|leaksanitizer|asan|memleak|leak",
  "high cpu|cpu usage|cpu spike|cpu bound|cpu pegged|pegged|100% cpu|load average|loadavg|cpu utilization|" +
    "cpu utilisation|busy loop|hot loop|cpu",
  "gc|garbage collection|garbage collector|gc pause|stop the world|full gc|heap size|xmx",
  "event loop|event loop blocked|event loop lag|blocking the event loop|synchronous io|readfilesync|libuv",
  "threadpool|thread pool|worker pool|thread starvation|thread exhaustion|executor",
  "memoize|memoise|lru cache|lru|lru_cache",
  "gzip|brotli|zstd|deflate|content-encoding|http compression|compressed response|compression",
  "traffic spike|spike in traffic|traffic surge|surge|burst|bursty|flash sale|load spike|hug of death",
  // general engineering
  "regex|regexp|regular expression",
  "utf8|utf-8|unicode|charset|mojibake|garbled|garbled text|character encoding|text encoding|non-ascii|latin1|" +
    "latin-1|iso-8859-1",
  "null pointer|nullpointerexception|npe|null reference|nullreferenceexception|nil pointer|" +
    "nil pointer dereference|cannot read properties of undefined|undefined is not an object|typeerror",
  "segfault|segmentation fault|sigsegv|core dump|access violation|crash dump",
  "unhandled|uncaught|unhandled exception|uncaught exception|unhandled rejection|unhandled promise rejection|" +
    "unhandledrejection|panic|panicked|fatal error",
  "microservice|micro-service|monolith|service boundaries|distributed monolith",
  "debugger|breakpoint|gdb|lldb|pdb|step through|attach debugger|devtools|chrome devtools",
  "cli|clis|command line|command line tool|command-line interface",
  "esm|es modules|commonjs|cjs|err_require_esm|dual package|module format",
  "email|smtp|ses|sendgrid|mailgun|postmark|mailchimp|email provider|transactional email|mailer",
  "bounce|undelivered|undeliverable|hard bounce|soft bounce|emails not arriving|email not delivered",
  "sms|text message|twilio|sms provider|short code",
  "multipart|multipart/form-data|form-data|presigned url|presigned|pre-signed url|signed url|presigned post|sas token",
  "video|transcode|hls|ffmpeg|m3u8|video encoding|codec",
  "full-text search|fulltext|fts|elasticsearch|opensearch|solr|algolia|meilisearch|typesense|lucene|search index",
  "typo|misspelling|misspelt|fuzzy|fuzzy search|fuzzy matching|spellcheck|spell check|levenshtein|edit distance",
  "double submit|double click|submitted twice|duplicate submission|duplicate orders|created twice|ran twice|" +
    "runs twice|executed twice|processed twice|double processing|idempotent",
]
