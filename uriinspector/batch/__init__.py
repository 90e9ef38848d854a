"""The batch interface (JSON Lines, docs/contract/batch-protocol.md): the protocol, its
op table, and the runner that answers lines on worker processes. Never imports Qt."""
