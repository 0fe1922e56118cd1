#!/usr/bin/env python3
"""A newcomer's first hour, followed literally (issue 59).

.ci/tutorial.py compiles the tutorial's steps in a scratch package of its own; this script does what the
pages tell a newcomer to do instead, in the newcomer's setting: a clone of this checkout in a folder NOT
named ServiceLayer (`service-layer`), and next to it packages made by the installed toolchain's own
`swift package init --type executable`, whatever it writes today.

  1. "Meet the menu", step by step: `MenuTour` from `swift package init --type executable --name
     MenuTour`; each step's `Package.swift` with the clone's folder written in `path:` (what the step
     says to change), the template's `@main` file deleted at the step that says so (the step must name
     it), each step's `main.swift`; `swift build` after every step, and the programs .ci/tutorial.py's
     RUNS lists run against `fixture-server`, printing what the page says. The page must quote the
     address the server prints.
  2. "Your own API"'s first program: `Movies` from `swift package init --type executable`; the article's
     `Package.swift`, `MovieController.swift` and `main.swift` blocks, the `@main` file the article names
     deleted; `swift build`, then the program against `fixture-server --api server-fixtures/Examples/movies`
     prints what the article says `swift run` prints.

A build warning in the newcomer's own files fails, as an error does. Port 8090 as in .ci/tutorial.py (a
private network namespace when `unshare -rn` works).

  python3 .ci/first-hour.py
"""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
spec = importlib.util.spec_from_file_location("tutorial", os.path.join(ROOT, ".ci/tutorial.py"))
tutorial = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tutorial)

CLONE = "service-layer"  # the clone's folder: not "ServiceLayer", as a newcomer's often is not
ARTICLE = os.path.join(ROOT, "Sources/ServiceLayer/ServiceLayer.docc/YourOwnAPI.md")


def fail(message):
    print("first-hour: " + message, file=sys.stderr)
    sys.exit(1)


def say(message):
    print("first-hour: " + message, flush=True)


def run(command, cwd, **kwargs):
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, **kwargs)


def init_package(folder, name=None):
    """`swift package init --type executable` in a new folder; returns the `@main` files it wrote."""
    os.makedirs(folder)
    command = ["swift", "package", "init", "--type", "executable"] + (["--name", name] if name else [])
    result = run(command, folder)
    if result.returncode != 0:
        print(result.stdout + result.stderr, file=sys.stderr)
        fail(f"{' '.join(command)} failed in {folder}")
    mains = []
    for where, _, files in os.walk(os.path.join(folder, "Sources")):
        for file in files:
            path = os.path.join(where, file)
            if file.endswith(".swift") and "@main" in open(path).read():
                mains.append(os.path.relpath(path, folder))
    say(f"swift package init wrote {', '.join(sorted(os.listdir(folder)))}; @main in: {', '.join(mains) or 'none'}")
    return mains


def in_clone(manifest):
    """A manifest as the newcomer edits it: the clone's folder in `path:`, nothing else changed."""
    if 'path: "../ServiceLayer"' not in manifest:
        fail('a Package.swift the docs give no longer says path: "../ServiceLayer", which this script edits')
    return manifest.replace('path: "../ServiceLayer"', f'path: "../{CLONE}"')


def build(package, what):
    result = run(["swift", "build"], package)
    own = [line for line in (result.stdout + result.stderr).splitlines()
           if re.search(r"(error|warning):", line) and package in line and "/.build/" not in line]
    if result.returncode != 0 or own:
        print("\n".join(own) or (result.stdout + result.stderr)[-6000:], file=sys.stderr)
        fail(f"{what}: swift build failed or warned in the newcomer's package (above)")
    bin_path = run(["swift", "build", "--show-bin-path"], package).stdout.strip()
    return bin_path


def run_program(binary, server_binary, server_arguments, key, expected):
    with tempfile.TemporaryDirectory() as work, open(os.path.join(work, "server.log"), "w") as log:
        server = (tutorial.start_server(server_binary, server_arguments, log)
                  if server_arguments is not None else None)
        try:
            result = subprocess.run([binary], cwd=work, capture_output=True, text=True, timeout=60)
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=10)
        server_said = open(log.name).read()
    tutorial.check_output(key, result.stdout + result.stderr, expected)
    if result.returncode != 0:
        print(result.stdout + result.stderr, file=sys.stderr)
        fail(f"{key} exited with status {result.returncode}")
    return server_said


def step_texts(name):
    """The prose of each @Step of a tutorial page, in order."""
    text = open(os.path.join(tutorial.TUTORIALS, name + ".tutorial")).read()
    return [" ".join(prose.split()) for prose in re.findall(r"@Step\s*\{(.*?)@Code\(", text, re.S)]


# MARK: - "Meet the menu"


def meet_the_menu(work, server_binary):
    name = "MeetTheMenu"
    package = os.path.join(work, "MenuTour")
    mains = init_package(package, "MenuTour")
    page = open(os.path.join(tutorial.TUTORIALS, name + ".tutorial")).read()
    steps = tutorial.read_steps(name)
    texts = step_texts(name)
    if len(texts) != len(steps):
        fail(f"{name}.tutorial: {len(texts)} step texts for {len(steps)} steps")
    project = {}
    deleted = False
    for (section, step, codes), text in zip(steps, texts):
        key = f"{name}/{section}/{step}"
        for code_name, file, _ in codes:
            project[code_name] = open(tutorial.resource(file)).read()
        if "Package.swift" in project:
            if section == 1 and step == 1 and "path:" not in text:
                fail(f"{key}: the step gives a Package.swift but never says to write the clone's folder in path:")
            with open(os.path.join(package, "Package.swift"), "w") as out:
                out.write(in_clone(project["Package.swift"]))
        sources = {n: c for n, c in project.items() if n.endswith(".swift") and n != "Package.swift"}
        if "main.swift" in sources and not deleted:
            for main in mains:
                if main not in text or "Delete" not in text:
                    fail(f"{key}: the first step with a main.swift must say to delete {main}, the @main file "
                         f"`swift package init` writes (a module cannot have both); it says: {text}")
                os.remove(os.path.join(package, main))
            deleted = True
        for file, content in sources.items():
            with open(os.path.join(package, "Sources/MenuTour", file), "w") as out:
                out.write(content)
        if not sources:
            continue
        bin_path = build(package, key)
        if key in tutorial.RUNS:
            server_arguments, expected = tutorial.RUNS[key]
            server_said = run_program(os.path.join(bin_path, "MenuTour"), server_binary, server_arguments, key,
                                      expected)
            address = re.search(r"listening on (\S+)", server_said)
            if address and address.group(1) not in page:
                fail(f"{name}.tutorial never quotes the address the server prints, {address.group(1)}")
            say(f"{key}: built in MenuTour and printed what the page says")
        else:
            say(f"{key}: built in MenuTour")


# MARK: - "Your own API"


def block_after(text, marker):
    """The ```swift block right after the line `marker`."""
    match = re.search(re.escape(marker) + r"\n```swift\n(.*?)\n```\n", text, re.S)
    if not match:
        fail(f"YourOwnAPI.md: no Swift block after {marker}")
    return match.group(1) + "\n"


def your_own_api(work, server_binary):
    package = os.path.join(work, "Movies")
    mains = init_package(package)
    article = open(ARTICLE).read()
    paragraph = article[article.index("**The package.**"):article.index("**The controller.**")]
    flat = " ".join(paragraph.split())
    for main in mains:
        if main not in flat or "delete" not in flat:
            fail(f"YourOwnAPI.md: 'The package' must say to delete {main}, the @main file `swift package init` "
                 "writes (a module cannot have both)")
        os.remove(os.path.join(package, main))
    manifest = re.search(r"```swift\n(// swift-tools-version.*?)\n```", paragraph, re.S)
    if not manifest:
        fail("YourOwnAPI.md: 'The package' has no Package.swift block")
    with open(os.path.join(package, "Package.swift"), "w") as out:
        out.write(in_clone(manifest.group(1) + "\n"))
    controller = block_after(article, "<!-- compiled: Examples/LearnerApp/YourOwnAPI/MovieController.swift -->")
    main = block_after(article, "<!-- compiled: Examples/LearnerApp/Sources/movies-example/main.swift -->")
    with open(os.path.join(package, "Sources/Movies/MovieController.swift"), "w") as out:
        out.write(controller)
    with open(os.path.join(package, "Sources/Movies/main.swift"), "w") as out:
        out.write(main)
    bin_path = build(package, "YourOwnAPI")
    promised = re.search(r"`swift run` prints `([^`]+)`", article)
    if not promised:
        fail("YourOwnAPI.md no longer says what `swift run` prints")
    run_program(os.path.join(bin_path, "Movies"), server_binary, tutorial.MOVIES, "YourOwnAPI's first program",
                ["^" + re.escape(promised.group(1)) + "$", r"^  The Lighthouse Keeper \(2019\)$"])
    say(f"YourOwnAPI: built in Movies and printed `{promised.group(1)}`, as the article says")


def main():
    tutorial.in_private_network()
    result = run(["swift", "build", "--product", "fixture-server"], ROOT)
    if result.returncode != 0:
        print(result.stdout + result.stderr, file=sys.stderr)
        fail("swift build --product fixture-server failed")
    server_binary = os.path.join(run(["swift", "build", "--show-bin-path"], ROOT).stdout.strip(), "fixture-server")
    work = tempfile.mkdtemp(prefix="first-hour-")
    try:
        result = run(["git", "clone", "-q", ROOT, os.path.join(work, CLONE)], work)
        if result.returncode != 0:
            print(result.stderr, file=sys.stderr)
            fail("git clone of this checkout failed")
        say(f"a clone of this checkout's HEAD in {work}/{CLONE}")
        meet_the_menu(work, server_binary)
        your_own_api(work, server_binary)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    say("the tutorial's first chapter and 'Your own API''s first program work as written, in a folder not "
        f"named ServiceLayer ({CLONE}), in packages made by today's swift package init")


if __name__ == "__main__":
    main()
