/**
 * Provider token shapes, ported from the gitleaks default rule set (config/gitleaks.toml,
 * github.com/gitleaks/gitleaks, MIT licence, (c) 2019 Zachary Rice) and cross-checked against
 * secretlint's recommended preset (MIT). Patterns are kept as source text and compiled on first
 * use; `keys` are lower-case literals one of which every match contains, so a text that holds
 * none of them never runs the pattern. Bounds are a little looser than upstream on purpose:
 * a redactor should rather mask a truncated token than keep it.
 */
interface TokenRule {
  kind: string
  keys: string[]
  source: string
  flags?: string
  /** Capture group holding the secret; the text around it is kept (labels, URL parts). */
  group?: number
}

const END = "(?![A-Za-z0-9_])"

export const TOKEN_RULES: TokenRule[] = [
  {
    kind: "private-key",
    keys: ["private key"],
    source: String.raw`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|$)`,
  },
  {
    kind: "aws-access-key",
    keys: ["akia", "asia", "abia", "acca", "a3t"],
    source: String.raw`\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}${END}`,
  },
  {
    kind: "github-token",
    keys: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    source: String.raw`\bgh[pousr]_[A-Za-z0-9]{20,255}${END}`,
  },
  { kind: "github-token", keys: ["github_pat_"], source: String.raw`\bgithub_pat_[A-Za-z0-9_]{22,255}` },
  {
    kind: "gitlab-token",
    keys: ["gl", "gr1348941"],
    source: String.raw`\b(?:gl(?:pat|ptt|dt|rt|soat|ft|imt|agent|oas|cbt|ffct)-[A-Za-z0-9_-]{20,}|GR1348941[A-Za-z0-9_-]{20,})`,
  },
  {
    kind: "slack-token",
    keys: ["xox", "xapp-"],
    source: String.raw`\b(?:xox[abposre]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+)`,
  },
  {
    kind: "slack-webhook",
    keys: ["hooks.slack.com"],
    source: String.raw`hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,}`,
  },
  {
    kind: "discord-webhook",
    keys: ["discord"],
    source: String.raw`discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{20,}`,
  },
  {
    kind: "stripe-key",
    keys: ["sk_", "rk_", "whsec_"],
    source: String.raw`\b(?:(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,99}|whsec_[A-Za-z0-9]{24,})`,
  },
  { kind: "anthropic-key", keys: ["sk-ant-"], source: String.raw`\bsk-ant-[A-Za-z0-9_-]{20,}` },
  { kind: "openai-key", keys: ["sk-"], source: String.raw`\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}` },
  { kind: "google-key", keys: ["aiza"], source: String.raw`\bAIza[0-9A-Za-z_-]{35}` },
  {
    kind: "google-oauth",
    keys: ["gocspx-", "ya29."],
    source: String.raw`\b(?:GOCSPX-[A-Za-z0-9_-]{24,}|ya29\.[0-9A-Za-z_-]{20,})`,
  },
  {
    kind: "jwt",
    keys: ["eyj"],
    source: String.raw`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.(?:[A-Za-z0-9_-]{8,}={0,2})?`,
  },
  { kind: "npm-token", keys: ["npm_"], source: String.raw`\bnpm_[A-Za-z0-9]{30,}${END}` },
  { kind: "pypi-token", keys: ["pypi-"], source: String.raw`\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{40,}` },
  { kind: "twilio-key", keys: ["sk"], source: String.raw`\bSK[0-9a-fA-F]{32}${END}` },
  { kind: "sendgrid-key", keys: ["sg."], source: String.raw`\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}` },
  { kind: "mailgun-key", keys: ["key-"], source: String.raw`\bkey-[0-9a-f]{32}${END}` },
  {
    kind: "azure-client-secret",
    keys: ["q~"],
    source: String.raw`(?<![A-Za-z0-9_~.])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`,
  },
  {
    kind: "azure-storage-key",
    keys: ["accountkey", "sharedaccesskey", "sig="],
    source: "((?:AccountKey|SharedAccessKey)=|[?&]sig=)([A-Za-z0-9+/%]{30,}={0,2})",
    group: 2,
  },
  {
    kind: "shopify-token",
    keys: ["shpat_", "shpca_", "shppa_", "shpss_"],
    source: String.raw`\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`,
  },
  { kind: "docker-token", keys: ["dckr_pat_"], source: String.raw`\bdckr_pat_[A-Za-z0-9_-]{20,}` },
  { kind: "vault-token", keys: ["hvs.", "hvb."], source: String.raw`\bhv[sb]\.[A-Za-z0-9_-]{24,}` },
  { kind: "terraform-token", keys: [".atlasv1."], source: String.raw`\b[a-zA-Z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{40,}` },
  { kind: "digitalocean-token", keys: ["_v1_"], source: String.raw`\bdo[opr]_v1_[a-f0-9]{64}` },
  { kind: "huggingface-token", keys: ["hf_"], source: String.raw`\bhf_[A-Za-z0-9]{30,}${END}` },
  { kind: "databricks-token", keys: ["dapi"], source: String.raw`\bdapi[a-f0-9]{32}(?:-\d)?${END}` },
  { kind: "linear-key", keys: ["lin_api_"], source: String.raw`\blin_api_[A-Za-z0-9]{40}` },
  { kind: "newrelic-key", keys: ["nrak-"], source: String.raw`\bNRAK-[A-Z0-9]{27}` },
  { kind: "postman-key", keys: ["pmak-"], source: String.raw`\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}` },
  { kind: "age-key", keys: ["age-secret-key-1"], source: "AGE-SECRET-KEY-1[0-9A-Z]{58}" },
  { kind: "square-token", keys: ["sq0atp-", "sq0csp-"], source: String.raw`\bsq0(?:atp|csp)-[0-9A-Za-z_-]{22,}` },
  { kind: "telegram-token", keys: [":aa"], source: String.raw`\b\d{8,10}:AA[0-9A-Za-z_-]{33}` },
  {
    kind: "grafana-token",
    keys: ["glsa_", "glc_"],
    source: String.raw`\b(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2})`,
  },
  {
    kind: "sentry-token",
    keys: ["sntrys_", "sntryu_"],
    source: String.raw`\b(?:sntrys_eyJ[A-Za-z0-9+/=_-]{40,}|sntryu_[a-f0-9]{64})`,
  },
  { kind: "atlassian-token", keys: ["atatt3"], source: String.raw`\bATATT3[A-Za-z0-9_=-]{100,}` },
  { kind: "doppler-token", keys: ["dp.pt."], source: String.raw`\bdp\.pt\.[a-zA-Z0-9]{40,}` },
  {
    kind: "planetscale-token",
    keys: ["pscale_"],
    source: String.raw`\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_=.-]{32,64}`,
  },
  {
    kind: "artifactory-key",
    keys: ["akcp", "cmvmd"],
    source: String.raw`\b(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})${END}`,
  },
  {
    kind: "bearer-token",
    keys: ["bearer"],
    source: String.raw`\b(Bearer\s+)([A-Za-z0-9._~+/-]{8,}=*)`,
    flags: "i",
    group: 2,
  },
  {
    kind: "basic-auth",
    keys: ["basic", "token "],
    source: String.raw`\b((?:Basic|Token)\s+)((?=[A-Za-z0-9+/._-]*[0-9=])[A-Za-z0-9+/._-]{12,}={0,2})`,
    group: 2,
  },
  {
    kind: "url-credentials",
    keys: ["://"],
    source: String.raw`\b([a-z][a-z0-9+.-]*://[^\s:/@'"]+:)([^\s@/'"]+)(@)`,
    flags: "i",
    group: 2,
  },
  {
    kind: "mysql-password",
    keys: ["mysql", "mariadb"],
    source: String.raw`(\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n|;&]*?\s-p)([^\s-][^\s]*)`,
    group: 2,
  },
]
