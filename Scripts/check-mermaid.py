#!/usr/bin/env python3
"""Render every Mermaid diagram of the documentation with mermaid.js in headless Chromium, write
each as a PNG, and fail on a diagram that does not parse or whose labels came out empty.

Usage: check-mermaid.py [--out DIR] [--passes A-B] [--scale N] [--same-size-as PNG] [FILE...]
  FILE      a Markdown file (every ```mermaid block in it) or a .mmd file (one diagram); default:
            README.md, the DocC articles and Examples/prize-app/Golden/demo-trace.md
  --out     where the PNGs go (default .build-mermaid/png), one per diagram: NAME-N.png
  --passes  draw only the messages numbered A to B of a sequence diagram that EventTrace.mermaid
            wrote (and the participants they use): a slice of a long trace for a page
  --scale   device pixels per CSS pixel of the PNGs (default 1; 2 for an image named @2x)
  --same-size-as  fail unless the one diagram rendered has that PNG's size: the image on a page
            is still what this command draws from its source

mermaid.min.js comes from the PyPI wheel artoo-mermaid, which ships it: `pip download` fetches
the wheel once into .build-mermaid (or set MERMAID_JS to a copy). The browser is Debian's
chromium, driven through chromium-driver by selenium (Scripts/install-doc-tools.sh installs all
three). Nothing else is fetched.

A label is swallowed when Mermaid draws a message or a note with no text although the source
gives it one (an unescaped `#` or `;` starts an entity and eats the rest): that fails too.
Prints "ok NAME (W x H px) -> PNG" or "error NAME: MESSAGE" per diagram, then
"mermaid: P passed, F failed". Exit status 1 when a diagram fails, 2 when a tool is missing.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

import headless_chrome

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(REPO, ".build-mermaid")
WHEEL = "artoo-mermaid"

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>mermaid</title>
<style>body { margin: 0; background: #fff; } #diagram { display: inline-block; padding: 8px; }</style>
<script src="mermaid.min.js"></script></head>
<body><div id="diagram"></div></body></html>
"""

# Runs in the page: renders one diagram and reports what came out.
RENDER = r"""
const [source, done] = arguments;
mermaid.initialize({startOnLoad: false, securityLevel: 'strict',
                    sequence: {useMaxWidth: false, diagramMarginX: 8, diagramMarginY: 8},
                    flowchart: {useMaxWidth: false}});
mermaid.render('rendered', source).then((result) => {
  const host = document.getElementById('diagram');
  host.innerHTML = result.svg;
  const box = host.querySelector('svg').getBoundingClientRect();
  const labels = Array.from(host.querySelectorAll('.messageText, .noteText'));
  const empty = labels.filter((t) => t.textContent.replace(/[\s\u200b]/g, '') === '').length;
  done({ok: true, width: Math.ceil(box.width), height: Math.ceil(box.height),
        labels: labels.length, empty: empty});
}).catch((error) => done({ok: false, message: String((error && error.message) || error)}));
"""

# A message (`A->>B: text`, `A-->>B: text`, `A-xB: text`, `A-)B: text`) or a note with text.
LABELLED = re.compile(r"^\s*(?:\S+?\s*-{1,2}(?:>>|>|x|\))\s*\S+?|note\s+(?:left of|right of|over)\s+[^:]+)\s*:\s*\S",
                      re.IGNORECASE)


def shown(path):
    """A path as the report prints it: relative to the repository when inside it."""
    return os.path.relpath(path, REPO) if path.startswith(REPO + os.sep) else path


def mermaid_js():
    """A path to mermaid.min.js: $MERMAID_JS, the copy in .build-mermaid, or one from the wheel."""
    given = os.environ.get("MERMAID_JS")
    if given:
        return given if os.path.isfile(given) else None
    cached = os.path.join(WORK, "mermaid.min.js")
    if os.path.isfile(cached):
        return cached
    os.makedirs(WORK, exist_ok=True)
    with tempfile.TemporaryDirectory() as download:
        # The wheel is pure Python (py3-none-any) but asks for a newer Python than some
        # machines run: download it for any interpreter, it is never installed.
        result = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.13", "--dest", download, WHEEL],
            capture_output=True, text=True)
        wheels = glob.glob(os.path.join(download, "*.whl"))
        if result.returncode or not wheels:
            print(result.stderr.strip()[-500:])
            return None
        with zipfile.ZipFile(wheels[0]) as wheel:
            members = [n for n in wheel.namelist() if n.endswith("/mermaid.min.js")]
            if not members:
                return None
            with wheel.open(members[0]) as source, open(cached, "wb") as target:
                shutil.copyfileobj(source, target)
    return cached


def passes(source, first, last):
    """The sequence diagram with only the messages numbered first...last and their participants."""
    lines = source.rstrip("\n").split("\n")
    kept = [l for l in lines[1:] if (m := re.match(r"^\s*\S+?-{1,2}>>\S+?:\s*(\d+)\.", l))
            and first <= int(m.group(1)) <= last]
    used = set()
    for line in kept:
        used.update(re.match(r"^\s*(\S+?)-{1,2}>>(\S+?):", line).groups())
    participants = [l for l in lines[1:] if re.match(rf"^\s*participant\s+({'|'.join(map(re.escape, used))})\s", l)]
    return "\n".join([lines[0]] + participants + kept) + "\n"


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def diagrams(path):
    text = open(path, encoding="utf-8").read()
    stem = os.path.splitext(os.path.basename(path))[0]
    if path.endswith(".mmd"):
        return [(stem, text)]
    blocks = re.findall(r"^```mermaid[ \t]*\n(.*?)^```[ \t]*$", text, flags=re.S | re.M)
    return [(f"{stem}-{i}", block) for i, block in enumerate(blocks, 1)]


def default_files():
    files = ["README.md"] + sorted(glob.glob("Sources/EventBusKit/EventBusKit.docc/*.md"))
    files.append("Examples/prize-app/Golden/demo-trace.md")
    return [f for f in files if os.path.isfile(os.path.join(REPO, f))]


def browser():
    return headless_chrome.start((1600, 1000), ["--allow-file-access-from-files"])


def render(driver, page_url, source, png, scale=1):
    from selenium.webdriver.common.by import By

    driver.get(page_url)  # a fresh page per diagram: nothing carries over
    result = driver.execute_async_script(RENDER, source)
    if not result["ok"]:
        return False, result["message"].strip().replace("\n", " ")[:300]
    expected = sum(1 for line in source.split("\n") if LABELLED.match(line))
    if result["empty"] and expected:
        return False, (f"{result['empty']} of {result['labels']} labels rendered empty: Mermaid swallowed "
                       "their text (a `#` or `;` starts an entity code: escape it)")
    if result["labels"] < expected:
        return False, f"{expected} labelled messages and notes in the source, {result['labels']} drawn"
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": result["width"] + 16, "height": result["height"] + 16,
                            "deviceScaleFactor": scale, "mobile": False})
    driver.find_element(By.ID, "diagram").screenshot(png)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return True, f"({result['width']} x {result['height']} px) -> {shown(png)}"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(WORK, "png"))
    parser.add_argument("--passes")
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--same-size-as")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args(argv)
    # Paths given are the caller's; the defaults are the repository's.
    args.files = [os.path.abspath(f) for f in args.files]
    args.out = os.path.abspath(args.out)
    if args.same_size_as:
        args.same_size_as = os.path.abspath(args.same_size_as)
    os.chdir(REPO)
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("mermaid: selenium is missing; run Scripts/install-doc-tools.sh")
        return 2
    js = mermaid_js()
    if not js:
        print(f"mermaid: no mermaid.min.js (pip download {WHEEL} failed; or set MERMAID_JS)")
        return 2
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    # The page and the script side by side, loaded by file:// URL.
    page_dir = os.path.join(WORK, "page")
    os.makedirs(page_dir, exist_ok=True)
    shutil.copyfile(js, os.path.join(page_dir, "mermaid.min.js"))
    with open(os.path.join(page_dir, "index.html"), "w", encoding="utf-8") as f:
        f.write(PAGE)
    page_url = "file://" + os.path.join(page_dir, "index.html")
    driver = browser()
    driver.set_script_timeout(60)
    passed = failed = 0
    try:
        for path in args.files or default_files():
            found = diagrams(path)
            if not found and args.files:  # a file named on the command line must have one
                print(f"error {path}: no Mermaid diagram in it")
                failed += 1
            for name, source in found:
                png = os.path.join(out, name + ".png")
                if args.passes:
                    first, last = map(int, args.passes.split("-"))
                    source = passes(source, first, last)
                try:
                    ok, message = render(driver, page_url, source, png, args.scale)
                except Exception as error:
                    ok, message = False, f"{type(error).__name__}: {str(error).strip()[:200]}"
                if ok and args.same_size_as and png_size(png) != png_size(args.same_size_as):
                    ok, message = False, (
                        f"drawn {png_size(png)[0]} x {png_size(png)[1]} px, but {args.same_size_as} is "
                        f"{png_size(args.same_size_as)[0]} x {png_size(args.same_size_as)[1]}: the image is not "
                        "what its source draws now; copy the new PNG over it")
                print(f"ok {name} {message}" if ok else f"error {name} ({shown(path)}): {message}")
                passed, failed = (passed + 1, failed) if ok else (passed, failed + 1)
    finally:
        driver.quit()
    print(f"mermaid: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
