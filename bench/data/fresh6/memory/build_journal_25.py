"""Journal 25 - Go microservice with gRPC/protobuf ("orders-svc": buf, protoc-gen-go-grpc, pgx, docker compose).
Runbook written first (the lessons), then the sessions below were written against it.

RUNBOOK (orders-svc CONTRIBUTING.md, "gotchas")
 1. [pitfall] The server does not register gRPC reflection (security review said no), so
    `grpcurl ... list` always fails. Use cmd/orderctl or the e2e tests instead.
 2. [rule] A fresh container has no protoc-gen-go-grpc; plain `buf generate` fails on the go-grpc plugin.
    `go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.5.1` and run `buf generate` again.
 3. [rule] `docker compose up -d postgres` fails when the previous stack is still holding port 5432:
    `docker compose down` first, then up.
 4. [playbook] Changing the API: edit proto/orders/v1/orders.proto -> `make proto` -> git diff -> git add
    (the generated code is committed with the .proto).
 5. [weak link] git commit goes through heavy pre-commit hooks (golangci-lint, buf-breaking, commitlint, gpg);
    more commits fail than pass. Run `make lint` before committing.
"""
from jlib import build

GRPCURL_ERR = "Failed to list services: server does not support the reflection API"
BUF_ERR = ("Failure: plugin go-grpc: could not find protoc plugin for name go-grpc - please make sure "
           "protoc-gen-go-grpc is installed and present on your $PATH")
PORT_ERR = ("Error response from daemon: driver failed programming external connectivity on endpoint orders-postgres-1 "
            "(3f9c2a7be1d04c55a9e0b2f6d8c1e7a4): Bind for 0.0.0.0:5432 failed: port is already allocated")

S1 = ('s1', [
    ("GO-201: add ListOrders RPC with page tokens", [
        ('read', 'proto/orders/v1/orders.proto'),
        ('read', 'buf.gen.yaml'),
        ('sh', 'buf generate', BUF_ERR),
        ('sh', 'go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.5.1'),
        ('sh', 'buf generate'),
    ]),
    ("GO-201 comment: define ListOrdersRequest/Response in the proto", [
        ('edit', 'proto/orders/v1/orders.proto', '  rpc GetOrder(GetOrderRequest) returns (Order);', '  rpc GetOrder(GetOrderRequest) returns (Order);\n  rpc ListOrders(ListOrdersRequest) returns (ListOrdersResponse);'),
        ('sh', 'make proto'),
        ('gdiff',),
        ('gadd', ['proto/orders/v1/orders.proto', 'gen/go/orders/v1']),
    ]),
    ("GO-201 comment: implement the handler", [
        ('read', 'internal/server/orders.go'),
        ('read', 'internal/store/orders.go'),
        ('edit', 'internal/server/orders.go', 'func (s *Server) GetOrder(', 'func (s *Server) ListOrders(ctx context.Context, req *ordersv1.ListOrdersRequest) (*ordersv1.ListOrdersResponse, error) {\n\treturn s.store.List(ctx, req.GetPageToken(), req.GetPageSize())\n}\n\nfunc (s *Server) GetOrder('),
        ('sh', 'go build ./...'),
        ('sh', 'go test ./internal/server/...'),
    ]),
    ("GO-201 comment: smoke the new RPC against the local server", [
        ('sh', 'go run ./cmd/orders-svc --listen :50051 &'),
        ('sh', 'grpcurl -plaintext localhost:50051 list', GRPCURL_ERR),
        ('sh', 'go run ./cmd/orderctl list --addr localhost:50051 --page-size 2'),
    ]),
    ("GO-201 comment: commit", [
        ('gcommit', 'feat(orders): ListOrders RPC with page tokens'),
        ('gadd', ['internal/server/orders.go']),
        ('gcommit', 'feat(server): implement ListOrders', 'error: gpg failed to sign the data\nfatal: failed to write commit object'),
    ]),
])

S2 = ('s2', [
    ("GO-207: integration tests fail locally (pgx connect refused)", [
        ('read', 'docker-compose.yml'),
        ('read', 'internal/store/store_test.go'),
        ('sh', 'docker compose up -d postgres', PORT_ERR),
        ('sh', 'docker compose down'),
        ('sh', 'docker compose up -d postgres'),
        ('sh', 'go test -tags=integration ./internal/store/...'),
    ]),
    ("GO-207 comment: tests pass once postgres is up; make the test skip with a clear message when DB is absent", [
        ('edit', 'internal/store/store_test.go', 'pool, err := pgxpool.New(ctx, dsn)\n\tif err != nil {\n\t\tt.Fatal(err)\n\t}', 'pool, err := pgxpool.New(ctx, dsn)\n\tif err != nil {\n\t\tt.Skipf("postgres not reachable at %s: %v (run docker compose up -d postgres)", dsn, err)\n\t}'),
        ('sh', 'go vet ./internal/store/...'),
        ('sh', 'go test -tags=integration ./internal/store/...'),
    ]),
    ("GO-208: look up pgxpool config docs for MaxConnIdleTime", [
        ('get', 'https://pkg.go.dev/github.com/jackc/pgx/v5/pgxpool#Config'),
    ]),
    ("GO-208 comment: set MaxConnIdleTime to 5m from env", [
        ('read', 'internal/config/config.go'),
        ('edit', 'internal/config/config.go', '\tMaxConns int32 `env:"DB_MAX_CONNS" envDefault:"10"`', '\tMaxConns int32 `env:"DB_MAX_CONNS" envDefault:"10"`\n\tMaxConnIdle time.Duration `env:"DB_MAX_CONN_IDLE" envDefault:"5m"`'),
        ('edit', 'internal/store/store.go', 'cfg.MaxConns = c.MaxConns', 'cfg.MaxConns = c.MaxConns\n\tcfg.MaxConnIdleTime = c.MaxConnIdle'),
        ('sh', 'go build ./...'),
        ('gadd', ['internal/store/store_test.go', 'internal/config/config.go', 'internal/store/store.go']),
        ('gcommit', 'store: skip integration tests without postgres; idle conn timeout',
         'golangci-lint............................................................Failed\n- hook id: golangci-lint\n- exit code: 1\n\ninternal/config/config.go:14:2: field `MaxConnIdle` is unused (unused)'),
    ]),
])

S3 = ('s3', [
    ("GO-215: CancelOrder must be idempotent", [
        ('read', 'internal/server/cancel.go'),
        ('read', 'internal/server/cancel_test.go'),
        ('sh', 'go test ./internal/server/ -run TestCancelOrder -count=1'),
    ]),
    ("GO-215 comment: return the existing order when it is already CANCELLED instead of FailedPrecondition", [
        ('edit', 'internal/server/cancel.go', '\tif o.Status == ordersv1.Status_CANCELLED {\n\t\treturn nil, status.Error(codes.FailedPrecondition, "already cancelled")\n\t}', '\tif o.Status == ordersv1.Status_CANCELLED {\n\t\treturn o, nil\n\t}'),
        ('edit', 'internal/server/cancel_test.go', '\t\twantCode: codes.FailedPrecondition,', '\t\twantCode: codes.OK,'),
        ('sh', 'go test ./internal/server/ -run TestCancelOrder -count=1'),
    ]),
    ("GO-216: add cancel_reason to Order", [
        ('edit', 'proto/orders/v1/orders.proto', '  google.protobuf.Timestamp updated_at = 9;', '  google.protobuf.Timestamp updated_at = 9;\n  string cancel_reason = 10;'),
        ('sh', 'make proto'),
        ('gdiff',),
        ('gadd', ['proto/orders/v1/orders.proto', 'gen/go/orders/v1']),
    ]),
    ("GO-216 comment: errgroup for the batch cancel path; bump x/sync", [
        ('sh', 'go get golang.org/x/sync@v0.8.0'),
        ('sh', 'go build ./...', 'internal/server/batch.go:9:2: missing go.sum entry for module providing package golang.org/x/sync/errgroup (imported by github.com/acme/orders-svc/internal/server); to add:\n\tgo get github.com/acme/orders-svc/internal/server'),
        ('sh', 'go mod tidy'),
        ('sh', 'go build ./...'),
    ]),
    ("GO-216 comment: check the new field over the wire", [
        ('sh', 'grpcurl -plaintext localhost:50052 list', GRPCURL_ERR),
        ('sh', 'go test ./e2e/... -run TestCancelReason'),
    ]),
    ("GO-215 comment: commit both tickets", [
        ('gst',),
        ('gcommit', 'fix(server): idempotent CancelOrder (GO-215)'),
        ('gadd', ['go.mod', 'go.sum']),
        ('gcommit', 'deps', 'commitlint: subject may not be empty [subject-empty]\ncommitlint: type may not be empty [type-empty]\n\n✖   found 2 problems, 0 warnings'),
    ]),
])

S4 = ('s4', [
    ("GO-222: streaming WatchOrders RPC for the dashboard", [
        ('read', 'proto/orders/v1/orders.proto'),
        ('ls', 'gen/go/orders/v1'),
        ('sh', 'buf lint'),
        ('sh', 'buf generate', BUF_ERR),
        ('sh', 'go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.5.1'),
        ('sh', 'buf generate'),
    ]),
    ("GO-222 comment: server-side stream backed by the outbox poller", [
        ('read', 'internal/outbox/poller.go'),
        ('write', 'internal/server/watch.go', 'package server\n\nfunc (s *Server) WatchOrders(req *ordersv1.WatchOrdersRequest, stream ordersv1.OrderService_WatchOrdersServer) error {\n\tsub := s.outbox.Subscribe(stream.Context())\n\tfor ev := range sub {\n\t\tif err := stream.Send(ev.Order); err != nil {\n\t\t\treturn err\n\t\t}\n\t}\n\treturn nil\n}\n'),
        ('sh', 'go build ./...'),
        ('sh', 'go test ./internal/server/... -run Watch'),
    ]),
    ("GO-222 comment: try the stream from the CLI", [
        ('sh', 'grpcurl -plaintext localhost:50051 list', GRPCURL_ERR),
        ('sh', 'go run ./cmd/orderctl watch --addr localhost:50051 --timeout 5s'),
    ]),
    ("GO-222 comment: commit", [
        ('gadd', ['internal/server/watch.go', 'gen/go/orders/v1']),
        ('gcommit', 'feat(server): WatchOrders server stream (GO-222)'),
        ('sh', 'go run ./cmd/orderctl watch --addr localhost:50051 --timeout 5s --json'),
        ('gcommit', 'chore: tidy', "fatal: Unable to create '/src/orders-svc/.git/index.lock': File exists.\n\nAnother git process seems to be running in this repository"),
    ]),
])

S5 = ('s5', [
    ("GO-230: order totals off by one cent for multi-currency carts", [
        ('read', 'internal/pricing/total.go'),
        ('read', 'internal/pricing/total_test.go'),
        ('sh', 'go test ./internal/pricing/ -run TestTotal -v'),
    ]),
    ("GO-230 comment: we round per line; round once at the end with banker's rounding", [
        ('edit', 'internal/pricing/total.go', '\t\tsum += roundCents(l.Amount * l.Rate)', '\t\tsum += l.Amount * l.Rate'),
        ('edit', 'internal/pricing/total.go', '\treturn sum, nil', '\treturn roundHalfEven(sum), nil'),
        ('sh', 'go test ./internal/pricing/...'),
    ]),
    ("GO-230 comment: rerun store integration tests with the new totals", [
        ('sh', 'docker compose up -d postgres', PORT_ERR),
        ('sh', 'docker compose down'),
        ('sh', 'docker compose up -d postgres'),
        ('sh', 'go test -tags=integration ./internal/store/... ./internal/pricing/...'),
    ]),
    ("GO-231: read decimal docs before switching to shopspring/decimal", [
        ('get', 'https://pkg.go.dev/github.com/shopspring/decimal#Decimal.RoundBank'),
        ('get', 'https://pkg.go.dev/github.com/shopspring/decimal#NewFromFloat'),
    ]),
    ("GO-230 comment: commit", [
        ('gst',),
        ('gadd', ['internal/pricing/total.go']),
        ('gst',),
        ('gcommit', 'fix(pricing): round once per cart (GO-230)', 'On branch fix/go-230-rounding\nnothing to commit, working tree clean'),
    ]),
])

S6 = ('s6', [
    ("GO-240: deprecate Order.legacy_id", [
        ('read', 'proto/orders/v1/orders.proto'),
        ('sh', 'rg -n "LegacyId|legacy_id" --type go'),
        ('read', 'cmd/orderctl/get.go'),
    ]),
    ("GO-240 comment: mark the field deprecated, keep the number reserved for later", [
        ('edit', 'proto/orders/v1/orders.proto', '  string legacy_id = 4;', '  string legacy_id = 4 [deprecated = true];'),
        ('sh', 'make proto'),
        ('gdiff',),
        ('gadd', ['proto/orders/v1/orders.proto', 'gen/go/orders/v1']),
    ]),
    ("GO-240 comment: stop reading legacy_id in orderctl", [
        ('edit', 'cmd/orderctl/get.go', '\tfmt.Printf("%s (%s)\\n", o.GetId(), o.GetLegacyId())', '\tfmt.Printf("%s\\n", o.GetId())'),
        ('sh', 'go build ./...'),
        ('sh', 'go test ./cmd/...'),
        ('gadd', ['cmd/orderctl/get.go']),
        ('gcommit', 'feat(proto): deprecate Order.legacy_id (GO-240)'),
    ]),
    ("GO-241: someone changed legacy_id to int64 on the branch; check before merging", [
        ('sh', 'git log --oneline -5 -- proto/orders/v1/orders.proto'),
        ('sh', 'grpcurl -plaintext orders.staging.internal:50051 list', GRPCURL_ERR),
        ('edit', 'proto/orders/v1/orders.proto', '  string legacy_id = 4 [deprecated = true];', '  int64 legacy_id = 4 [deprecated = true];'),
        ('gcommit', 'proto: legacy_id as int64',
         'buf-breaking.............................................................Failed\n- hook id: buf-breaking\n- exit code: 100\n\nproto/orders/v1/orders.proto:31:3:Field "4" with name "legacy_id" on message "Order" changed type from "string" to "int64".'),
    ]),
])

if __name__ == '__main__':
    n = build([S1, S2, S3, S4, S5, S6], 'journal-25.jsonl', 1764144000.0)
    print('journal-25.jsonl', n, 'events')
