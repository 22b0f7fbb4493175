#!/usr/bin/env python3
"""EventBusKit's public surface, read from what the compiler wrote for the library.

Two inputs, from one build (Scripts/surface-build.sh):
- the symbol graph (`-emit-symbol-graph`): every public declaration the package wrote, with
  its availability, and none the compiler synthesized (`hashValue`, `!=`, ...); it leaves out
  declarations that are unavailable everywhere and names that start with `_`;
- the module interface (`-emit-module-interface`): every public declaration, those included.

Commands:
  count GRAPHS INTERFACE           the declarations by kind: available / deprecated / unavailable
  client GRAPHS INTERFACE          a Swift file that uses each public top-level name that is
                                   not deprecated, unqualified (for check-name-collisions.sh)
  stand-in NAMES.txt [IMPORT ...]  a Swift module declaring each name of a list under
                                   Scripts/apple-framework-names, re-exporting IMPORTs
"""
import json
import os
import re
import sys
from collections import Counter

# Symbol-graph kinds, grouped the way the table prints them.
KINDS = [
    ("types", {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor"}),
    ("type aliases", {"swift.typealias", "swift.associatedtype"}),
    ("initializers", {"swift.init"}),
    ("methods and functions", {"swift.method", "swift.type.method", "swift.func", "swift.func.op"}),
    ("properties", {"swift.property", "swift.type.property", "swift.var"}),
    ("subscripts", {"swift.subscript", "swift.type.subscript"}),
    ("enum cases", {"swift.enum.case"}),
    ("macros", {"swift.macro"}),
]
# The same groups for the keywords of the module interface.
KEYWORD_KIND = {
    "struct": "types", "class": "types", "enum": "types", "protocol": "types", "actor": "types",
    "typealias": "type aliases", "associatedtype": "type aliases", "init": "initializers",
    "func": "methods and functions", "var": "properties", "let": "properties",
    "subscript": "subscripts", "case": "enum cases", "macro": "macros",
}
STATUSES = ["available", "deprecated", "unavailable"]
# The listening functions: how an app receives events (CONTRACT §14).
LISTENING = {"subscribe", "register", "registerWeakly", "events", "next", "observe"}


def status_of(availability):
    """`unavailable`, `deprecated` or `available`, from a symbol graph's availability list."""
    availability = availability or []
    if any(a.get("isUnconditionallyUnavailable") or "obsoleted" in a for a in availability):
        return "unavailable"
    if any(a.get("isUnconditionallyDeprecated") or "deprecated" in a for a in availability):
        return "deprecated"
    return "available"


def graph_declarations(graph_dir):
    """The declarations of every symbol graph in GRAPHS: (path, kind, status)."""
    declarations = []
    for name in sorted(os.listdir(graph_dir)):
        if not name.endswith(".symbols.json"):
            continue
        graph = json.load(open(os.path.join(graph_dir, name)))
        symbols = [s for s in graph["symbols"]
                   if "::SYNTHESIZED::" not in s["identifier"]["precise"]
                   and s["kind"]["identifier"] != "swift.extension"]
        own = {tuple(s["pathComponents"]): status_of(s.get("availability")) for s in symbols}
        for s in symbols:
            path = tuple(s["pathComponents"])
            status = own[path]
            # A member of a deprecated type is deprecated with it.
            for end in range(1, len(path)):
                if own.get(path[:end]) in ("deprecated", "unavailable") and status == "available":
                    status = "deprecated"
            declarations.append((path, s["kind"]["identifier"], status))
    return declarations


def without_attributes(text):
    """TEXT with its leading attributes (`@available(...)`, `@frozen`, ...) removed."""
    text = text.strip()
    while text.startswith("@"):
        match = re.match(r"@[\w.]+", text)
        text = text[match.end():]
        if text.startswith("("):
            depth = 0
            for index, char in enumerate(text):
                depth += {"(": 1, ")": -1}.get(char, 0)
                if depth == 0:
                    text = text[index + 1:]
                    break
        text = text.strip()
    return text


def braces(line):
    """The braces a line opens (positive) or closes (negative), outside string literals."""
    count, quoted, escaped = 0, False, False
    for char in line:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif not quoted:
            count += {"{": 1, "}": -1}.get(char, 0)
    return count


def labels(parameters):
    """`post(_:)` style labels of a parameter clause's text (without its parentheses)."""
    parts, depth, part = [], 0, ""
    for index, char in enumerate(parameters):
        if char == ">" and parameters[index - 1 : index] == "-":
            continue  # the arrow of a function type
        depth += {"(": 1, "[": 1, "<": 1, ")": -1, "]": -1, ">": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(part)
            part = ""
        else:
            part += char
    parts.append(part)
    return "".join(p.split(":")[0].split()[0] + ":" for p in parts if p.strip())


DECLARATION = re.compile(
    r"((?:(?:public|open|internal|package|final|static|class|override|mutating|nonmutating|"
    r"consuming|borrowing|dynamic|indirect|convenience|required|prefix|postfix|infix|"
    r"nonisolated(?:\(\w+\))?|distributed|lazy|weak|unowned)\s+)*)"
    r"(struct|class|enum|protocol|actor|extension|typealias|associatedtype|func|init|deinit|"
    r"subscript|var|let|case|macro|operator|precedencegroup)\b[?!]?\s*(.*)")


def interface_declarations(path):
    """The public declarations of a module interface: dicts with `path`, `keyword`, `title`,
    `status`, `attributes` and `generic` (the first branch of each `#if` is read)."""
    declarations = []
    scopes = []  # (depth before the brace, scope name or None for a body, status, keyword)
    depth = 0
    branches = []
    pending = ""
    for raw in open(path).read().splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("#if"):
            branches.append(True)
            continue
        if line.startswith("#else") or line.startswith("#elseif"):
            branches[-1] = False
            continue
        if line.startswith("#endif"):
            branches.pop()
            continue
        if not all(branches):
            continue
        in_body = any(scope[1] is None for scope in scopes)
        match = None
        if not in_body:
            rest = without_attributes(line)
            if line.startswith("@") and not rest:
                pending += " " + line
                continue
            match = DECLARATION.match(rest)
        opened = braces(line)
        if match:
            attributes = pending + " " + line[: len(line) - len(rest)]
            pending = ""
            modifiers, keyword, tail = match.groups()
            name = re.match(r"`?([^\s<(:={`,]*)", tail).group(1)
            outer = [s for s in scopes if s[1] is not None]
            parent = tuple(outer[-1][1]) if outer else ()
            inherited = outer[-1][2] if outer else "available"
            status = "available"
            if re.search(r"@available\((\*|swift), (unavailable|obsoleted)", attributes):
                status = "unavailable"
            elif re.search(r"@available\([^)]*deprecated", attributes):
                status = "deprecated"
            if inherited != "available" and status == "available":
                status = inherited
            in_protocol = bool(outer) and outer[-1][3] == "protocol"
            public = bool(re.search(r"\b(public|open)\b", modifiers)) or in_protocol or (
                keyword == "case" and bool(outer))
            if keyword == "extension":
                extended = name.split(".")
                if extended[0] == os.path.basename(path).split(".")[0]:
                    extended = extended[1:]  # the module's own type
                scopes.append((depth, extended, status, keyword))
            elif keyword in ("struct", "class", "enum", "protocol", "actor") and opened > 0:
                scopes.append((depth, list(parent) + [name], status, keyword))
            elif opened > 0:
                scopes.append((depth, None, status, keyword))
            if keyword in ("extension", "deinit", "operator", "precedencegroup") or not public:
                depth += opened
                continue
            names = [name]
            if keyword == "case":  # `case a, b(x: Int)`: one declaration each
                names = [re.match(r"`?(\w+)", part.strip()).group(1)
                         for part in re.split(r",(?![^(]*\))", tail)]
            for each in names:
                title = each
                if keyword in ("func", "init", "subscript", "macro"):
                    parameters = tail[tail.index("(") + 1:] if "(" in tail else ""
                    depth_in, clause = 0, ""
                    for char in parameters:
                        if char == ")" and depth_in == 0:
                            break
                        depth_in += {"(": 1, ")": -1}.get(char, 0)
                        clause += char
                    title = ("init" if keyword == "init" else each) + "(" + labels(clause) + ")"
                declarations.append({
                    "path": parent + (title,), "keyword": keyword, "title": title,
                    "status": status, "attributes": attributes.strip(),
                    "generic": tail[len(each):].lstrip().startswith("<"),
                })
        depth += opened
        while scopes and depth <= scopes[-1][0]:
            scopes.pop()
    return declarations


def underscored(path):
    return any(part.startswith("_") for part in path)


def count(graph_dir, interface):
    graph = graph_declarations(graph_dir)
    # `__derived_…_equals`: the `==` the compiler synthesized, which the interface prints.
    declared = [d for d in interface_declarations(interface)
                if not d["title"].startswith("__derived_")]
    rows = Counter()
    for path, kind, status in graph:
        group = next(name for name, kinds in KINDS if kind in kinds)
        rows[(group, status)] += 1
    # The symbol graph leaves out what is unavailable everywhere: the interface has it.
    for d in declared:
        if d["status"] == "unavailable" and not underscored(d["path"]):
            rows[(KEYWORD_KIND[d["keyword"]], "unavailable")] += 1
    # Cross-check: both sources see the same deprecated declarations.
    deprecated = sum(1 for d in declared if d["status"] == "deprecated" and not underscored(d["path"]))
    if deprecated != sum(1 for _, _, status in graph if status == "deprecated"):
        sys.exit(f"surface: the interface has {deprecated} deprecated declarations, the symbol "
                 "graph another number: the parse of the interface is off")

    print("EventBusKit's public declarations, by kind (symbol graph, and the module interface")
    print("for those unavailable everywhere; names starting with `_` are counted apart):")
    print()
    print(f"  {'kind':<24}" + "".join(f"{s:>13}" for s in STATUSES) + f"{'total':>8}")
    totals = Counter()
    for group, _ in KINDS:
        cells = [rows[(group, s)] for s in STATUSES]
        if not any(cells):
            continue
        for s, n in zip(STATUSES, cells):
            totals[s] += n
        print(f"  {group:<24}" + "".join(f"{n:>13}" for n in cells) + f"{sum(cells):>8}")
    print(f"  {'all':<24}" + "".join(f"{totals[s]:>13}" for s in STATUSES)
          + f"{sum(totals.values()):>8}")
    hidden = [d for d in declared if underscored(d["path"])]
    print()
    print(f"Public declarations whose name starts with `_` (not API; autocomplete hides them): "
          f"{len(hidden)}; {sum(totals.values()) + len(hidden)} public declarations in all")
    for d in hidden:
        print(f"  {'.'.join(d['path'])} ({d['keyword']}, {d['status']})")

    top = sorted({d["title"] for d in declared if len(d["path"]) == 1
                  and d["status"] == "available"}, key=str.lower)
    print()
    print(f"Top-level names, not deprecated: {len(top)}")
    print("  " + ", ".join(top))
    print()
    print("Declarations deprecated or unavailable:")
    for d in declared:
        if d["status"] != "available" and not underscored(d["path"]):
            print(f"  {d['status']:<12} {'.'.join(d['path'])}")

    listening = Counter(".".join(path) for path, kind, status in graph
                        if len(path) == 2 and path[0] == "EventBus" and status == "available"
                        and path[1].split("(")[0] in LISTENING)
    print()
    print(f"Listening functions (EventBus's {', '.join(sorted(LISTENING))}; available): "
          f"{sum(listening.values())}")
    for name, n in sorted(listening.items()):
        print(f"  {name}" + (f" ×{n}" if n > 1 else ""))


def client(graph_dir, interface):
    """Uses every public top-level name that is not deprecated, unqualified."""
    graph_dir  # the interface has every top-level name, `_` ones included
    uses = []
    for d in interface_declarations(interface):
        if len(d["path"]) != 1 or d["status"] != "available":
            continue
        name = d["title"]
        available = " ".join(re.findall(r"@available\([^*)]*\*\)", d["attributes"]))
        prefix = available + "\n" if available else ""
        if d["keyword"] in ("struct", "class", "enum", "protocol", "actor", "typealias"):
            if d["keyword"] != "typealias" or d["generic"]:
                uses.append(f"{prefix}extension {name} {{}}")  # a type lookup
            if not d["generic"] and d["keyword"] != "protocol":
                uses.append(f"{prefix}func use{name}() {{ _ = {name}.self }}")  # an expression
        elif d["keyword"] in ("var", "let"):
            uses.append(f"{prefix}func use{name}() {{ _ = {name} }}")
        elif d["keyword"] == "func":
            base = name.split("(")[0]
            uses.append(f"{prefix}func use{base}() {{ _ = {name} }}")
    print("// Generated by Scripts/check-name-collisions.sh: each public top-level name of")
    print("// EventBusKit that is not deprecated, used unqualified in an app's file that imports")
    print("// Foundation, Observation, Combine and SwiftUI too.")
    print("import Combine")
    print("import EventBusKit")
    print("import Foundation")
    print("import Observation")
    print("import SwiftUI")
    print()
    print("\n".join(uses))


def stand_in(names_file, imports):
    """A module that declares each name of a checked-in list (none of them does anything)."""
    print(f"// Generated by Scripts/check-name-collisions.sh from {names_file}.")
    for module in imports:
        print(f"@_exported import {module}")
    for line in open(names_file):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        kinds, name = line.split()
        for kind in kinds.split("/"):
            print({
                "protocol": f"public protocol `{name}` {{}}",
                "struct": f"public struct `{name}` {{}}",
                "type": f"public struct `{name}` {{}}",
                "class": f"public final class `{name}` {{}}",
                "enum": f"public enum `{name}` {{}}",
                "typealias": f"public typealias `{name}` = Never",
                "func": f"public func `{name}`() {{}}",
                "var": f"public var `{name}`: Int {{ 0 }}",
                "macro": f"@freestanding(expression) public macro `{name}`() = "
                         f"#externalMacro(module: \"StandIn\", type: \"{name}\")",
            }[kind])


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    {"count": count, "client": client}.get(command, lambda *a: None)(*arguments[:2])
    if command == "stand-in":
        stand_in(arguments[0], arguments[1:])
