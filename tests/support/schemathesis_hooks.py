"""Schemathesis hooks for the API v1 contract test (loaded through SCHEMATHESIS_HOOKS).

Idempotency-Key: the document asks for a key unique per request (a UUID). Generated keys repeat
("0", "A", ...) across unrelated requests, which the server rightly refuses as a reused key; a
valid generated key is replaced by a fresh UUID, as a correct client sends. An invalid or missing
key (a negative case) is left as generated.
"""
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
