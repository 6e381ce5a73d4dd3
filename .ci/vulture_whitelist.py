# Names vulture cannot see being used: read by libraries, by the wire or by reflection. `vulture` (config in
# pyproject.toml) reads this file with the code; a name here must say who uses it.
# ruff: noqa: F821, B018
_.curve_publickey  # pyzmq socket options, set as attributes
_.curve_secretkey
_.curve_serverkey
_.curve_server
_.zap_domain
_._usage_display_name  # click's hooks, overridden to drop type names from help
_.display_type_rich
_.__class__  # a parameter's class swapped for one with the hooks above
_.malformed  # Client.events: dropped malformed events, read by callers and tests
_.store_event  # the MCP SDK's EventStore interface
_.replay_events_after
Healer  # organs are classes loaded by module name from the mesh file
static_text  # the conformance organ's resources, found by the @resource decorator
static_binary
template_data
kept_value
hit_at  # a card row's column, read back from SQLite
pytestmark  # read by pytest
Broken  # its definition must fail
ABILITY_KINDS  # the wire's vocabularies, named for the reader of broker.protocol
NOTICE_KINDS
ASK_KINDS
_.should_exit  # uvicorn.Server's flag to stop serving, read by its loop
_.log_message  # http.server's hook, overridden to keep scrapes out of the log (broker/endpoints.py)
_.address_family  # socketserver's class attribute, set for the metrics address's family (broker/endpoints.py)
