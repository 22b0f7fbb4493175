#!/usr/bin/env python3
"""Extract the Swift code blocks of the documentation into a scratch package, and judge its build.

Used by Scripts/check-snippets.sh; run that, not this.

  snippets.py extract REPO OUT   write the package OUT (one library target per page or source
                                 file) and check the blocks marked `from`; exit 1 on a mismatch
  snippets.py judge REPO LOG     read the build's log: exit 1 on any error or warning in a
                                 block, except those that come from wrapping a block's
                                 statements in a function (a local that is never used)

Where the blocks come from: README.md, CONTRIBUTING.md, ARCHITECTURE.md (when present), the
DocC articles (Sources/EventBusKit/EventBusKit.docc/*.md) and the ```swift examples inside `///`
comments under Sources/EventBusKit.

How a page compiles: every block of one page (or one source file's doc comments) goes into one
file, in order — its test blocks (below) into a second. A block's declarations (types, protocols, extensions, functions, tests) stay at
file scope; its statements go, in order, into a function of their own
(`@MainActor func block_LINE() async throws`), so two blocks may both say `let bus = …`.
`#sourceLocation` points every error at the page and line it comes from.

What a block may use without declaring it: the fixtures in Scripts/snippet-prelude.swift —
small stand-ins for what the reader's app already has (`bus`, `Screen`, `log`, …). A page gets
only the fixtures whose names its blocks use and do not declare themselves (and the fixtures
those need). The pages in SELF_CONTAINED_PAGES (README, Getting started) get none.

Test blocks: a block that uses `@Test` or `@Suite`, or says `import Testing`, is a test, and a
reader puts it in a test target. A page's test blocks compile in a test target of their own
(one file, in order), with no fixture and only the imports they show — a page that shows a
test says which. A test block's import of a module other than those in SYSTEM_MODULES (such
as `@testable import MyApp`) names the reader's app: it is compiled as an import of the
page's other blocks' module, which the test target depends on.

Markers: an HTML comment on the line before a block's fence (GitHub and DocC do not show it).
  <!-- snippet: partial -->     a fragment (of a manifest, of a type); not compiled
  <!-- snippet: apple-sdk -->   needs an Apple SDK (SwiftUI); not compiled on Linux
  <!-- snippet: from PATH -->   an excerpt of PATH (a Swift file, or a folder of them), which
                                the package compiles and tests: every non-blank line of the
                                block must appear in one file there, in the same order.
                                A test block's lines must appear with their indentation (it
                                stands at file scope there, so no suite around it lends it
                                an attribute it does not show), after the imports it shows
                                (but for the app's, which a test target here holds itself)
The migration article's blocks are compiled in the Swift 5 language mode; every other page's in
Swift 6 with `ExistentialAny` and `MemberImportVisibility` (they only make code stricter).
"""
import glob
import os
import re
import sys

SWIFT5_PAGES = {"Sources/EventBusKit/EventBusKit.docc/MigratingFromSwiftEventBus.md"}
# Pages a newcomer reads first: their blocks get no fixture, so each compiles with only what
# the page itself shows.
SELF_CONTAINED_PAGES = {"README.md", "Sources/EventBusKit/EventBusKit.docc/GettingStarted.md"}
PRELUDE = "Scripts/snippet-prelude.swift"
# What makes a block a test: it goes in a test target (see "Test blocks" above).
TEST_BLOCK = re.compile(r"(?:^|\s)@(?:Test|Suite)\b|^\s*import\s+Testing\b")
# The modules a test block may import as themselves; any other names the reader's app.
SYSTEM_MODULES = {
    "EventBusKit", "Testing", "XCTest", "Foundation", "Observation", "Dispatch",
    "Synchronization", "Glibc", "Darwin", "Combine", "SwiftUI",
}
IMPORT = re.compile(r"^(\s*(?:@testable\s+)?import\s+)(\w+)\b")
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(partial|apple-sdk|from\s+(\S+))\s*-->\s*$")
DECL_KEYWORDS = (
    "struct|class|enum|protocol|actor|extension|func|typealias|import|init|deinit|macro|operator"
)
MODIFIERS = (
    r"(?:public|private|fileprivate|internal|open|package|final|static|nonisolated|indirect|"
    r"convenience|required|override|lazy|dynamic|(?:private|public|internal)\(set\))"
)
DECL_START = re.compile(rf"^(?:{MODIFIERS}\s+)*(?:{DECL_KEYWORDS})\b")
ATTRIBUTE = re.compile(r"^@[\w.]+(?:\([^()]*\))?\s*")
DECLARED_NAME = re.compile(r"\b(?:struct|class|enum|protocol|actor|typealias|func)\s+(\w+)")
# Warnings that come from wrapping a block's statements in a function: at file scope, as the
# page shows them, they do not arise.
WRAPPING_WARNINGS = re.compile(
    r"was never used|was never mutated|was written to, but never read|"
    r"defined but never used|never used; consider"
)
# The SwiftEventBus spellings exist to be shown: their deprecation is the point.
SHOWN_DEPRECATIONS = re.compile(r"'(sourceConsumer|sourceEvent|init\(sourceConsumer:sourceEvent:\))'.* deprecated")


class Block:
    def __init__(self, path, line, lines, marker):
        self.path, self.line, self.lines, self.marker = path, line, lines, marker


def markdown_blocks(path, text):
    """The ```swift blocks of a Markdown page, with the marker on the line before each."""
    lines = text.split("\n")
    blocks, i = [], 0
    while i < len(lines):
        fence = re.match(r"^(\s*)```(\w*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        indent, language = fence.group(1), fence.group(2)
        end = i + 1
        while end < len(lines) and not re.match(r"^\s*```\s*$", lines[end]):
            end += 1
        if language == "swift":
            previous = lines[i - 1] if i > 0 else ""
            marker = MARKER.match(previous)
            body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[i + 1:end]]
            blocks.append(Block(path, i + 2, body, marker.group(1) if marker else None))
        i = end + 1
    return blocks


def doc_comment_blocks(path, text):
    """The ```swift examples inside the `///` comments of a Swift source file."""
    lines = text.split("\n")
    blocks, i = [], 0
    while i < len(lines):
        if not re.match(r"^\s*/// ?```swift\s*$", lines[i]):
            i += 1
            continue
        end = i + 1
        while end < len(lines) and not re.match(r"^\s*/// ?```\s*$", lines[end]):
            end += 1
        body = [re.sub(r"^\s*/// ?", "", l) for l in lines[i + 1:end]]
        blocks.append(Block(path, i + 2, body, None))
        i = end + 1
    return blocks


def strip_comments(line, in_block_comment=False):
    """The code of a line without its comments and string literals' text (interpolations kept)."""
    out, i, depth_string = [], 0, 0
    while i < len(line):
        if in_block_comment:
            j = line.find("*/", i)
            if j < 0:
                return "".join(out), True
            i, in_block_comment = j + 2, False
            continue
        c = line[i]
        if c == '"':
            # a string literal: keep only what its interpolations say
            j, text = i + 1, []
            while j < len(line) and line[j] != '"':
                if line[j] == "\\" and j + 1 < len(line) and line[j + 1] == "(":
                    level, k = 1, j + 2
                    while k < len(line) and level:
                        level += {"(": 1, ")": -1}.get(line[k], 0)
                        k += 1
                    text.append(" " + line[j + 2:k - 1] + " ")
                    j = k
                    continue
                j += 2 if line[j] == "\\" else 1
            out.append('"' + "".join(text) + '"')
            i = j + 1
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            in_block_comment, i = True, i + 2
            continue
        out.append(c)
        i += 1
    return "".join(out), in_block_comment


def split_block(block):
    """The block as chunks [(kind, first line number, lines)], kind "decl" or "stmt"."""
    chunks, depth, pending_attributes, kind = [], 0, [], None
    in_comment = False
    for offset, line in enumerate(block.lines):
        code, in_comment = strip_comments(line, in_comment)
        stripped = code.strip()
        number = block.line + offset
        if depth == 0 and stripped and not stripped.startswith((".", "}", ")", "]", "&&", "||", "?", ":")):
            rest = stripped
            while ATTRIBUTE.match(rest):
                rest = ATTRIBUTE.sub("", rest, count=1)
            if not rest:  # an attribute on its own line: the next line decides
                pending_attributes.append((number, line))
                depth += code.count("(") - code.count(")")
                continue
            kind = "decl" if DECL_START.match(rest) else "stmt"
        elif kind is None:
            kind = "stmt" if stripped else None
        if kind is None:
            continue
        for attr_number, attr_line in pending_attributes + [(number, line)]:
            if chunks and chunks[-1][0] == kind:
                chunks[-1][2].append(attr_line)
            else:
                chunks.append((kind, attr_number, [attr_line]))
        pending_attributes = []
        depth += sum(code.count(c) for c in "{([") - sum(code.count(c) for c in "})]")
    return chunks


def identifiers(lines):
    found, in_comment = set(), False
    for line in lines:
        code, in_comment = strip_comments(line, in_comment)
        found.update(re.findall(r"[A-Za-z_]\w*", code))
    return found


def read_prelude(repo):
    """The fixtures: [(names, first line, lines)]; a fixture starts at `// fixture: NAME …`."""
    fixtures, current = [], None
    lines = open(os.path.join(repo, PRELUDE), encoding="utf-8").read().split("\n")
    for number, line in enumerate(lines, 1):
        header = re.match(r"^// fixture:\s*(.+?)\s*$", line)
        if header:
            current = (header.group(1).split(), number + 1, [])
            fixtures.append(current)
        elif current is not None:
            current[2].append(line)
    return [(names, first, body) for names, first, body in fixtures]


def fixtures_for(blocks, prelude, declared):
    """The fixtures the blocks use and do not declare, with the fixtures those use."""
    wanted = identifiers(l for b in blocks for l in b.lines)
    chosen, changed = [], True
    while changed:
        changed = False
        for fixture in prelude:
            names, _, body = fixture
            if fixture in chosen or not (set(names) & wanted) or set(names) & declared:
                continue
            chosen.append(fixture)
            wanted |= identifiers(body)
            changed = True
    return [f for f in prelude if f in chosen]  # in the prelude's order


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def is_test_block(block):
    """Whether the block is a test (`@Test`, `@Suite`, `import Testing`): it goes in a test target."""
    in_comment = False
    for line in block.lines:
        code, in_comment = strip_comments(line, in_comment)
        if TEST_BLOCK.search(code):
            return True
    return False


def app_import(line):
    """The module a test block's import line names when it is the reader's app, else None."""
    m = IMPORT.match(strip_comments(line)[0])
    return m.group(2) if m and m.group(2) not in SYSTEM_MODULES else None


def with_app_module(block, app_module):
    """The test block with its import of the reader's app made an import of `app_module`."""
    lines = []
    for line in block.lines:
        if app_import(line):
            line = IMPORT.sub(lambda m: m.group(1) + app_module, line, count=1)
        lines.append(line)
    return Block(block.path, block.line, lines, block.marker)


def module_source(repo, name, blocks, prelude, self_contained=False, test=False):
    """One page's file: imports, the fixtures it needs, its declarations, its statements.

    A page's test file (`test`) gets no fixture and no import but those its blocks show."""
    split = [(b, split_block(b)) for b in blocks]
    declared = set()
    for _, chunks in split:
        for kind, _, lines in chunks:
            if kind == "decl":
                declared |= set(DECLARED_NAME.findall("\n".join(strip_comments(l)[0] for l in lines)))
    fixtures = [] if self_contained or test else fixtures_for(blocks, prelude, declared)
    imports = [] if test else ["import EventBusKit"]
    body = []
    for names, first, lines in fixtures:
        code = [l for l in lines if not l.startswith("import ")]
        imports += [l.strip() for l in lines if l.startswith("import ")]
        if any(l.strip() for l in code):
            body += [f"#sourceLocation(file: {swift_string(PRELUDE)}, line: {first})"] + code
            body.append("#sourceLocation()")
    for block, chunks in split:
        path = swift_string(block.path)
        statements = []
        for kind, first, lines in chunks:
            located = [f"#sourceLocation(file: {path}, line: {first})"] + lines + ["#sourceLocation()"]
            if kind == "decl":
                body += located
            else:
                statements += located
        if statements:
            body.append(f"@MainActor func block_{block.line}() async throws {{")
            body += statements
            body.append("}")
    header = [f"// Generated by Scripts/snippets.py from {blocks[0].path}: do not edit."]
    return "\n".join(header + sorted(set(imports)) + [""] + body) + "\n"


def check_excerpt(repo, block, source):
    """A `from` block's lines must appear, in order, in one Swift file of `source`.

    A test block's lines must appear with their indentation, so it stands at file scope
    there, as it stands on the page; its import of the reader's app need not appear."""
    target = os.path.join(repo, source)
    files = sorted(glob.glob(os.path.join(target, "**", "*.swift"), recursive=True)) if os.path.isdir(target) else [target]
    test = is_test_block(block)
    shape = (lambda l: l.rstrip()) if test else (lambda l: l.strip())
    want = [shape(l) for l in block.lines if l.strip() and not (test and app_import(l))]
    for path in files:
        if not os.path.isfile(path):
            continue
        have = [shape(l) for l in open(path, encoding="utf-8")]
        position = 0
        for line in want:
            try:
                position = have.index(line, position) + 1
            except ValueError:
                break
        else:
            return None
    where = " at file scope, with their indentation," if test else ""
    return f"{block.path}:{block.line}: not an excerpt of {source} (its lines do not appear there{where} in order)"


def pages(repo):
    found = [p for p in ("README.md", "CONTRIBUTING.md", "ARCHITECTURE.md") if os.path.isfile(os.path.join(repo, p))]
    found += sorted(os.path.relpath(p, repo) for p in glob.glob(os.path.join(repo, "Sources/EventBusKit/EventBusKit.docc/*.md")))
    return found


def module_name(path):
    base = re.sub(r"\W", "_", os.path.splitext(path)[0].replace("Sources/EventBusKit/", ""))
    return "Snippets_" + base.strip("_")


def package_manifest(repo, modules):
    dependency = os.path.relpath(repo, os.path.join(repo, ".build-snippets", "package"))
    identity = os.path.basename(os.path.abspath(repo)).lower()
    targets = []
    for name, swift5, app_module in modules:
        settings = ('[.swiftLanguageMode(.v5)]' if swift5 else
                    '[.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]')
        kind = "target" if app_module is None else "testTarget"
        dependencies = [f'.product(name: "EventBusKit", package: "{identity}")']
        if app_module:
            dependencies.insert(0, f'"{app_module}"')
        targets.append(
            f'        .{kind}(name: "{name}", dependencies: [{", ".join(dependencies)}], '
            f"swiftSettings: {settings}),")
    return "\n".join([
        "// swift-tools-version: 6.2",
        "// Generated by Scripts/snippets.py: the documentation's code blocks, one target per page",
        "// (and one test target per page that shows tests).",
        "import PackageDescription",
        "",
        "let package = Package(",
        '    name: "Snippets",',
        "    platforms: [.macOS(.v13)],",
        f'    dependencies: [.package(path: "{dependency}")],',
        "    targets: [",
        *targets,
        "    ],",
        "    swiftLanguageModes: [.v6]",
        ")",
        "",
    ])


def write_if_changed(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.isfile(path) and open(path, encoding="utf-8").read() == text:
        return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def extract(repo, out):
    prelude = read_prelude(repo)
    groups, problems, counts = [], [], {"compiled": 0, "pages": 0, "tests": 0, "partial": 0, "apple-sdk": 0, "from": 0}
    for page in pages(repo):
        groups.append((page, markdown_blocks(page, open(os.path.join(repo, page), encoding="utf-8").read())))
    for source in sorted(glob.glob(os.path.join(repo, "Sources/EventBusKit/**/*.swift"), recursive=True)):
        path = os.path.relpath(source, repo)
        groups.append((path, doc_comment_blocks(path, open(source, encoding="utf-8").read())))
    modules = []
    for path, blocks in groups:
        compiled = []
        for block in blocks:
            marker = block.marker or ""
            if marker.startswith("from"):
                counts["from"] += 1
                problem = check_excerpt(repo, block, marker.split(None, 1)[1])
                if problem:
                    problems.append(problem)
            elif marker in ("partial", "apple-sdk"):
                counts[marker] += 1
            else:
                compiled.append(block)
        if not compiled:
            continue
        counts["compiled"] += len(compiled)
        counts["pages"] += 1
        tests = [b for b in compiled if is_test_block(b)]
        app = [b for b in compiled if not is_test_block(b)]
        counts["tests"] += len(tests)
        name = module_name(path)
        if app:
            modules.append((name, path in SWIFT5_PAGES, None))
            write_if_changed(os.path.join(out, "Sources", name, name + ".swift"),
                             module_source(repo, name, app, prelude, path in SELF_CONTAINED_PAGES))
        if tests:
            if not app:
                problems += [f"{b.path}:{b.line}: imports the app's module {app_import(l)}, but the page "
                             "shows no app code for it" for b in tests for l in b.lines if app_import(l)]
            tests = [with_app_module(b, name) for b in tests]
            modules.append((name + "Tests", path in SWIFT5_PAGES, name if app else ""))
            write_if_changed(os.path.join(out, "Sources", name + "Tests", name + "Tests.swift"),
                             module_source(repo, name + "Tests", tests, prelude, test=True))
    # drop the targets of pages that have no block any more
    for stale in set(os.listdir(os.path.join(out, "Sources"))) - {m[0] for m in modules}:
        for f in glob.glob(os.path.join(out, "Sources", stale, "*")):
            os.remove(f)
        os.rmdir(os.path.join(out, "Sources", stale))
    write_if_changed(os.path.join(out, "Package.swift"), package_manifest(repo, modules))
    for problem in problems:
        print(problem)
    print(f"snippets: {counts['compiled']} blocks ({counts['tests']} of them tests, in test targets) "
          f"from {counts['pages']} pages and source files to compile; "
          f"{counts['from']} excerpts checked, {counts['partial']} partial, {counts['apple-sdk']} need an Apple SDK")
    return 1 if problems else 0


def judge(repo, log):
    """Errors and warnings located in a page or source file (or in the prelude) fail."""
    failed, seen = 0, set()
    for line in open(log, encoding="utf-8", errors="replace"):
        m = re.match(r"^(.*?):(\d+):(\d+): (error|warning): (.*)$", line.rstrip("\n"))
        if not m or line in seen:
            continue
        seen.add(line)
        path, kind, message = m.group(1), m.group(4), m.group(5)
        if kind == "warning" and (WRAPPING_WARNINGS.search(message) or SHOWN_DEPRECATIONS.search(message)):
            continue
        print(line.rstrip("\n"))
        failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    command, repo = sys.argv[1], sys.argv[2]
    if command == "extract":
        sys.exit(extract(repo, sys.argv[3]))
    if command == "judge":
        sys.exit(judge(repo, sys.argv[3]))
    sys.exit(f"unknown command {command}")
