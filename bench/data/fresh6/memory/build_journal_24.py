"""Journal 24 - Terraform on AWS (repo "infra-live": envs/{staging,prod}, modules/*, S3+DynamoDB backend).
Runbook written first (the lessons), then the sessions below were written against it.

RUNBOOK (platform team onboarding page)
 1. [pitfall] `infracost breakdown` never works from the agent box: there is no INFRACOST_API_KEY and we are not
    allowed to create one. Don't run it; ask FinOps for the cost diff instead.
 2. [pitfall] There is no local terraform.tfstate: state lives in the S3 backend. Reading
    envs/*/terraform.tfstate always fails; use `terraform state list` / `terraform state show`.
 3. [rule] The aws CLI SSO session expires (ExpiredToken). When an aws command fails, run
    `aws sso login --profile infra` and rerun it.
 4. [playbook] New module: list modules/ -> write modules/<name>/main.tf -> `terraform fmt -recursive`.
 5. [weak link] releases.hashicorp.com through the corporate proxy fails most of the time (timeouts, 403 from
    the WAF, TLS interception, resets). Use the provider mirror in .terraformrc.
"""
from jlib import build

INFRA_ERR = ("Error: No INFRACOST_API_KEY environment variable is set.\n"
             "We run a free Cloud Pricing API, to get an API key run `infracost auth login`")
def STATE_ERR(p):
    return f"ENOENT: no such file or directory, open '{p}'"
AWS_ERR = ("An error occurred (ExpiredToken) when calling the ListObjectsV2 operation: The security token included in the request is expired")

S1 = ('s1', [
    ("INFRA-311: staging ALB returns 503 after the target group rename", [
        ('read', 'envs/staging/alb.tf'),
        ('read', 'modules/alb/outputs.tf'),
        ('read', 'envs/staging/terraform.tfstate', STATE_ERR('envs/staging/terraform.tfstate')),
        ('sh', 'terraform -chdir=envs/staging state list'),
        ('sh', 'terraform -chdir=envs/staging state show module.alb.aws_lb_target_group.api'),
    ]),
    ("INFRA-311 comment: listener still forwards to the old target group ARN; point it at the module output", [
        ('edit', 'envs/staging/alb.tf', 'target_group_arn = aws_lb_target_group.api_old.arn', 'target_group_arn = module.alb.target_group_arns["api"]'),
        ('sh', 'terraform -chdir=envs/staging plan -out=/tmp/staging.plan'),
        ('sh', 'terraform -chdir=envs/staging show -no-color /tmp/staging.plan'),
    ]),
    ("INFRA-311 comment: post the monthly cost delta in the PR", [
        ('sh', 'infracost breakdown --path envs/staging', INFRA_ERR),
    ]),
    ("INFRA-315: new module for the SQS dead-letter queues", [
        ('ls', 'modules'),
        ('write', 'modules/sqs-dlq/main.tf', 'resource "aws_sqs_queue" "dlq" {\n  name                      = "${var.name}-dlq"\n  message_retention_seconds = 1209600\n}\n'),
        ('sh', 'terraform fmt -recursive modules/sqs-dlq'),
    ]),
    ("INFRA-315 comment: variables and outputs for sqs-dlq", [
        ('write', 'modules/sqs-dlq/variables.tf', 'variable "name" {\n  type = string\n}\n'),
        ('write', 'modules/sqs-dlq/outputs.tf', 'output "arn" {\n  value = aws_sqs_queue.dlq.arn\n}\n'),
        ('sh', 'terraform -chdir=modules/sqs-dlq init -backend=false'),
        ('sh', 'terraform -chdir=modules/sqs-dlq validate'),
    ]),
    ("INFRA-316: check which random provider versions exist before pinning", [
        ('get', 'https://releases.hashicorp.com/terraform-provider-random/index.json'),
        ('get', 'https://releases.hashicorp.com/terraform-provider-random/3.6.2/terraform-provider-random_3.6.2_SHA256SUMS', 'dial tcp 151.101.2.49:443: i/o timeout'),
    ]),
])

S2 = ('s2', [
    ("INFRA-320: audit who can read the tf state bucket", [
        ('sh', 'aws s3 ls s3://acme-tf-state/envs/ --profile infra', AWS_ERR),
        ('sh', 'aws sso login --profile infra'),
        ('sh', 'aws s3 ls s3://acme-tf-state/envs/ --profile infra'),
        ('sh', 'aws s3api get-bucket-policy --bucket acme-tf-state --profile infra'),
    ]),
    ("INFRA-320 comment: bucket policy allows the whole account; restrict to the CI and break-glass roles", [
        ('read', 'global/state-bucket/main.tf'),
        ('read', 'global/state-bucket/policy.tf'),
        ('read', 'global/iam/roles.tf'),
        ('edit', 'global/state-bucket/policy.tf', 'identifiers = ["arn:aws:iam::${local.account_id}:root"]', 'identifiers = [aws_iam_role.ci.arn, aws_iam_role.breakglass.arn]'),
        ('sh', 'terraform -chdir=global/state-bucket plan'),
    ]),
    ("INFRA-320 comment: tflint before pushing", [
        ('sh', 'tflint --chdir=global/state-bucket', 'Failed to initialize plugins; Plugin "aws" not found. Did you run "tflint --init"?'),
        ('sh', 'tflint --init'),
        ('sh', 'tflint --chdir=global/state-bucket'),
    ]),
    ("INFRA-320 comment: cost check for the reviewers", [
        ('sh', 'infracost breakdown --path global/state-bucket', INFRA_ERR),
        ('gdiff',),
        ('gadd', ['global/state-bucket/policy.tf']),
        ('gcommit', 'state-bucket: restrict reads to CI and break-glass roles (INFRA-320)'),
    ]),
    ("INFRA-322: tls provider checksums for the lock file", [
        ('get', 'https://releases.hashicorp.com/terraform-provider-tls/index.json', 'HTTP 403 Forbidden (request blocked by web application firewall)'),
        ('get', 'https://registry.terraform.io/v1/providers/hashicorp/tls/versions'),
    ]),
])

S3 = ('s3', [
    ("INFRA-330: prod RDS instance class drift", [
        ('read', 'envs/prod/rds.tf'),
        ('read', 'modules/rds/variables.tf'),
        ('read', 'envs/prod/terraform.tfstate', STATE_ERR('envs/prod/terraform.tfstate')),
        ('sh', 'terraform -chdir=envs/prod plan -refresh-only'),
        ('sh', 'terraform -chdir=envs/prod state show module.db.aws_db_instance.this'),
    ]),
    ("INFRA-330 comment: someone resized it in the console to db.r6g.xlarge; codify it", [
        ('edit', 'envs/prod/rds.tf', 'instance_class = "db.r6g.large"', 'instance_class = "db.r6g.xlarge"'),
        ('sh', 'terraform -chdir=envs/prod plan -out=/tmp/prod.plan'),
        ('sh', 'terraform -chdir=envs/prod show -json /tmp/prod.plan'),
        ('sh', 'jq ".resource_changes | length" /tmp/prod-plan.json'),
    ]),
    ("INFRA-332: module for VPC interface endpoints", [
        ('ls', 'modules'),
        ('write', 'modules/vpc-endpoints/main.tf', 'resource "aws_vpc_endpoint" "this" {\n  for_each          = toset(var.services)\n  vpc_id            = var.vpc_id\n  service_name      = "com.amazonaws.${var.region}.${each.key}"\n  vpc_endpoint_type = "Interface"\n}\n'),
        ('sh', 'terraform fmt -recursive modules/vpc-endpoints'),
    ]),
    ("INFRA-332 comment: validate fails on the new module", [
        ('write', 'modules/vpc-endpoints/variables.tf', 'variable "services" { type = list(string) }\nvariable "vpc_id" { type = string }\n'),
        ('sh', 'terraform -chdir=modules/vpc-endpoints init -backend=false'),
        ('sh', 'terraform -chdir=modules/vpc-endpoints validate', 'Error: Reference to undeclared input variable\n\n  on main.tf line 5, in resource "aws_vpc_endpoint" "this":\n   5:   service_name = "com.amazonaws.${var.region}.${each.key}"'),
        ('edit', 'modules/vpc-endpoints/variables.tf', 'variable "vpc_id" { type = string }', 'variable "vpc_id" { type = string }\nvariable "region" { type = string }'),
        ('sh', 'terraform -chdir=modules/vpc-endpoints validate'),
    ]),
    ("INFRA-333: null provider release notes", [
        ('get', 'https://releases.hashicorp.com/terraform-provider-null/index.json'),
        ('get', 'https://releases.hashicorp.com/terraform-provider-null/3.2.3/', 'x509: certificate signed by unknown authority'),
    ]),
])

S4 = ('s4', [
    ("INFRA-340: tag every resource with cost-center via default_tags", [
        ('read', 'envs/staging/providers.tf'),
        ('read', 'envs/prod/providers.tf'),
        ('read', 'envs/staging/variables.tf'),
        ('edit', 'envs/staging/providers.tf', '  region = var.region\n', '  region = var.region\n  default_tags {\n    tags = { cost-center = "platform" }\n  }\n'),
        ('edit', 'envs/prod/providers.tf', '  region = var.region\n', '  region = var.region\n  default_tags {\n    tags = { cost-center = "platform" }\n  }\n'),
        ('sh', 'terraform -chdir=envs/staging plan'),
    ]),
    ("INFRA-340 comment: how big is the cost diff?", [
        ('sh', 'infracost breakdown --path envs/prod --format table', INFRA_ERR),
        ('sh', 'terraform -chdir=envs/prod plan'),
    ]),
    ("INFRA-341: is the staging NAT gateway still in state after the VPC split?", [
        ('read', 'envs/staging/terraform.tfstate', STATE_ERR('envs/staging/terraform.tfstate')),
        ('sh', 'terraform -chdir=envs/staging state list'),
        ('sh', 'grep -n nat_gateway envs/staging/vpc.tf'),
    ]),
    ("INFRA-341 comment: commit the tagging change", [
        ('gst',),
        ('gdiff',),
        ('gadd', ['envs/staging/providers.tf', 'envs/prod/providers.tf']),
        ('gcommit', 'tag all resources with cost-center via default_tags (INFRA-340)'),
        ('sh', 'git push -u origin infra-340-default-tags'),
    ]),
    ("INFRA-342: archive provider checksums", [
        ('get', 'https://releases.hashicorp.com/terraform-provider-archive/index.json', 'read tcp 10.20.0.14:51544->151.101.2.49:443: read: connection reset by peer'),
    ]),
])

S5 = ('s5', [
    ("INFRA-350: lifecycle rule to expire noncurrent state versions after 90 days", [
        ('sh', 'aws s3api get-bucket-lifecycle-configuration --bucket acme-tf-state --profile infra'),
        ('sh', 'aws s3 ls s3://acme-tf-state/envs/prod/ --profile infra', AWS_ERR),
        ('sh', 'aws sso login --profile infra'),
        ('sh', 'aws s3 ls s3://acme-tf-state/envs/prod/ --profile infra'),
    ]),
    ("INFRA-350 comment: add aws_s3_bucket_lifecycle_configuration to global/state-bucket", [
        ('read', 'global/state-bucket/main.tf'),
        ('read', 'global/state-bucket/versioning.tf'),
        ('write', 'global/state-bucket/lifecycle.tf', 'resource "aws_s3_bucket_lifecycle_configuration" "state" {\n  bucket = aws_s3_bucket.state.id\n  rule {\n    id     = "expire-noncurrent"\n    status = "Enabled"\n    noncurrent_version_expiration { noncurrent_days = 90 }\n  }\n}\n'),
        ('sh', 'terraform -chdir=global/state-bucket plan'),
        ('sh', 'terraform -chdir=global/state-bucket apply -auto-approve'),
    ]),
    ("INFRA-352: module for the EventBridge scheduler", [
        ('ls', 'modules'),
        ('write', 'modules/scheduler/main.tf', 'resource "aws_scheduler_schedule" "this" {\n  name                = var.name\n  schedule_expression = var.cron\n  flexible_time_window { mode = "OFF" }\n  target {\n    arn      = var.target_arn\n    role_arn = var.role_arn\n  }\n}\n'),
        ('sh', 'terraform fmt -recursive modules/scheduler'),
    ]),
    ("INFRA-352 comment: check the prod state for the old CloudWatch event rules", [
        ('read', 'envs/prod/terraform.tfstate', STATE_ERR('envs/prod/terraform.tfstate')),
        ('sh', 'terraform -chdir=envs/prod state list'),
    ]),
    ("INFRA-353: provider mirror sync", [
        ('get', 'https://releases.hashicorp.com/terraform-provider-random/index.json'),
        ('get', 'https://releases.hashicorp.com/terraform-provider-tls/4.0.6/', 'HTTP 504 Gateway Timeout'),
    ]),
])

S6 = ('s6', [
    ("INFRA-360: rotate the CI OIDC thumbprint", [
        ('read', 'global/iam/oidc.tf'),
        ('read', 'global/iam/ci-role.tf'),
        ('sh', 'openssl s_client -servername token.actions.githubusercontent.com -showcerts -connect token.actions.githubusercontent.com:443 </dev/null'),
        ('edit', 'global/iam/oidc.tf', 'thumbprint_list = ["6938fd4d98bab03faadb97b34396831e3780aea1"]', 'thumbprint_list = ["6938fd4d98bab03faadb97b34396831e3780aea1", "1c58a3a8518e8759bf075b76b750d4f2df264fcd"]'),
        ('sh', 'terraform -chdir=global/iam plan'),
    ]),
    ("INFRA-360 comment: cost estimate requested by reviewer", [
        ('sh', 'infracost breakdown --path global/iam', INFRA_ERR),
    ]),
    ("INFRA-361: pin provider versions in versions.tf across envs", [
        ('read', 'envs/staging/versions.tf'),
        ('read', 'envs/prod/versions.tf'),
        ('edit', 'envs/staging/versions.tf', 'version = "~> 5.0"', 'version = "~> 5.70"'),
        ('edit', 'envs/prod/versions.tf', 'version = "~> 5.0"', 'version = "~> 5.70"'),
        ('sh', 'terraform -chdir=envs/staging init -upgrade'),
        ('sh', 'terraform -chdir=envs/prod init -upgrade'),
    ]),
    ("INFRA-361 comment: double-check the random provider checksum list", [
        ('get', 'https://releases.hashicorp.com/terraform-provider-random/3.6.3/terraform-provider-random_3.6.3_SHA256SUMS', 'unexpected EOF while reading response body'),
        ('get', 'https://registry.terraform.io/v1/providers/hashicorp/random/3.6.3/download/linux/amd64'),
    ]),
    ("INFRA-361 comment: commit lock files", [
        ('gdiff',),
        ('gadd', ['envs/staging/versions.tf', 'envs/prod/versions.tf', 'envs/staging/.terraform.lock.hcl', 'envs/prod/.terraform.lock.hcl']),
        ('gcommit', 'pin aws provider ~> 5.70 (INFRA-361)'),
        ('sh', 'git push -u origin infra-361-pin-providers'),
        ('sh', 'gh pr create --fill'),
    ]),
])

if __name__ == '__main__':
    n = build([S1, S2, S3, S4, S5, S6], 'journal-24.jsonl', 1764057600.0)
    print('journal-24.jsonl', n, 'events')
