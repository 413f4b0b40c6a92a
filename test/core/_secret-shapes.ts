/**
 * Secret shapes (after the gitleaks and secretlint rule sets) and near-misses, GENERATED from a
 * seeded PRNG so no real-looking live secret is committed. Each shape yields `n` cases; even
 * indices are the tuning half, odd ones the held-out half. `secret` is what must not survive.
 */
export interface Case {
  shape: string
  text: string
  secret: string
  half: "tuning" | "held-out"
}

function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
const LOWER = "abcdefghijklmnopqrstuvwxyz"
const DIGITS = "0123456789"
const ALNUM = UPPER + LOWER + DIGITS
const HEX = "0123456789abcdef"
const B64URL = `${ALNUM}_-`

type Gen = (r: () => number) => { text: string; secret: string }
const pick = (r: () => number, chars: string, n: number) =>
  Array.from({ length: n }, () => chars[Math.floor(r() * chars.length)]).join("")
const one = <T>(r: () => number, xs: T[]): T => xs[Math.floor(r() * xs.length)] as T
const b64 = (s: string) => Buffer.from(s).toString("base64url").replace(/=+$/, "")
const password = (r: () => number) =>
  `${pick(r, LOWER, 5)}${pick(r, DIGITS, 2)}${one(r, ["!", "#", "%", "_", "-"])}${pick(r, UPPER, 3)}`

const bare =
  (
    make: (r: () => number) => string,
    around: string[] = ["{}", "export X={}", "token: {}", "found {} in the log"],
  ): Gen =>
  (r) => {
    const secret = make(r)
    return { text: one(r, around).replace("{}", secret), secret }
  }

export const SECRET_SHAPES: Record<string, Gen> = {
  "aws-access-key": bare((r) => `${one(r, ["AKIA", "ASIA"])}${pick(r, `${UPPER}234567`, 16)}`),
  "aws-secret-env": (r) => {
    const secret = pick(r, `${ALNUM}/+`, 40)
    return { text: `AWS_SECRET_ACCESS_KEY=${secret}`, secret }
  },
  "aws-secret-prose": (r) => {
    const secret = pick(r, ALNUM, 24)
    return { text: `the aws secret is ${secret}, keep it safe`, secret }
  },
  "github-pat": bare((r) => `ghp_${pick(r, ALNUM, 36)}`),
  "github-oauth": bare((r) => `${one(r, ["gho", "ghu", "ghs", "ghr"])}_${pick(r, ALNUM, 36)}`),
  "github-fine-grained": bare((r) => `github_pat_${pick(r, ALNUM, 22)}_${pick(r, ALNUM, 59)}`),
  "gitlab-pat": bare((r) => `glpat-${pick(r, `${ALNUM}_-`, 20)}`),
  "gitlab-runner": bare((r) => `GR1348941${pick(r, `${ALNUM}_-`, 20)}`),
  "slack-bot": bare((r) => `xoxb-${pick(r, DIGITS, 12)}-${pick(r, DIGITS, 13)}-${pick(r, ALNUM, 24)}`),
  "slack-user": bare((r) => `xoxp-${pick(r, DIGITS, 12)}-${pick(r, DIGITS, 12)}-${pick(r, HEX, 32)}`),
  "slack-webhook": (r) => {
    const secret = `T${pick(r, UPPER + DIGITS, 10)}/B${pick(r, UPPER + DIGITS, 10)}/${pick(r, ALNUM, 24)}`
    return { text: `curl -X POST https://hooks.slack.com/services/${secret}`, secret }
  },
  "stripe-secret": bare((r) => `${one(r, ["sk", "rk"])}_${one(r, ["live", "test"])}_${pick(r, ALNUM, 24)}`),
  "openai-key": bare((r) => `sk-${one(r, ["proj-", ""])}${pick(r, B64URL, 48)}`),
  "anthropic-key": bare((r) => `sk-ant-api03-${pick(r, B64URL, 93)}AA`),
  "google-api-key": bare((r) => `AIza${pick(r, B64URL, 35)}`),
  "google-oauth-secret": bare((r) => `GOCSPX-${pick(r, B64URL, 28)}`),
  jwt: bare(
    (r) =>
      `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(`{"sub":"${pick(r, DIGITS, 8)}","name":"${pick(r, LOWER, 6)}"}`)}.${pick(r, B64URL, 43)}`,
    ["Authorization: Bearer {}", "jwt={}", "cookie session {}"],
  ),
  "private-key": (r) => {
    const body = Array.from({ length: 4 }, () => pick(r, `${ALNUM}+/`, 64)).join("\n")
    const kind = one(r, ["RSA ", "EC ", "OPENSSH ", ""])
    return {
      text: `key file:\n-----BEGIN ${kind}PRIVATE KEY-----\n${body}\n-----END ${kind}PRIVATE KEY-----\ndone`,
      secret: body.slice(0, 64),
    }
  },
  "npm-token": bare((r) => `npm_${pick(r, ALNUM, 36)}`, ["//registry.npmjs.org/:_authToken={}", "{}", "NPM_TOKEN={}"]),
  "twilio-api-key": bare((r) => `SK${pick(r, HEX, 32)}`),
  "twilio-auth-token": (r) => {
    const secret = pick(r, HEX, 32)
    return { text: `TWILIO_AUTH_TOKEN=${secret}`, secret }
  },
  "sendgrid-key": bare((r) => `SG.${pick(r, B64URL, 22)}.${pick(r, B64URL, 43)}`),
  "azure-client-secret": bare(
    (r) => `${pick(r, ALNUM, 3)}${pick(r, DIGITS, 1)}Q~${pick(r, `${ALNUM}_~.-`, 34)}`,
    ["AZURE_CLIENT_SECRET={}", "secret {}", "'{}'"],
  ),
  "azure-storage": (r) => {
    const secret = `${pick(r, `${ALNUM}+/`, 86)}==`
    return {
      text: `DefaultEndpointsProtocol=https;AccountName=acct${pick(r, DIGITS, 3)};AccountKey=${secret};EndpointSuffix=core.windows.net`,
      secret,
    }
  },
  "db-url": (r) => {
    const secret = password(r)
    const scheme = one(r, ["postgres", "postgresql", "mysql", "mongodb+srv", "redis", "amqp"])
    return { text: `DATABASE_URL=${scheme}://app_user:${secret}@db.internal:5432/app`, secret }
  },
  "db-password-env": (r) => {
    const secret = password(r)
    return { text: `${one(r, ["DB_PASSWORD", "PGPASSWORD", "MYSQL_ROOT_PASSWORD", "REDIS_PASS"])}=${secret}`, secret }
  },
  "json-secret": (r) => {
    const secret = pick(r, ALNUM, 24)
    return {
      text: `{"${one(r, ["client_secret", "apiKey", "access_token", "password", "refreshToken"])}": "${secret}"}`,
      secret,
    }
  },
  "yaml-secret": (r) => {
    const secret = pick(r, ALNUM, 20)
    return {
      text: `  ${one(r, ["webhook_secret", "auth_token", "db.password", "private-key", "signing_key"])}: ${secret}`,
      secret,
    }
  },
  "cli-flag": (r) => {
    const secret = password(r)
    return {
      text: `tool login ${one(r, ["--password", "--token", "--api-key", "--client-secret"])}${one(r, [" ", "="])}${secret} --verbose`,
      secret,
    }
  },
  "env-generic": (r) => {
    const secret = pick(r, ALNUM, 32)
    return {
      text: `${one(r, ["MY_APP", "SERVICE", "CI"])}_${one(r, ["SECRET", "API_KEY", "TOKEN", "AUTH_TOKEN", "CREDENTIALS"])}=${secret}`,
      secret,
    }
  },
  "bearer-header": bare(
    (r) => pick(r, `${ALNUM}._-`, 40),
    ["Authorization: Bearer {}", "curl -H 'authorization: bearer {}' https://api"],
  ),
  "mysql-p": (r) => {
    const secret = password(r)
    return { text: `mysql -u root -p${secret} app`, secret }
  },
  "vault-token": bare((r) => `hvs.${pick(r, B64URL, 90)}`),
  "huggingface-token": bare((r) => `hf_${pick(r, ALNUM, 34)}`),
  "digitalocean-token": bare((r) => `dop_v1_${pick(r, HEX, 64)}`),
  "docker-pat": bare((r) => `dckr_pat_${pick(r, B64URL, 27)}`),
  "shopify-token": bare((r) => `shpat_${pick(r, HEX, 32)}`),
  "pypi-token": bare((r) => `pypi-AgEIcHlwaS5vcmc${pick(r, B64URL, 60)}`),
  "databricks-token": bare((r) => `dapi${pick(r, HEX, 32)}`),
  "linear-key": bare((r) => `lin_api_${pick(r, ALNUM, 40)}`),
  "age-key": bare((r) => `AGE-SECRET-KEY-1${pick(r, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)}`),
  "telegram-bot": bare((r) => `${pick(r, DIGITS, 9)}:AA${pick(r, B64URL, 33)}`),
}

const WORDS = [
  "the",
  "build",
  "failed",
  "because",
  "module",
  "was",
  "missing",
  "after",
  "update",
  "token",
  "password",
  "secret",
  "key",
]

export const NEAR_MISSES: Record<string, (r: () => number) => string> = {
  "git-commit": (r) => `commit ${pick(r, HEX, 40)}`,
  "git-short": (r) => `Merge ${pick(r, HEX, 7)}..${pick(r, HEX, 7)} into main`,
  uuid: (r) => `id=${pick(r, HEX, 8)}-${pick(r, HEX, 4)}-4${pick(r, HEX, 3)}-a${pick(r, HEX, 3)}-${pick(r, HEX, 12)}`,
  sha256: (r) => `sha256:${pick(r, HEX, 64)}`,
  integrity: (r) => `"integrity": "sha512-${Buffer.from(pick(r, ALNUM, 48)).toString("base64")}"`,
  "base64-text": (r) => Buffer.from(Array.from({ length: 8 }, () => one(r, WORDS)).join(" ")).toString("base64"),
  semver: (r) =>
    `upgraded react from ${Math.floor(r() * 20)}.${Math.floor(r() * 20)}.${Math.floor(r() * 20)} to ^${Math.floor(r() * 20)}.0.0-rc.${Math.floor(r() * 9)}`,
  path: (r) =>
    `/home/${pick(r, LOWER, 5)}/src/${one(r, ["auth", "tokens", "secrets", "password-reset"])}/${pick(r, LOWER, 6)}.ts:${Math.floor(r() * 400)}`,
  sentence: (r) =>
    `${one(r, [
      "Reset your password if you forget it",
      "the token expires after an hour",
      "the token is valid",
      "rotate the secret every 90 days",
      "password reset emails are sent from the worker",
      "the api key is required for this endpoint",
      "see the credentials section of the docs",
      "Authentication failed: invalid token",
    ])} (${one(r, WORDS)})`,
  "ts-types": (r) =>
    one(r, [
      "password: string",
      "token?: string | undefined",
      "apiKey: z.string().min(1)",
      "secret: Buffer",
      "authToken: null",
    ]) + one(r, [",", ";", ""]),
  "code-refs": (r) =>
    one(r, [
      "const token = await getToken()",
      "password = user.password",
      "headers.authorization = token",
      "const secret = process.env.SECRET",
      "token=$GITHUB_TOKEN",
    ]) + one(r, ["", ` // ${one(r, WORDS)}`]),
  "env-refs": (r) =>
    `${one(r, ["DB_PASSWORD", "API_TOKEN", "AWS_SECRET_ACCESS_KEY"])}=${one(r, ["${DB_PASSWORD}", "$API_TOKEN", "<your-key-here>", "changeme", "***"])}`,
  "css-colour": (r) => `color: #${pick(r, HEX, one(r, [3, 6, 8]))}; background: rgb(${Math.floor(r() * 255)}, 0, 0)`,
  numbers: (r) => `took ${Math.floor(r() * 1e6)} ms, ${(r() * 100).toFixed(2)}% of ${Math.floor(r() * 1e12)} bytes`,
  "npm-log": (r) =>
    `added ${Math.floor(r() * 900)} packages, and audited ${Math.floor(r() * 900)} packages in ${Math.floor(r() * 60)}s`,
  "url-no-creds": (r) => `https://github.com/${pick(r, LOWER, 6)}/${pick(r, LOWER, 8)}/pull/${Math.floor(r() * 9000)}`,
  "config-keys": (r) =>
    one(r, [
      "primary_key: id",
      "sort_key: created_at",
      "author: Jane Doe",
      "keyboard: us",
      "auth: enabled",
      "token_type: bearer",
    ]),
  "compiler-flags": (r) =>
    `${one(r, ["gcc -pthread -O2 main.c", "mkdir -p build/out", "git log -p --stat", "ssh -p 2222 host"])} # ${Math.floor(r() * 99)}`,
}

export function secretCases(n = 8): Case[] {
  let seed = 1
  return Object.entries(SECRET_SHAPES).flatMap(([shape, gen]) =>
    Array.from({ length: n }, (_, i) => ({
      shape,
      ...gen(prng(seed++ * 7919)),
      half: i % 2 === 0 ? ("tuning" as const) : ("held-out" as const),
    })),
  )
}

export function nearMissCases(n = 14): Array<Omit<Case, "secret">> {
  let seed = 100_000
  return Object.entries(NEAR_MISSES).flatMap(([shape, gen]) =>
    Array.from({ length: n }, (_, i) => ({
      shape,
      text: gen(prng(seed++ * 104729)),
      half: i % 2 === 0 ? ("tuning" as const) : ("held-out" as const),
    })),
  )
}
