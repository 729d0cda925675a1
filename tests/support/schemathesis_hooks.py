"""Schemathesis hooks for the API v1 contract test (loaded through SCHEMATHESIS_HOOKS).

Idempotency-Key: the document asks for a key unique per request (a UUID). Generated keys repeat
("0", "A", ...) across unrelated requests, which the server rightly refuses as a reused key; a
valid generated key is replaced by a fresh UUID, as a correct client sends. An invalid or missing
key (a negative case) is left as generated.

NUL: every request whose body, query or path holds a NUL character is counted in the file
SCHEMATHESIS_NUL_LOG names (one line per request: the operation), so the test can show that
schemathesis did send them.
"""
import os
import re
import uuid

import schemathesis

VALID_KEY = re.compile(r"^[\x21-\x7e]{1,255}$")


@schemathesis.hook
def before_call(context, case, kwargs):
    headers = case.headers or {}
    for name in list(headers):
        if name.lower() == "idempotency-key" and isinstance(headers[name], str) and VALID_KEY.match(headers[name]):
            headers[name] = str(uuid.uuid4())


def _holds_nul(value):
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(k) or _holds_nul(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(_holds_nul(v) for v in value)
    return False


@schemathesis.hook("before_call")
def count_nul(context, case, kwargs):
    log = os.environ.get("SCHEMATHESIS_NUL_LOG")
    if log and any(_holds_nul(part) for part in (case.body, case.query, case.path_parameters)):
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"{case.operation.label}\n")
