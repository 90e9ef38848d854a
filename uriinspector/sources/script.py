"""Where a script sends the browser, decoded statically: the script is never run.

Phishing attachments (an HTML or SVG file) often hide their target in a script:
``window.location = atob("aHR0cHM6…")``, a reversed string joined back, character codes,
``\\x`` escapes. This module parses the script with a real JavaScript parser (esprima),
finds the navigation sinks (assignments to ``location``, ``location.href``,
``window.location``, ``document.location``, ``top.location``…; calls of
``location.replace``/``location.assign``, ``window.open``, and Acrobat's
``app.launchURL``/``this.getURL``/``this.submitForm`` in PDF scripts) and evaluates only
*constant* expressions for their argument: string and number literals, template literals,
``+``, arrays, ``atob``, ``decodeURIComponent``/``decodeURI``/``unescape``,
``String.fromCharCode``, ``split``/``reverse``/``join``/``concat``/``replace``/
``toLowerCase``/``toUpperCase``/``slice``/``substring``/``trim``, and variables assigned
once with such a value. A part known only at run time (``+ location.hash``, the victim's
address from the URL) ends the constant: the literal prefix is kept and the target is
marked partial. Bounded: script size, syntax-tree nodes, string length and evaluation
depth; anything beyond is a note, never an exception.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import unquote

#: Largest script parsed (characters); esprima is pure Python (~1 MB/s).
MAX_SCRIPT_CHARS: Final = 512 * 1024
#: Most syntax-tree nodes walked in one script.
MAX_NODES: Final = 200_000
#: Longest string a constant expression may build (a bomb of doubling concatenations).
MAX_VALUE_CHARS: Final = 1 << 20
#: Deepest constant expression evaluated.
MAX_DEPTH: Final = 200
#: Most targets reported for one script.
MAX_TARGETS: Final = 1_000

_WINDOWS: Final = frozenset({"window", "self", "top", "parent", "document", "globalThis",
                             "frames", "content"})
_DECODERS: Final = frozenset({"decodeURIComponent", "decodeURI", "unescape"})


@dataclass(frozen=True, slots=True)
class ScriptTarget:
    """One navigation target of a script.

    ``url`` is the constant value (or its literal prefix when ``partial``); ``sink`` names
    where it goes (``location.href =``, ``window.open()``…); ``start``/``end`` locate the
    sink's expression in the script (code points); ``note`` says what was not constant.
    """

    url: str
    sink: str
    start: int
    end: int
    partial: bool = False
    note: str | None = None


@dataclass(frozen=True, slots=True)
class ScriptReading:
    """Every target found in one script, and what could not be read (``problems``)."""

    targets: tuple[ScriptTarget, ...]
    problems: tuple[str, ...] = ()


class _Unknown:
    """A value known only at run time; ``prefix`` is the constant text before it."""

    __slots__ = ("prefix", "why")

    def __init__(self, prefix: str, why: str) -> None:
        self.prefix = prefix
        self.why = why


class _TooBig(Exception):
    """A bound was crossed while evaluating."""


Value = str | float | list[Any] | _Unknown | None


def _describe(node: dict[str, Any]) -> str:
    """A short name for a non-constant expression (``location.hash``, ``getEmail()``)."""
    kind = node.get("type")
    if kind == "Identifier":
        return str(node.get("name"))
    if kind == "ThisExpression":
        return "this"
    if kind == "MemberExpression" and not node.get("computed"):
        return f"{_describe(node['object'])}.{node['property'].get('name', '?')}"
    if kind == "CallExpression":
        return f"{_describe(node['callee'])}()"
    return "an expression"


class _Evaluator:
    """Evaluates constant JavaScript expressions over esprima's dict tree."""

    def __init__(self, constants: dict[str, dict[str, Any]]) -> None:
        self._constants = constants
        self._resolving: set[str] = set()

    def value(self, node: dict[str, Any] | None, depth: int = 0) -> Value:
        if node is None:
            return None
        if depth > MAX_DEPTH:
            raise _TooBig("the expression is nested too deeply")
        kind = node.get("type")
        if kind == "Literal":
            v = node.get("value")
            if isinstance(v, bool) or v is None:
                return _Unknown("", "a non-string literal")
            return v if isinstance(v, str) else float(v) if isinstance(v, int | float) else \
                _Unknown("", "a regular expression")
        if kind == "TemplateLiteral":
            out = ""
            quasis = node.get("quasis", [])
            exprs = node.get("expressions", [])
            for i, q in enumerate(quasis):
                out += str(q.get("value", {}).get("cooked") or "")
                if i < len(exprs):
                    v = self.value(exprs[i], depth + 1)
                    if isinstance(v, _Unknown):
                        return _Unknown(out + v.prefix, v.why)
                    out += _text(v)
                self._bound(out)
            return out
        if kind == "BinaryExpression" and node.get("operator") == "+":
            left = self.value(node["left"], depth + 1)
            if isinstance(left, _Unknown):
                return left
            right = self.value(node["right"], depth + 1)
            if isinstance(left, float) and isinstance(right, float):
                return left + right
            if isinstance(right, _Unknown):
                return _Unknown(_text(left) + right.prefix, right.why)
            return self._bound(_text(left) + _text(right))
        if kind == "ArrayExpression":
            items: list[Any] = []
            for element in node.get("elements", []):
                v = self.value(element, depth + 1)
                if isinstance(v, _Unknown):
                    return _Unknown("", v.why)
                items.append(v)
            return items
        if kind == "Identifier":
            name = str(node.get("name"))
            init = self._constants.get(name)
            if init is None or name in self._resolving:
                return _Unknown("", f"{name} (known at run time)")
            self._resolving.add(name)
            try:
                return self.value(init, depth + 1)
            finally:
                self._resolving.discard(name)
        if kind == "CallExpression":
            return self._call(node, depth)
        if kind == "SequenceExpression":
            exprs = node.get("expressions", [])
            return self.value(exprs[-1], depth + 1) if exprs else None
        if kind == "ConditionalExpression":
            return _Unknown("", "a condition decided at run time")
        return _Unknown("", _describe(node) + " (known at run time)")

    def _bound(self, text: str) -> str:
        if len(text) > MAX_VALUE_CHARS:
            raise _TooBig(f"a constant string grows past {MAX_VALUE_CHARS:,} characters")
        return text

    def _call(self, node: dict[str, Any], depth: int) -> Value:
        callee = node["callee"]
        args = [self.value(a, depth + 1) for a in node.get("arguments", [])]
        unknown = next((a for a in args if isinstance(a, _Unknown)), None)
        if callee.get("type") == "Identifier" or _is_window_member(callee):
            name = callee["name"] if callee.get("type") == "Identifier" else \
                callee["property"].get("name")
            if unknown is not None:
                return _Unknown("", unknown.why)
            if name == "atob" and args and isinstance(args[0], str):
                return _atob(args[0])
            if name in _DECODERS and args and isinstance(args[0], str):
                try:
                    return unquote(args[0], errors="strict")
                except UnicodeDecodeError:
                    return unquote(args[0], encoding="latin-1")
            if name == "String":
                return _text(args[0]) if args else ""
            return _Unknown("", f"{name}() (a function of the page)")
        if callee.get("type") != "MemberExpression" or callee.get("computed"):
            return _Unknown("", _describe(callee) + "()")
        method = callee["property"].get("name")
        obj_node = callee["object"]
        if (method == "fromCharCode" and obj_node.get("type") == "Identifier"
                and obj_node.get("name") == "String"):
            if unknown is not None:
                return _Unknown("", unknown.why)
            codes = [a for a in args if isinstance(a, float)]
            if len(codes) != len(args):
                return _Unknown("", "String.fromCharCode of non-numbers")
            return self._bound("".join(chr(int(c) & 0xFFFF) for c in codes))
        target = self.value(obj_node, depth + 1)
        if isinstance(target, _Unknown):
            return target
        if unknown is not None:
            return _Unknown(target if isinstance(target, str) else "", unknown.why)
        return _method(target, str(method), args)


def _text(v: Value) -> str:
    """JavaScript's ToString for the constants we build."""
    if isinstance(v, str):
        return v
    if isinstance(v, float):
        return str(int(v)) if v.is_integer() else repr(v)
    if isinstance(v, list):
        return ",".join(_text(x) for x in v)
    return ""


def _atob(text: str) -> Value:
    cleaned = "".join(text.split())
    try:
        data = base64.b64decode(cleaned + "=" * (-len(cleaned) % 4), validate=True)
    except (binascii.Error, ValueError):
        return _Unknown("", "atob() of text that is not base64")
    return data.decode("latin-1")  # atob yields one character per byte


def _method(target: Value, method: str, args: list[Value]) -> Value:
    """A string or array method with constant arguments."""
    if isinstance(target, str):
        if method == "split":
            sep = args[0] if args else None
            if sep is None:
                return [target]
            if sep == "":
                return list(target)
            return target.split(sep) if isinstance(sep, str) else _Unknown("", "split()")
        if method in ("toLowerCase", "toUpperCase", "trim"):
            return {"toLowerCase": target.lower, "toUpperCase": target.upper,
                    "trim": target.strip}[method]()
        if method == "concat":
            return target + "".join(_text(a) for a in args)
        if method == "replace" and len(args) == 2 and all(isinstance(a, str) for a in args):
            return target.replace(str(args[0]), str(args[1]), 1)
        if method in ("replaceAll",) and len(args) == 2 and all(isinstance(a, str)
                                                                 for a in args):
            return target.replace(str(args[0]), str(args[1]))
        if method in ("slice", "substring", "substr") and all(isinstance(a, float)
                                                              for a in args):
            nums = [int(a) for a in args if isinstance(a, float)]
            if method == "substr" and nums:
                start = nums[0]
                return target[start:start + nums[1]] if len(nums) > 1 else target[start:]
            return target[slice(*nums[:2])] if nums else target
        if method == "toString":
            return target
    if isinstance(target, list):
        if method == "reverse":
            return list(reversed(target))
        if method == "join":
            sep = _text(args[0]) if args else ","
            return sep.join(_text(x) for x in target)
        if method == "concat":
            out = list(target)
            for a in args:
                out += a if isinstance(a, list) else [a]
            return out
    return _Unknown("", f".{method}() (not evaluated)")


def _is_window_member(node: dict[str, Any]) -> bool:
    """``window.atob``, ``self.open``: a member of a window-like object."""
    return (node.get("type") == "MemberExpression" and not node.get("computed")
            and node["object"].get("type") == "Identifier"
            and node["object"].get("name") in _WINDOWS)


def _location_target(node: dict[str, Any]) -> str | None:
    """The sink name when ``node`` (an assignment's left side) is a location, else None."""
    if node.get("type") == "Identifier" and node.get("name") == "location":
        return "location ="
    if node.get("type") != "MemberExpression":
        return None
    prop = _property_name(node)
    obj = node["object"]
    if prop == "location" and obj.get("type") == "Identifier" and obj.get("name") in _WINDOWS:
        return f"{obj['name']}.location ="
    if prop == "href" and _is_location(obj):
        return f"{_describe(obj)}.href ="
    return None


def _property_name(node: dict[str, Any]) -> str | None:
    prop = node.get("property", {})
    if not node.get("computed"):
        name = prop.get("name")
        return str(name) if name is not None else None
    value = prop.get("value") if prop.get("type") == "Literal" else None
    return value if isinstance(value, str) else None


def _is_location(node: dict[str, Any]) -> bool:
    """``location``, ``window.location``, ``document.location``, ``top.location``…"""
    if node.get("type") == "Identifier":
        return node.get("name") == "location"
    return (node.get("type") == "MemberExpression" and _property_name(node) == "location"
            and node["object"].get("type") == "Identifier"
            and node["object"].get("name") in _WINDOWS)


def _sink(node: dict[str, Any]) -> tuple[str, dict[str, Any] | None] | None:
    """(sink name, the expression it navigates to) when ``node`` navigates, else None."""
    kind = node.get("type")
    if kind == "AssignmentExpression" and node.get("operator") == "=":
        name = _location_target(node["left"])
        if name is not None:
            return name, node["right"]
    if kind == "CallExpression":
        callee = node["callee"]
        args = node.get("arguments", [])
        if callee.get("type") == "MemberExpression":
            method = _property_name(callee)
            if method in ("replace", "assign") and _is_location(callee["object"]):
                return f"{_describe(callee['object'])}.{method}()", args[0] if args else None
            if method == "open" and callee["object"].get("type") == "Identifier" and \
                    callee["object"].get("name") in ("window", "self", "top", "parent"):
                return "window.open()", args[0] if args else None
            if method in ("launchURL", "getURL", "submitForm"):  # Acrobat JavaScript
                first = args[0] if args else None
                if first is not None and first.get("type") == "ObjectExpression":
                    first = next((p.get("value") for p in first.get("properties", [])
                                  if p.get("key", {}).get("name") == "cURL"), None)
                return f"{_describe(callee)}()", first
            if method == "setAttribute" and len(args) >= 2:
                attr = args[0].get("value") if args[0].get("type") == "Literal" else None
                if isinstance(attr, str) and attr.lower() in ("href", "action", "src"):
                    return f"setAttribute('{attr.lower()}')", args[1]
    return None


def _walk(tree: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every node of the tree, depth first, without recursion; stops at MAX_NODES."""
    stack: list[Any] = [tree]
    seen = 0
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
            continue
        if not isinstance(item, dict) or "type" not in item:
            continue
        seen += 1
        if seen > MAX_NODES:
            raise _TooBig(f"the script has more than {MAX_NODES:,} syntax nodes")
        yield item
        for key, child in reversed(list(item.items())):
            if key not in ("range", "loc") and isinstance(child, dict | list):
                stack.append(child)


def _constants(nodes: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Variables given one value and never assigned again (the only ones evaluated)."""
    inits: dict[str, dict[str, Any]] = {}
    assigned: set[str] = set()
    for node in nodes:
        if node.get("type") == "VariableDeclarator" and node["id"].get("type") == "Identifier":
            name = node["id"]["name"]
            if name in inits or node.get("init") is None:
                assigned.add(name)
            else:
                inits[name] = node["init"]
        elif node.get("type") == "AssignmentExpression" and \
                node["left"].get("type") == "Identifier":
            assigned.add(node["left"]["name"])
        elif node.get("type") == "UpdateExpression" and \
                node["argument"].get("type") == "Identifier":
            assigned.add(node["argument"]["name"])
    return {k: v for k, v in inits.items() if k not in assigned}


def read_script(source: str) -> ScriptReading:
    """The navigation targets of one script (JavaScript text); never raises, never runs it."""
    if len(source) > MAX_SCRIPT_CHARS:
        return ScriptReading((), (f"the script holds {len(source):,} characters; only "
                                  f"scripts up to {MAX_SCRIPT_CHARS:,} are read",))
    import esprima  # on first use: ~30 ms to import

    try:
        tree = esprima.parseScript(source, {"range": True, "tolerant": True}).toDict()
    except RecursionError:
        return ScriptReading((), ("the script is nested too deeply to read",))
    except Exception as exc:  # esprima raises its own Error on syntax it cannot recover
        return ScriptReading((), (f"the script could not be parsed: {exc}",))
    try:
        nodes = list(_walk(tree))
    except _TooBig as exc:
        return ScriptReading((), (str(exc),))
    evaluator = _Evaluator(_constants(nodes))
    targets: list[ScriptTarget] = []
    problems: list[str] = []
    for node in nodes:
        found = _sink(node)
        if found is None:
            continue
        sink, expr = found
        start, end = node.get("range", [0, 0])
        try:
            value = evaluator.value(expr)
        except (_TooBig, RecursionError) as exc:
            problems.append(f"{sink}: {exc or 'the expression is nested too deeply'}")
            continue
        if isinstance(value, _Unknown):
            if value.prefix.strip():
                targets.append(ScriptTarget(value.prefix, sink, start, end, True,
                                            f"the rest is computed at run time: {value.why}"))
            continue
        url = _text(value).strip()
        if url:
            targets.append(ScriptTarget(url, sink, start, end))
        if len(targets) >= MAX_TARGETS:
            problems.append(f"more than {MAX_TARGETS:,} targets; the rest were not listed")
            break
    return ScriptReading(tuple(targets), tuple(problems))


__all__ = ["MAX_SCRIPT_CHARS", "ScriptReading", "ScriptTarget", "read_script"]
