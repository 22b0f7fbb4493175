"""Headless Chromium through selenium, for the project's page checks (check-mermaid.py,
check-rendered-docs.py): Debian's chromium and chromium-driver, selenium from PyPI, and no
driver ever fetched from the network."""
import os
import shutil


def start(window, extra_arguments=()):
    """A headless Chromium driver with a `window` (width, height) viewport at scale 1."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # never let selenium fetch a driver
    options = webdriver.ChromeOptions()
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            options.binary_location = shutil.which(name)
            break
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     "--disable-dev-shm-usage", "--force-device-scale-factor=1",
                     f"--window-size={window[0]},{window[1]}", *extra_arguments):
        options.add_argument(argument)
    driver_path = shutil.which("chromedriver") or "/usr/lib/chromium/chromedriver"
    return webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
