"""The one op table of the batch: which handler answers ``{"op": NAME}``.

Every op of docs/contract/batch-protocol.md is here, in the contract's order, the
document ops (``extract`` of html/eml/data, ``qr``) beside the core's: nothing is
registered at run time, so every process (the serial loop, ``--jobs`` workers, the
fuzzers, tests) answers the same ops the same way. The handlers import the core and
the document readers lazily, on first use.
"""

from __future__ import annotations

from typing import Final

from uriinspector.batch import documents, uri_ops
from uriinspector.batch.fields import Handler

#: Op name -> handler (the request object in, the answer's body out).
OP_TABLE: Final[dict[str, Handler]] = {
    "parse": uri_ops.op_parse,
    "analyze": uri_ops.op_analyze,
    "resolve": uri_ops.op_resolve,
    "normalize": uri_ops.op_normalize,
    "compare": uri_ops.op_compare,
    "urn": uri_ops.op_urn,
    "urn-equivalent": uri_ops.op_urn_equivalent,
    "extract": documents.op_extract,
    "qr": documents.answer_qr,
}

#: Every operation the protocol answers, in the contract's order.
OPS: Final = tuple(OP_TABLE)
