#!/usr/bin/env python3
"""Open the built DocC site in headless Chromium as a reader would, screenshot each page, and fail
on what a reader could not read.

Usage: check-rendered-docs.py [--site DIR] [--out DIR] [--width PX] [PAGE...]
  --site   the static site Scripts/docs.sh builds (default .build-docs/site)
  --out    where the screenshots go, one full-page PNG per page (default .build-docs/screenshots)
  --width  the window's width in CSS pixels (default 1280)
  PAGE     a page's path under documentation/eventbuskit/ (default: the landing page, every
           article of the catalog, and the EventBus symbol page)

It serves the site on 127.0.0.1 (a free port, in this process), opens each page with selenium
and chromium-driver, waits until DocC has rendered it, and checks:
  - every code block fits its box: the element that scrolls (in DocC's pages the `pre`'s
    parent, not the `pre`) has `scrollWidth <= clientWidth`; else it names the longest line;
  - every image is shown at 60 % of its natural width or more (a wide diagram squeezed into
    the column is illegible).
Prints one line per page, "ok PAGE -> PNG" or "error PAGE: WHAT", then "rendered docs: P passed,
F failed". Exit status 1 when a page fails, 2 when the site or the browser is missing.
Needs chromium and chromium-driver (Debian) and selenium (PyPI); Scripts/install-doc-tools.sh
installs them.
"""
import argparse
import functools
import glob
import http.server
import os
import sys
import threading
import time

import headless_chrome

CATALOG = "Sources/EventBusKit/EventBusKit.docc"
BASE = "EventBusKit/documentation/eventbuskit"
MINIMUM_IMAGE_SCALE = 0.6

# Run in the page: what overflows, and what is squeezed.
MEASURE = r"""
const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
const blocks = [];
for (const pre of document.querySelectorAll('pre')) {
  let box = pre.parentElement;
  for (let el = pre; el && el !== document.body; el = el.parentElement) {
    if (scrolls(el)) { box = el; break; }
  }
  const lines = pre.innerText.split('\n');
  const longest = lines.reduce((a, b) => (b.length > a.length ? b : a), '');
  blocks.push({scrollWidth: box.scrollWidth, clientWidth: box.clientWidth,
               box: box.tagName.toLowerCase() + (box.className ? '.' + String(box.className).split(' ')[0] : ''),
               longest: longest, chars: longest.length});
}
// An image's natural width in CSS pixels: its pixels over its density (DocC names a 2x image
// NAME@2x.png and lists it in srcset with "2x"; a 1x screen may load it as `src`).
const density = (img) => {
  const url = img.currentSrc || img.src;
  for (const candidate of (img.srcset || '').split(',')) {
    const [candidateURL, descriptor] = candidate.trim().split(/\s+/);
    if (descriptor && descriptor.endsWith('x') && url.endsWith(candidateURL)) return parseFloat(descriptor);
  }
  const suffix = url.match(/@(\d)x\.\w+$/);
  return suffix ? parseInt(suffix[1]) : 1;
};
const images = [];
for (const img of document.querySelectorAll('img')) {
  const shown = img.getBoundingClientRect().width;
  if (!img.naturalWidth || !shown) continue;
  images.push({src: img.currentSrc || img.src, natural: img.naturalWidth / density(img),
               density: density(img), shown: shown});
}
return {blocks: blocks, images: images, title: document.title,
        height: Math.ceil(document.documentElement.scrollHeight)};
"""

# DocC renders in the browser: wait for the page's content and its images. DocC marks images
# `loading="lazy"`, so one below the fold would never load: load them all now.
READY = r"""
const main = document.querySelector('main');
if (!main || !main.querySelector('h1')) return false;
if (document.querySelector('.loading, .spinner')) return false;
const images = Array.from(document.images);
images.forEach((img) => { if (img.loading === 'lazy') img.loading = 'eager'; });
return images.every((img) => img.complete && img.naturalWidth > 0);
"""

# Resolves once every image is decoded, so that the screenshot shows it.
DECODED = r"""
const done = arguments[arguments.length - 1];
Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => null)))
  .then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));
"""


def default_pages(repo):
    pages = [""]  # the landing page
    for article in sorted(glob.glob(os.path.join(repo, CATALOG, "*.md"))):
        name = os.path.splitext(os.path.basename(article))[0]
        if name != "EventBusKit":
            pages.append(name.lower())
    pages.append("eventbus")
    return pages


def serve(site):
    handler = functools.partial(QuietHandler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def browser(width):
    driver = headless_chrome.start((width, 900))
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(30)
    return driver


def check_page(driver, url, width, png):
    from selenium.webdriver.support.ui import WebDriverWait

    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    driver.get(url)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(READY))
    time.sleep(0.3)  # let the last layout settle (fonts, syntax highlighting)
    found = driver.execute_script(MEASURE)
    # A full-page screenshot: the viewport made as tall as the page, the width unchanged.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": max(found["height"], 600),
                            "deviceScaleFactor": 1, "mobile": False})
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(READY))
    driver.execute_async_script(DECODED)
    time.sleep(0.2)
    driver.save_screenshot(png)
    problems = []
    for block in found["blocks"]:
        if block["scrollWidth"] > block["clientWidth"]:
            problems.append(
                f"a code block overflows its box ({block['box']}: {block['scrollWidth']} px of content "
                f"in {block['clientWidth']} px); its longest line ({block['chars']} characters): "
                f"{block['longest'].strip()[:90]}")
    for image in found["images"]:
        scale = image["shown"] / image["natural"]
        if scale < MINIMUM_IMAGE_SCALE:
            problems.append(
                f"an image is shown at {scale:.0%} of its natural width ({image['shown']:.0f} of "
                f"{image['natural']:.0f} px, under {MINIMUM_IMAGE_SCALE:.0%}): {os.path.basename(image['src'])}")
        else:
            image["scale"] = scale
    return found, problems


def main(argv):
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", default=os.path.join(repo, ".build-docs/site"))
    parser.add_argument("--out", default=os.path.join(repo, ".build-docs/screenshots"))
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("pages", nargs="*")
    args = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(args.site, BASE, "index.html")):
        print(f"rendered docs: no site at {args.site}; run Scripts/docs.sh first")
        return 2
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("rendered docs: selenium is missing; run Scripts/install-doc-tools.sh")
        return 2
    os.makedirs(args.out, exist_ok=True)
    server = serve(args.site)
    port = server.server_address[1]
    driver = browser(args.width)
    passed = failed = 0
    try:
        for page in args.pages or default_pages(repo):
            name = page or "eventbuskit"
            url = f"http://127.0.0.1:{port}/{BASE}/{page + '/' if page else ''}"
            png = os.path.join(args.out, name + ".png")
            try:
                found, problems = check_page(driver, url, args.width, png)
            except Exception as error:  # a page that never renders is a failure too
                found, problems = None, [f"did not render ({type(error).__name__}: {str(error).strip()[:200]})"]
            if problems:
                failed += 1
                for problem in problems:
                    print(f"error {name}: {problem}")
            else:
                passed += 1
                shown = "".join(f", {os.path.basename(i['src'])} at {i['scale']:.0%}" for i in found["images"])
                print(f"ok {name} ({len(found['blocks'])} code blocks, {len(found['images'])} images{shown}, "
                      f"{found['height']} px tall) -> {os.path.relpath(png, repo)}")
    finally:
        driver.quit()
        server.shutdown()
    print(f"rendered docs: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
