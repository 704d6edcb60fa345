"""Loaded by schemathesis (SCHEMATHESIS_HOOKS, scripts/api-check.sh) before its workers start.

CPython 3.11 keeps the recursion depth of `ast.parse`'s tree building in one place per interpreter, not per thread
(fixed in 3.12, never in 3.11: gh-106905). hypothesis parses source files to describe the lambdas schemathesis
filters with; two workers doing that at once fail the run with "SystemError: AST constructor recursion depth
mismatch" (decision 1549). One parse at a time; hypothesis caches each file's tree, so they are few.
"""

import ast
import threading

_parse = ast.parse
_one_at_a_time = threading.RLock()


def _parse_alone(*args, **kwargs):
    with _one_at_a_time:
        return _parse(*args, **kwargs)


ast.parse = _parse_alone
