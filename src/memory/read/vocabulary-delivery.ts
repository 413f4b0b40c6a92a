/**
 * How software is run and shipped: cloud, containers, CI, tests, observability, security, releases,
 * dependencies, data and ML. Groups follow the rules in vocabulary.ts.
 */
export const DELIVERY_VOCABULARY: readonly string[] = [
  // infra and cloud
  "ec2|vm|vms|virtual machine|compute engine|gce|droplet|ec2 instance|vps|bare metal",
  "lambda|serverless|cloud function|azure functions|faas|edge function",
  "vpc|vpcs|subnet|private subnet|public subnet|vpc peering|private network|vnet",
  "firewall|security group|firewall rule|iptables|ufw|nacl|blocked port|port blocked",
  "allowlist|whitelist|denylist|blocklist|blacklist|ip allowlist",
  "nat|nat gateway|egress ip|static ip|elastic ip|outbound ip|fixed ip",
  "rds|aurora|cloud sql|managed database|managed postgres|azure sql",
  "iac|infrastructure as code|terraform|pulumi|cloudformation|cdk|opentofu|tfstate|terraform state|hcl|terraform plan",
  "region|availability zone|multi-az|multi-region|cross-region|us-east-1|datacenter|data center|datacentre",
  "autoscaling|autoscale|auto scaling|hpa|asg|cluster autoscaler|karpenter|horizontal pod autoscaler",
  "scalability|scaling|scale out|scale up|horizontal scaling|vertical scaling|scale horizontally|scale vertically",
  "quota|service quota|quota exceeded|limit increase|resourcequota",
  "spot instance|spot nodes|preemptible|preempted|preemption|spot interruption",
  "cost|spend|budget|bill|cloud bill|aws bill|expensive|pricey|overspend|finops|cost explorer|cost spike|surprise bill",
  "rightsizing|right-sizing|overprovisioned|over-provisioned|underutilized|underutilised|idle resources|" +
    "unused resources|zombie resources",
  "ssh|ssh key|bastion|bastion host|jump host|jumpbox|jump box|session manager",
  "dns record|route53|route 53|cloud dns|cname|txt record|mx record|nameserver|dns propagation|dns zone",
  "letsencrypt|let's encrypt|lets encrypt|certbot|cert-manager|certificate renewal|cert renewal|" +
    "renew certificate|expired certificate|certificate expired|expired cert",
  "mtls|mutual tls|client certificate|client cert|x509|x.509",
  "self-signed|unknown authority|untrusted certificate|ca bundle|ca certificate|truststore|trust store|cacerts|" +
    "root ca|certificate chain|cert chain",
  "handshake|tls handshake|ssl handshake|handshake failure|handshake failed|sni|cipher suite",
  "secrets manager|parameter store|ssm|ssm parameter|sealed secrets|external secrets|doppler|hashicorp vault|vault",
  "env var|environment variable|env|dotenv|.env file|envvar",
  // containers and kubernetes
  "docker|dockerfile|containerized|containerised|podman|docker compose|oci image",
  "helm|helm chart|helm release|helmfile|kustomize|values.yaml",
  "ingress|ingress controller|nginx ingress|ingress-nginx|gateway api",
  "node pool|nodepool|nodegroup|node group|worker node|managed node group",
  "taint|toleration|node affinity|anti-affinity|nodeselector|node selector|unschedulable|pending pods|" +
    "insufficient cpu|~affinity",
  "crashloop|crashloopbackoff|crash loop|restart loop|keeps restarting|back-off restarting|restarting pod",
  "imagepullbackoff|errimagepull|image pull|pull image|image pull secret|imagepullsecrets|failed to pull image|" +
    "manifest unknown",
  "oom|oomkilled|oom killed|oom killer|out of memory|outofmemoryerror|heap out of memory|memory limit exceeded|" +
    "exit code 137|137",
  "pvc|pvcs|persistentvolumeclaim|persistentvolume|persistent volume|persistent volume claim|storageclass|" +
    "storage class|ebs|ebs volume|pv",
  "rolling update|rolling deploy|rolling restart|rollout restart|maxunavailable|maxsurge|zero downtime deploy|" +
    "zero downtime",
  "blue-green|canary|canary release|canary deploy|progressive delivery|traffic shifting|staged rollout|" +
    "phased rollout|percentage rollout",
  "rollback|roll back|revert|undo the deploy|downgrade",
  // ci/cd and code review
  "flaky|flaky test|flake|intermittent|nondeterministic|non-deterministic|sporadic|randomly fails|" +
    "fails randomly|heisenbug",
  "rerun|re-run|re-ran|retrigger|re-trigger|retry the job|retry the build|rerun failed jobs",
  "ci|continuous integration|github actions|gha|gh actions|github workflow|circleci|jenkins|jenkinsfile|" +
    "buildkite|gitlab ci|travis|teamcity|azure pipelines",
  "ci/cd|continuous delivery|continuous deployment|deploy pipeline|release pipeline|argocd|argo cd|fluxcd|" +
    "spinnaker|gitops",
  "artifact|artefact|build artifact|build output",
  "monorepo|mono-repo|turborepo|nx|lerna|pnpm workspace|yarn workspaces|bazel",
  "pr|prs|pull request|merge request|mr|mrs",
  "code review|~reviewer|lgtm|codeowners|review comments|approved the pr",
  "merge conflict|rebase|conflict markers|resolve conflicts",
  "lint|linter|eslint|biome|rubocop|flake8|ruff|pylint|golangci-lint|clippy|tslint|stylelint",
  "formatter|prettier|code style|autoformat|autoformatter|gofmt|rustfmt|code formatting",
  "type check|typecheck|tsc|mypy|pyright|type errors|typescript errors",
  "coverage|code coverage|test coverage|codecov|coveralls|nyc|lcov|uncovered|untested",
  "repo|repository|codebase|code base",
  // testing
  "e2e|e2e test|end-to-end|end to end test|playwright|cypress|selenium|webdriver|puppeteer|browser tests",
  "integration test|testcontainers|contract test|pact",
  "unit test|jest|vitest|mocha|pytest|junit|rspec|jasmine|xunit|nunit|minitest|test runner",
  "snapshot test|golden|golden file|golden test|approval test|tomatchsnapshot",
  "fixture|seed data|seeding|factory_bot|factoryboy|test data|faker|seed script",
  "mock|stub|fake|test double|monkeypatch|monkey patch",
  "load test|stress test|soak test|performance test|benchmark|k6|jmeter|locust|gatling|vegeta",
  "regression|used to work|worked before|stopped working|broke again",
  "staging|preprod|pre-prod|pre-production|uat|staging environment|staging env|qa environment|test environment",
  "sandbox|sandbox mode|test mode|test keys|test card",
  "prod|prod env|production environment|prd|live site",
  "repro|reproduce|reproduction|cannot reproduce|can't reproduce|works on my machine|works locally|mre",
  // observability
  "p99|p95|p999|p99.9|tail latency|99th percentile|95th percentile|percentile|long tail",
  "latency|response time|slow|sluggish|laggy|takes forever|takes ages|slow to load|load time",
  "throughput|rps|qps|tps|requests per second|queries per second|transactions per second|req/s|ops/sec|" +
    "operations per second",
  "dashboard|grafana|kibana",
  "~trace|span|distributed tracing|tracing spans|opentelemetry|otel|jaeger|zipkin|x-ray",
  "correlation id|request id|x-request-id|trace id|traceid|requestid|correlationid|correlation_id|request_id",
  "apm|application performance monitoring|datadog|new relic|newrelic|dynatrace|appdynamics|elastic apm|honeycomb",
  "prometheus|promql|statsd|gauge|histogram|pushgateway|prometheus exporter|metrics endpoint",
  "slo|slos|sla|slas|sli|slis|error budget|service level objective|service level agreement|uptime|burn rate",
  "outage|downtime|went down|site down|unreachable|unavailable|service disruption|degraded",
  "pagerduty|opsgenie|alertmanager|victorops|alert rule|noisy alert|alert fatigue|alerting",
  "log aggregation|centralized logging|centralised logging|elk|loki|splunk|cloudwatch logs|papertrail|logstash|" +
    "fluentd|fluent bit|log shipping",
  "error tracking|exception tracking|sentry|bugsnag|rollbar|crashlytics|raygun|honeybadger",
  "flame graph|flamegraph|pprof|cpu profile|heap profile|hot path|hotspot|py-spy|async-profiler|perf record",
  "audit log|audit trail|activity log|activity history|audit",
  // security
  "cve|cves|vulnerability|vuln|security advisory|advisory|exploit|zero-day|0day|ghsa",
  "dependabot|renovate|snyk|npm audit|yarn audit|pip-audit|trivy|dependency scanning|vulnerability scan",
  "xss|cross-site scripting|script injection|html injection|dangerouslysetinnerhtml|innerhtml|unescaped|unsanitized",
  "csrf|xsrf|cross-site request forgery|csrf token|anti-forgery|samesite",
  "sqli|sql injection|injection attack|parameterized query|prepared statement|bind parameters|~injection",
  "command injection|shell injection|rce|remote code execution|arbitrary code execution|code execution",
  "ssrf|server-side request forgery|metadata endpoint|169.254.169.254|imds",
  "path traversal|directory traversal|zip slip|zipslip|lfi|local file inclusion",
  "secrets leak|leaked secret|leaked key|leaked credentials|exposed key|exposed credentials|committed secret|" +
    "gitleaks|trufflehog|secret scanning|hardcoded secret|hardcoded password|hardcoded credentials",
  "encryption|decrypt|encryption at rest|aes|aes-256|e2ee|end-to-end encryption",
  "kms|key management|key vault|hsm|hsms|cloud kms|envelope encryption|data key",
  "pii|personal data|personally identifiable|personal information|sensitive data|gdpr|data subject|" +
    "right to be forgotten|dsar|data protection",
  "redact|scrub|anonymize|anonymise|pseudonymize|pseudonymise|obfuscate",
  "sanitize|sanitise|input validation|validate input|untrusted input",
  "csp|content security policy|script-src|unsafe-inline|csp header",
  "ddos|denial of service|dos attack|syn flood|traffic flood|volumetric attack",
  "spf|dkim|dmarc|email authentication|email spoofing|spoofed email|sender reputation|spam folder|lands in spam|" +
    "going to spam|spam",
  "supply chain|supply-chain attack|typosquatting|malicious package|compromised package|dependency confusion|" +
    "sbom|sigstore|cosign|slsa",
  "code signing|codesign|notarize|gpg|pgp|signing key|sign the binary|signature verification",
  // releases and dependencies
  "semver|semantic versioning|version bump|major version|minor version|patch version|version number",
  "breaking change|backward incompatible|incompatible|major version|semver major",
  "changelog|change log|release notes|changelog.md",
  "code freeze|freeze|release freeze|feature freeze|change freeze|merge freeze|deploy freeze|moratorium|" +
    "blackout|blackout period",
  "hotfix|hot fix|patch release|emergency fix|point release|backport|cherry-pick",
  "release candidate|prerelease|pre-release|beta|beta release|nightly build|preview release|early access",
  "pin|unpinned|lockfile|lock file|package-lock|package-lock.json|yarn.lock|pnpm-lock|poetry.lock|cargo.lock|" +
    "gemfile.lock|go.sum|frozen lockfile",
  "upgrade|bump|update dependencies|dependency update|outdated|out of date",
  "dependency|deps|third-party library|transitive dependency|dependency tree",
  "npm|yarn|pnpm|package manager|node_modules|package.json|npm install",
  "pip|pipenv|poetry|requirements.txt|pyproject|pyproject.toml|conda|virtualenv|venv|pip install",
  "license|licence|gpl|agpl|lgpl|mit license|apache license|copyleft|open source license",
  "peer dependency|peerdependencies|eresolve|dependency conflict|dependency hell|diamond dependency|version conflict",
  // data
  "etl|elt|extract transform load|data pipeline|ingestion|~pipeline",
  "dag|airflow|dagster|prefect|orchestrator|workflow orchestration|luigi",
  "backfill|reprocess|replay|historical load",
  "schema drift|schema evolution|schema registry|avro|schema mismatch|unexpected column|new column|~schema",
  "csv|csvs|tsv|spreadsheet|excel|xlsx|comma-separated|google sheets",
  "cdc|change data capture|debezium|binlog|wal|logical replication|outbox|transactional outbox|outbox pattern",
  "data loss|lost data|lost writes|dropped messages|lost messages|messages lost|missing events|dropped events|" +
    "durability|fsync",
  "out of sync|inconsistent|eventual consistency|read your writes|stale reads",
  // machine learning
  "ml|machine learning|ml model|deep learning|neural network|neural net",
  "training|training run|training job|retrain|epoch|training loop|training data",
  "finetune|fine-tune|lora|qlora|peft",
  "inference|inferencing|model serving|predict|inference endpoint|inference server|triton|torchserve|vllm|onnx runtime",
  "feature store|feast|tecton|online features|offline features|feature pipeline|feature engineering",
  "drift|data drift|model drift|concept drift|distribution shift|covariate shift|training-serving skew",
  "llm|llms|large language model|language model|gpt|chatgpt|openai api|foundation model",
  "prompt injection|jailbreak|prompt leak",
  "embedding|vector search|vector database|vector db|vector store|semantic search|similarity search|pgvector|" +
    "pinecone|faiss|qdrant|weaviate|milvus|knn|nearest neighbor|nearest neighbour",
  "rag|retrieval augmented generation|retrieval augmented",
  "hallucination|made up answer|confabulation",
  "gpu|gpus|cuda|vram|gpu memory|nvidia|a100|h100|tpu|tpus",
  "false positive|false negative|misclassified|misclassification",
]
