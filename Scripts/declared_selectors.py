#!/usr/bin/env python3
"""Prints the full selector of every function and initializer declared under a folder of Swift
sources, one a line: `name(label:label:)`, `_` for an unlabelled parameter, `init(_:)`.

Used by check-architecture.sh to check ARCHITECTURE.md's selectors against the code."""
import pathlib
import re
import sys

DECLARATION = re.compile(r"\b(?:func\s+([A-Za-z_][A-Za-z0-9_]*)|(init)[?!]?)\s*(?:<[^>{]*>)?\s*\(")


def parameters(text, start):
    """The text between the parenthesis at `start` and its match."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1 : index]
    return ""


def split_top_level(text):
    parts, depth, current = [], 0, ""
    for character in text.replace("->", "→"):
        if character in "([<{":
            depth += 1
        elif character in ")]>}":
            depth -= 1
        if character == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += character
    if current.strip():
        parts.append(current)
    return parts


def selectors(root):
    for path in sorted(pathlib.Path(root).rglob("*.swift")):
        text = path.read_text()
        text = re.sub(r"//[^\n]*", "", text)  # comments, doc comments included
        for match in DECLARATION.finditer(text):
            name = match.group(1) or match.group(2)
            labels = []
            for parameter in split_top_level(parameters(text, match.end() - 1)):
                head = parameter.split(":")[0].split()
                head = [word for word in head if not word.startswith("@")]
                if head:
                    labels.append(head[0])
            yield f"{name}({''.join(label + ':' for label in labels)})"


if __name__ == "__main__":
    for selector in sorted(set(selectors(sys.argv[1]))):
        print(selector)
