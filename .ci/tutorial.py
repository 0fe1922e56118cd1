#!/usr/bin/env python3
"""The guided tutorial's steps, compiled and run (issue 46).

Reads the DocC tutorial of Sources/ServiceLayer/ServiceLayer.docc (the table of contents, then each
tutorial's sections, steps and `@Code(name:file:)` files), and fails on a `@Code` file that does not
exist, a step file no page uses, a step without code, or a step whose code is unchanged from the step
before it. Then it rebuilds every step as the learner's project stands after that step (each file name
holds the last version a step showed, from the tutorial's first step on) in one scratch package that
depends on this checkout by path (.build/tutorial-steps): one executable target per command-line step,
one test target per test step, every warning an error in Swift 6 mode, so one `swift build --build-tests`
compiles them all. The command-line steps are type-checked again with main-actor default isolation (an
Xcode 26 app target's setting). Each section's last program (and the steps listed in RUNS) then runs
against a `fixture-server` it starts on port 8090, where the step code points as the learner's does,
and its output is checked for the stable parts the page promises (the categories, the movies, the
error's status, path and fix) — not whole sentences, which may be translated. Test steps run with
`swift test`. The "Show it in an app" steps are SwiftUI: `--ios OUT` writes them as module folders for
.ci/tutorial-ios.sh, which type-checks them for iOS.

Port 8090: when `unshare -rn` works (a user and network namespace), the servers and programs run in a
private network where 8090 is always free; otherwise on the machine's loopback, failing clearly when
8090 is taken.

  python3 .ci/tutorial.py              # check, build, type-check, run
  python3 .ci/tutorial.py --list       # print the chapters, sections and steps, then stop
  python3 .ci/tutorial.py --ios OUT    # write the iOS steps' module folders into OUT, then stop
  python3 .ci/tutorial.py --self-test  # the page checks fail on planted faults (a copy of the catalog)
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
# TUTORIAL_CATALOG: another copy of the catalog, for the self-test's planted faults.
CATALOG = os.environ.get("TUTORIAL_CATALOG") or os.path.join(ROOT, "Sources/ServiceLayer/ServiceLayer.docc")
TUTORIALS = os.path.join(CATALOG, "Tutorials")
RESOURCES = os.path.join(CATALOG, "Resources")
TOC = os.path.join(TUTORIALS, "ServiceLayerTutorials.tutorial")
SCRATCH = os.path.join(ROOT, ".build/tutorial-steps")
PORT = 8090

# What each tutorial's steps are: command-line programs (`cli`), XCTest files (`tests`), or SwiftUI
# screens type-checked for iOS (`ios`). A tutorial not listed here fails: say how to check it.
KINDS = {
    "MeetTheMenu": "cli",
    "WhenSomethingGoesWrong": "cli",
    "YourOwnAPIStepByStep": "cli",
    "TestIt": "tests",
    "ShowItInAnApp": "ios",
}

MOVIES = ["--api", os.path.join(ROOT, "server-fixtures/Examples/movies")]

# The programs that run, by "Tutorial/section/step" (1-based): the server they need (None: no server,
# [] the built-in APIs, or these arguments), and the lines the page says they print (regular
# expressions, searched in stdout + stderr; one that starts with "!" must not match). Every section's last step must be here; a step before it
# may be (an error the learner reads, then fixes). Test steps list the XCTest summary.
RUNS = {
    # Returning from main.swift: no categories, and ServiceLayer's warning names the fix.
    "MeetTheMenu/1/2": ([], [r"!^Categories:", r"dispatchMain\(\)"]),
    "MeetTheMenu/1/3": ([], [r"^Categories: appetizers, salads, soups, entrees, desserts, sandwiches$"]),
    "MeetTheMenu/2/2": (
        [],
        [
            r"^Categories: appetizers, salads, soups, entrees, desserts, sandwiches$",
            r"^entrees:$",
            r"^  #4 Ham and mushroom ravioli, \$8\.00$",
            r"^  #1 Spaghetti and Meatballs, ",
            r"^  #5 Chicken Noodle Soup, \$3\.50$",
            r"^  #3 Grilled Steelhead Trout, \$12\.75\n(?:desserts|sandwiches):",
            r"^desserts:\n  \(no dishes in this category yet\)$",
            r"^sandwiches:\n  \(no dishes in this category yet\)$",
        ],
    ),
    "MeetTheMenu/3/2": (
        [],
        [r"^#1 Spaghetti and Meatballs, ", r"picture at http://(localhost|127\.0\.0\.1):8090/images/1\.png",
         r"^  saved as dish-1\.png, a PNG: true$"],
    ),
    "MeetTheMenu/4/1": ([], [r"^Adding Chicken Noodle Soup, \$3\.50$", r"^Order updated: 1 item\(s\)$"]),
    "MeetTheMenu/4/2": (
        [],
        [r"^Order updated: 1 item\(s\)$", r"^Order sent: ready in 5 minutes$", r"^Order updated: 0 item\(s\)$"],
    ),
    # The order's countdown, streamed: every minute left, then ready (the order's number is the server's).
    "MeetTheMenu/5/1": (
        [],
        [r"^Order sent: ready in 5 minutes$", r"^Order \d+: 5 min left\nOrder \d+: 4 min left\n", r"^Order \d+: 1 min left$",
         r"^Order \d+ is ready!$", r"!no countdown"],
    ),
    # A streamed chat answer, word by word up to [DONE], on one line.
    "MeetTheMenu/5/2": (
        [],
        [r'^You asked: "What is on the menu\?"\. This is the fixture server\'s chat mock: .* ends with \[DONE\]\.$',
         r"!The chat failed"],
    ),
    # No server: the error names the URL and says to start the fixture server.
    "WhenSomethingGoesWrong/1/2": (
        None,
        [r"^What happened: .*localhost:8090/categories", r"^Fix: .*fixture-server"],
    ),
    # A mistyped path: a 404 that names the path and the route that would have worked.
    "WhenSomethingGoesWrong/2/1": ([], [r"^What happened: .*404", r"categoris", r"/categories", r"^Status: 404$"]),
    "WhenSomethingGoesWrong/2/2": ([], [r"^Categories: appetizers, salads, soups, entrees, desserts, sandwiches$"]),
    # A model that does not match: the error names the field.
    "WhenSomethingGoesWrong/3/2": ([], [r"^What happened: .*/menu", r"price", r"^Fix: .*price"]),
    "WhenSomethingGoesWrong/3/3": ([], [r"^#5 Chicken Noodle Soup: 3\.5$"]),
    "YourOwnAPIStepByStep/1/3": (MOVIES, [r"^Popular movies, page 1 of 2:$", r"^  The Lighthouse Keeper \(2019\)$"]),
    "YourOwnAPIStepByStep/2/2": (
        MOVIES,
        [r"^Popular movies, page 1 of 2:$", r"^Popular movies, page 2 of 2:$", r"^  The Lighthouse Keeper \(2019\)$"],
    ),
    "YourOwnAPIStepByStep/3/3": (
        MOVIES,
        [r"^The Lighthouse Keeper \(2019\), directed by Mara Quist$", r"^  A keeper on a remote island",
         r"^  genre: drama, tags: island, mystery$"],
    ),
    "YourOwnAPIStepByStep/4/3": (
        MOVIES,
        [r"^Created movie #\d+: The Fixture Server \(2026\)$",
         r"^The server now has #\d+: The Fixture Server, directed by You$"],
    ),
    "TestIt/1/3": (None, [r"Executed 2 tests, with 0 failures"]),
    "TestIt/2/2": (None, [r"Executed 3 tests, with 0 failures"]),
}


def fail(message):
    print("tutorial: " + message, file=sys.stderr)
    sys.exit(1)


# MARK: - Reading the pages


def tutorial_order():
    """The tutorials of the table of contents, in its order."""
    if not os.path.isfile(TOC):
        fail(f"no table of contents at {os.path.relpath(TOC, ROOT)}")
    names = re.findall(r'@TutorialReference\(tutorial:\s*"doc:([A-Za-z0-9_-]+)"\)', open(TOC).read())
    pages = sorted(f[: -len(".tutorial")] for f in os.listdir(TUTORIALS) if f.endswith(".tutorial"))
    for page in pages:
        if page != "ServiceLayerTutorials" and page not in names:
            fail(f"Tutorials/{page}.tutorial is not in the table of contents")
    for name in names:
        if name not in pages:
            fail(f"the table of contents names doc:{name}, which has no Tutorials/{name}.tutorial")
    return names


def read_steps(name):
    """[(section, step, [(code name, file, previousFile or None)])] of one tutorial, 1-based."""
    text = open(os.path.join(TUTORIALS, name + ".tutorial")).read()
    steps, section, step = [], 0, 0
    for match in re.finditer(r"@Section\(|@Step\s*\{|@Code\(([^)]*)\)", text):
        token = match.group(0)
        if token.startswith("@Section"):
            section, step = section + 1, 0
        elif token.startswith("@Step"):
            step += 1
            steps.append((section, step, []))
        else:
            args = dict(re.findall(r'(\w+):\s*"([^"]*)"', match.group(1)))
            if "name" not in args or "file" not in args:
                fail(f"{name}.tutorial: a @Code without name: and file: ({token})")
            if not steps or steps[-1][0] != section:
                fail(f"{name}.tutorial: a @Code outside a step ({token})")
            steps[-1][2].append((args["name"], args["file"], args.get("previousFile")))
    if not steps:
        fail(f"{name}.tutorial has no steps")
    return steps


def resource(file):
    """The path of a @Code file anywhere in the catalog (DocC finds resources by name), or None."""
    for folder, _, files in os.walk(CATALOG):
        if file in files:
            return os.path.join(folder, file)
    return None


def check_pages():
    """Every page's steps with their files' contents: fails on a missing, unused or unchanged file."""
    chapters, used = [], set()
    for name in tutorial_order():
        if name not in KINDS:
            fail(f"{name}.tutorial: add it to KINDS in .ci/tutorial.py (cli, tests or ios)")
        project, snapshots = {}, []
        for section, step, codes in read_steps(name):
            where = f"{name}.tutorial, section {section}, step {step}"
            if not codes:
                fail(f"{where}: a step without @Code (each step shows the code it changes)")
            changed = False
            for code_name, file, previous in codes:
                path = resource(file)
                if path is None:
                    fail(f"{where}: @Code file {file} does not exist in the catalog")
                used.add(file)
                if previous is not None:
                    if resource(previous) is None:
                        fail(f"{where}: previousFile {previous} does not exist in the catalog")
                    if project.get(code_name, (None, None))[0] != previous:
                        fail(f"{where}: previousFile {previous} is not the step before's {code_name}")
                content = open(path).read()
                if project.get(code_name, (None, None))[1] != content:
                    changed = True
                project[code_name] = (file, content)
            if not changed:
                fail(f"{where}: its code is unchanged from the step before it")
            snapshots.append((section, step, dict(project)))
        chapters.append((name, snapshots))
    pages = "".join(open(os.path.join(TUTORIALS, f)).read() for f in os.listdir(TUTORIALS))
    for image in re.findall(r'@Image\(source:\s*"([^"]+)"', pages):
        if resource(image) is None:
            fail(f"@Image source {image} does not exist in the catalog")
        used.add(image)
    for file in sorted(os.listdir(RESOURCES)):
        if file not in used:
            fail(f"Resources/{file} is a file no tutorial page uses")
    return chapters


# MARK: - The scratch package


def target_name(name, section, step):
    return f"{name}_{section}_{step}"


def swift_files(project):
    return {code_name: content for code_name, (_, content) in project.items()
            if code_name.endswith(".swift") and code_name != "Package.swift"}


# Which step file each scratch file came from, by target: for the build's error messages.
SOURCES = {}


def write_scratch(chapters):
    """The scratch package: one target per step; returns [(target, kind)]."""
    steps_dir = os.path.join(SCRATCH, "Steps")
    shutil.rmtree(steps_dir, ignore_errors=True)
    os.makedirs(steps_dir)
    identity = os.path.basename(ROOT).lower()
    dependency = {
        "cli": ["ServiceLayer"],
        "tests": ["ServiceLayer", "ServiceLayerTesting", "FixtureServer"],
    }
    targets, declarations = [], []
    for name, snapshots in chapters:
        kind = KINDS[name]
        if kind == "ios":
            continue
        for section, step, project in snapshots:
            files = swift_files(project)
            if not files:
                continue  # a manifest-only step: check_manifests reads it
            target = target_name(name, section, step)
            folder = os.path.join(steps_dir, target)
            os.makedirs(folder)
            for file, content in files.items():
                with open(os.path.join(folder, file), "w") as out:
                    out.write(content)
            products = ", ".join(f'.product(name: "{p}", package: "{identity}")' for p in dependency[kind])
            # A command-line step without main.swift yet (a model, a controller) is a library target.
            function = "testTarget" if kind == "tests" else "executableTarget" if "main.swift" in files else "target"
            declarations.append(
                f'        .{function}(name: "{target}", dependencies: [{products}], path: "Steps/{target}",\n'
                f'            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),'
            )
            targets.append((target, kind, name, section, step))
            SOURCES[target] = {file: origin for file, (origin, _) in project.items()}
    manifest = f"""// swift-tools-version:6.0
// Written by .ci/tutorial.py: every step of the tutorial as the learner's project stands after it.
import PackageDescription

let package = Package(
    name: "TutorialSteps",
    platforms: [.macOS(.v12)],
    dependencies: [.package(path: {ROOT!r})],
    targets: [
{chr(10).join(declarations)}
    ],
    swiftLanguageModes: [.v6]
)
""".replace("'", '"')
    path = os.path.join(SCRATCH, "Package.swift")
    if not os.path.isfile(path) or open(path).read() != manifest:
        with open(path, "w") as out:
            out.write(manifest)
    return targets


def check_manifests(chapters):
    """Each step's Package.swift is a manifest SwiftPM reads (with ServiceLayer as its dependency)."""
    for name, snapshots in chapters:
        seen = set()
        for section, step, project in snapshots:
            if "Package.swift" not in project or project["Package.swift"][0] in seen:
                continue
            file, content = project["Package.swift"]
            seen.add(file)
            with tempfile.TemporaryDirectory() as folder:
                package = os.path.join(folder, "MenuTour")
                os.makedirs(os.path.join(package, "Sources/MenuTour"))
                with open(os.path.join(package, "Package.swift"), "w") as out:
                    out.write(content)
                with open(os.path.join(package, "Sources/MenuTour/main.swift"), "w") as out:
                    out.write('print("hello")\n')
                result = subprocess.run(["swift", "package", "dump-package"], cwd=package,
                                        capture_output=True, text=True)
                if result.returncode != 0 or '"ServiceLayer"' not in result.stdout:
                    print(result.stdout + result.stderr, file=sys.stderr)
                    fail(f"{name}.tutorial, {file}: not a manifest that depends on ServiceLayer")


def run(command, **kwargs):
    print("+ " + " ".join(command), flush=True)
    return subprocess.run(command, **kwargs)


def build(targets):
    log = os.path.join(SCRATCH, "build.log")
    with open(log, "w") as out:
        result = run(["swift", "build", "--build-tests", "--package-path", SCRATCH], stdout=out,
                     stderr=subprocess.STDOUT)
    text = open(log).read()
    problems = list(dict.fromkeys(line for line in text.splitlines()
                                  if re.search(r"(error|warning):", line) and "/Steps/" in line))
    if result.returncode != 0 or problems:
        print("\n".join(problems) or text[-6000:], file=sys.stderr)
        for line in problems:
            match = re.search(r"/Steps/(\w+)_(\d+)_(\d+)/([^:/]+):(\d+)", line)
            if match:
                name, section, step, file, number = match.groups()
                origin = SOURCES.get(f"{name}_{section}_{step}", {}).get(file, file)
                print(f"  = {name}.tutorial, section {section}, step {step}: Resources/{origin}:{number}",
                      file=sys.stderr)
        fail("a step does not compile without warnings in Swift 6 mode (see above)")
    print(f"tutorial: built {len(targets)} steps in one package")


def typecheck_main_actor(targets):
    """The command-line steps again, with main-actor default isolation (Xcode 26 app targets)."""
    modules = subprocess.run(["swift", "build", "--package-path", SCRATCH, "--show-bin-path"],
                             capture_output=True, text=True, check=True).stdout.strip()
    checked = 0
    for target, kind, *_ in targets:
        if kind != "cli":
            continue
        folder = os.path.join(SCRATCH, "Steps", target)
        files = sorted(os.path.join(folder, f) for f in os.listdir(folder))
        result = subprocess.run(
            ["swiftc", "-typecheck", "-swift-version", "6", "-default-isolation", "MainActor",
             "-warnings-as-errors", "-I", os.path.join(modules, "Modules"), "-module-name", target] + files,
            capture_output=True, text=True)
        if result.returncode != 0:
            print(result.stdout + result.stderr, file=sys.stderr)
            fail(f"{target} does not compile with main-actor default isolation")
        checked += 1
    print(f"tutorial: {checked} command-line steps type-check with main-actor default isolation too")


# MARK: - Running against the fixture server


def port_is_free():
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", PORT))
            return True
        except OSError:
            return False


def start_server(server_binary, arguments, log):
    if not port_is_free():
        fail(f"port {PORT} is in use: the tutorial's programs talk to http://localhost:{PORT}/ as the "
             "learner's do. Stop what listens there (another fixture-server?) and run again.")
    process = subprocess.Popen([server_binary] + arguments, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    for _ in range(200):
        with open(log.name) as text:
            if "listening on" in text.read():
                return process
        if process.poll() is not None:
            print(open(log.name).read(), file=sys.stderr)
            fail("fixture-server did not start")
        time.sleep(0.05)
    process.kill()
    fail("fixture-server did not say it was listening within 10 s")


def check_output(key, output, expected):
    # A pattern that starts with "!" must not match.
    def seen(pattern):
        return re.search(pattern.removeprefix("!"), output, re.MULTILINE) is not None

    missing = [pattern for pattern in expected if seen(pattern) == pattern.startswith("!")]
    if missing:
        print(output, file=sys.stderr)
        fail(f"{key} did not print what its page says ({', '.join(missing)}); its output is above")


def run_programs(targets, server_binary):
    keys = {f"{name}/{section}/{step}": (target, kind) for target, kind, name, section, step in targets}
    finals = {}
    for target, kind, name, section, step in targets:
        finals[f"{name}/{section}"] = f"{name}/{section}/{step}"
    for final in finals.values():
        if final not in RUNS:
            fail(f"{final} ends a section but has no entry in RUNS (what does it print?)")
    for key in RUNS:
        if key not in keys:
            fail(f"RUNS names {key}, which is no compiled step")
    bin_path = subprocess.run(["swift", "build", "--package-path", SCRATCH, "--show-bin-path"],
                              capture_output=True, text=True, check=True).stdout.strip()
    for key, (server_arguments, expected) in RUNS.items():
        target, kind = keys[key]
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as work, open(os.path.join(work, "server.log"), "w") as log:
            server = start_server(server_binary, server_arguments, log) if server_arguments is not None else None
            try:
                if kind == "cli":
                    result = subprocess.run([os.path.join(bin_path, target)], cwd=work, capture_output=True,
                                            text=True, timeout=60)
                else:
                    result = subprocess.run(["swift", "test", "--skip-build", "--package-path", SCRATCH,
                                             "--filter", f"^{target}\\."], capture_output=True, text=True,
                                            timeout=300)
            except subprocess.TimeoutExpired as timeout:
                output = (timeout.stdout or b"").decode() if isinstance(timeout.stdout, bytes) else timeout.stdout or ""
                print(output, file=sys.stderr)
                fail(f"{key} did not end within {timeout.timeout:.0f} s (its output so far is above)")
            finally:
                if server is not None:
                    server.terminate()
                    server.wait(timeout=10)
        check_output(key, result.stdout + result.stderr, expected)
        if kind == "cli" and result.returncode != 0:
            print(result.stdout + result.stderr, file=sys.stderr)
            fail(f"{key} exited with status {result.returncode}")
        print(f"tutorial: {key} printed what its page says ({time.monotonic() - started:.1f} s)")


# MARK: - iOS steps


def write_ios(chapters, out):
    """The iOS steps as module folders, in order; prints one `NAME DIR` line each."""
    os.makedirs(out, exist_ok=True)
    for name, snapshots in chapters:
        if KINDS[name] != "ios":
            continue
        for section, step, project in snapshots:
            target = target_name(name, section, step)
            folder = os.path.join(out, target)
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder)
            for file, content in swift_files(project).items():
                with open(os.path.join(folder, file), "w") as handle:
                    handle.write(content)
            print(target, folder)


def in_private_network():
    """Runs this script again in its own network namespace, when the system allows it."""
    if os.environ.get("TUTORIAL_NETNS") or os.environ.get("TUTORIAL_NO_NETNS"):
        return False
    probe = subprocess.run(["unshare", "-rn", "ip", "link", "set", "lo", "up"], capture_output=True)
    if probe.returncode != 0:
        print("tutorial: no private network namespace here (unshare -rn); using this machine's port 8090")
        return False
    command = 'ip link set lo up && exec "$@"'
    result = subprocess.run(["unshare", "-rn", "sh", "-c", command, "sh", sys.executable] + sys.argv,
                            env=dict(os.environ, TUTORIAL_NETNS="1"))
    sys.exit(result.returncode)


def self_test():
    """Proves the page checks fail on each planted fault, in a temporary copy of the catalog."""
    faults = [
        ("a step whose code is unchanged", "unchanged from the step before",
         lambda c: replace(c, "Tutorials/MeetTheMenu.tutorial", '"menu-1-3-main.swift"', '"menu-1-2-main.swift"')),
        ("a @Code file that does not exist", "does not exist in the catalog",
         lambda c: os.remove(os.path.join(c, "Resources/menu-2-1-main.swift"))),
        ("a step file no page uses", "no tutorial page uses",
         lambda c: shutil.copy(os.path.join(c, "Resources/menu-2-1-main.swift"), os.path.join(c, "Resources/extra.swift"))),
        ("a tutorial missing from the table of contents", "not in the table of contents",
         lambda c: replace(c, "Tutorials/ServiceLayerTutorials.tutorial", '@TutorialReference(tutorial: "doc:TestIt")', "")),
    ]
    for what, message, plant in faults:
        with tempfile.TemporaryDirectory() as folder:
            copy = os.path.join(folder, "ServiceLayer.docc")
            shutil.copytree(CATALOG, copy)
            plant(copy)
            result = subprocess.run([sys.executable, __file__, "--list"], capture_output=True, text=True,
                                    env=dict(os.environ, TUTORIAL_CATALOG=copy))
            if result.returncode == 0 or message not in result.stderr:
                print(result.stdout + result.stderr, file=sys.stderr)
                fail(f"self-test: {what} was not caught")
            print(f"tutorial: self-test: {what} fails ({result.stderr.strip()})")


def replace(catalog, page, old, new):
    path = os.path.join(catalog, page)
    text = open(path).read()
    if old not in text:
        fail(f"self-test: {page} no longer holds {old}")
    with open(path, "w") as out:
        out.write(text.replace(old, new, 1))


def main():
    arguments = sys.argv[1:]
    if arguments[:1] == ["--self-test"]:
        self_test()
        return
    started = time.monotonic()
    chapters = check_pages()
    steps = sum(len(snapshots) for _, snapshots in chapters)
    if arguments[:1] == ["--list"]:
        for name, snapshots in chapters:
            print(f"{name} ({KINDS[name]}): {len(snapshots)} steps")
            for section, step, project in snapshots:
                print(f"  {section}.{step}: " + ", ".join(f"{n} = {f}" for n, (f, _) in sorted(project.items())))
        print(f"{len(chapters)} chapters, {steps} steps")
        return
    if arguments[:1] == ["--ios"]:
        write_ios(chapters, arguments[1])
        return
    print(f"tutorial: {len(chapters)} chapters, {steps} steps; every @Code file exists, is used and changes")
    in_private_network()
    check_manifests(chapters)
    os.makedirs(SCRATCH, exist_ok=True)
    targets = write_scratch(chapters)
    build(targets)
    typecheck_main_actor(targets)
    result = run(["swift", "build", "--product", "fixture-server"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout + result.stderr, file=sys.stderr)
        fail("swift build --product fixture-server failed")
    server_binary = os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                       check=True).stdout.strip(), "fixture-server")
    run_programs(targets, server_binary)
    print(f"tutorial: every step compiles and every section's last program prints what its page says "
          f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
