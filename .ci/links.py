#!/usr/bin/env python3
"""Checks that every link of the repository's Markdown pages resolves.

The pages: every top-level *.md (README.md, CONTRIBUTING.md, BENCHMARKS.md, ...) and every *.md under
Examples/ and server-fixtures/. (The DocC articles link with <doc:...> and ``Symbol``, which
`docc convert --warnings-as-errors` checks in .ci/docs.sh.) A link, inline `[text](target)`, a reference
definition `[label]: target` or an image, resolves when it is:

- a path relative to its page (or, starting with `/`, to the repository root) naming a file or folder of
  the repository; with a `#fragment`, a Markdown file must have a heading of that GitHub anchor;
- `#fragment` alone: a heading of the page itself;
- a link to the published documentation site,
      https://<owner>.github.io/ServiceLayer/documentation/<module>/<page>[#fragment]
  (the GitHub Pages site that .ci/docs.sh builds and the workflow publishes; swiftpackageindex.com's
  `/<owner>/ServiceLayer/documentation/...` is read the same way): <module> must be a catalog
  (`servicelayer` is Sources/ServiceLayer/ServiceLayer.docc, `servicelayertesting`
  Sources/ServiceLayerTesting/ServiceLayerTesting.docc), and <page> an article of it (DocC names an
  article's page after its file, lowercased: Caching.md is `caching`) or a symbol of the built site
  (.build/docs-site/data/documentation/<module>/<page>.json; run .ci/docs.sh first);
- any other http(s) or mailto link: not checked (CI has no internet), counted.

Links inside code spans and code blocks are not links. Exit status 1 lists every link that does not
resolve. `--self-test` plants broken links in a copy of the pages and fails unless each is reported.
"""
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPOSITORY = "ServiceLayer"
CATALOGS = {
    "servicelayer": "Sources/ServiceLayer/ServiceLayer.docc",
    "servicelayertesting": "Sources/ServiceLayerTesting/ServiceLayerTesting.docc",
}
SITE = re.compile(
    r"^https://(?:[A-Za-z0-9-]+\.github\.io/" + REPOSITORY + r"|swiftpackageindex\.com/[^/]+/" + REPOSITORY + r")"
    r"/documentation/(?P<module>[^/#?]+)/?(?P<page>[^#?]*?)/?(?:#(?P<fragment>.*))?$"
)
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?(?P<target>[^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+<?(?P<target>\S+?)>?(?:\s+.*)?$")


def pages(root):
    """The Markdown pages whose links are checked, relative to `root`."""
    found = sorted(root.glob("*.md"))
    for folder in ("Examples", "server-fixtures"):
        found += sorted(path for path in (root / folder).rglob("*.md") if ".build" not in path.parts)
    return [path.relative_to(root) for path in found]


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with inline code spans blanked."""
    fence = None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if marker:
            if fence is None:
                fence = marker.group(1)[0] * len(marker.group(1))
                continue
            if stripped.startswith(fence):
                fence = None
                continue
        if fence is None:
            yield number, re.sub(r"(`+)(?:(?!\1).)+?\1", lambda m: " " * len(m.group(0)), line)


def links(text):
    """(line number, target) for every link of a page."""
    for number, line in prose_lines(text):
        for match in INLINE.finditer(line):
            yield number, match.group("target")
        reference = REFERENCE.match(line)
        if reference:
            yield number, reference.group("target")


def anchors(text):
    """The GitHub anchors of a page's headings (duplicates get -1, -2, ...)."""
    seen = {}
    result = set()
    for _, line in prose_lines(text):
        heading = re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not heading:
            continue
        title = re.sub(r"`|\*\*|__", "", heading.group(1))
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    for explicit in re.finditer(r"<a\s+(?:name|id)=\"([^\"]+)\"", text):
        result.add(explicit.group(1))
    return result


def site_problem(root, site_data, match):
    """Why a link to the published site does not resolve, or None."""
    module, page = match.group("module").lower(), match.group("page").lower()
    catalog = CATALOGS.get(module)
    if catalog is None:
        return f"no catalog for the module '{module}' (known: {', '.join(sorted(CATALOGS))})"
    if not page:
        return None
    articles = {path.stem.lower() for path in (root / catalog).rglob("*.md")}
    if "/" not in page and page in articles:
        return None
    symbol = site_data / module / f"{page}.json"
    if symbol.is_file():
        return None
    if not (site_data / module).is_dir():
        return f"'{page}' is no article of {catalog}; to check it as a symbol, build the site first (.ci/docs.sh)"
    return f"'{page}' is neither an article of {catalog} nor a symbol of the built site"


def check(root, site_data):
    """(problems, number of links checked, number of external links not checked)."""
    problems, checked, external = [], 0, 0
    for page in pages(root):
        text = (root / page).read_text()
        for number, target in links(text):
            where = f"{page}:{number}: {target}"
            site = SITE.match(target)
            if site:
                checked += 1
                problem = site_problem(root, site_data, site)
                if problem:
                    problems.append(f"{where}: {problem}")
                continue
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                external += 1
                continue
            checked += 1
            path, _, fragment = target.partition("#")
            if not path:
                if fragment not in anchors(text):
                    problems.append(f"{where}: no heading '#{fragment}' in {page}")
                continue
            resolved = (root / path.lstrip("/")) if path.startswith("/") else (root / page.parent / path)
            try:
                inside = resolved.resolve().is_relative_to(root.resolve())
            except OSError:
                inside = False
            if not inside:
                problems.append(f"{where}: outside the repository")
            elif not resolved.exists():
                problems.append(f"{where}: no such file or folder")
            elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved.read_text()):
                problems.append(f"{where}: no heading '#{fragment}' in {path}")
    return problems, checked, external


def self_test():
    """Plants one broken link of each kind in a copy of the pages; each must be reported, and the copy
    without them must pass."""
    planted = {
        "[gone](Sources/ServiceLayer/NoSuchFile.swift)": "no such file or folder",
        "[bad anchor](server-fixtures/README.md#no-such-heading)": "no heading '#no-such-heading'",
        "[own anchor](#no-such-section)": "no heading '#no-such-section'",
        "[no article](https://owner.github.io/ServiceLayer/documentation/servicelayer/nosucharticle)":
            "neither an article",
        "[no module](https://owner.github.io/ServiceLayer/documentation/nosuchmodule/caching)": "no catalog",
        "[escape](../outside.md)": "outside the repository",
    }
    good = [
        "[article](https://owner.github.io/ServiceLayer/documentation/servicelayer/caching)",
        "[symbol](https://owner.github.io/ServiceLayer/documentation/servicelayer/apiclient)",
        "[module](https://swiftpackageindex.com/owner/ServiceLayer/documentation/servicelayertesting)",
    ]
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    with tempfile.TemporaryDirectory() as temporary:
        copy = Path(temporary) / "repo"
        for name in files:
            target = copy / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if name.endswith(".md"):
                shutil.copyfile(ROOT / name, target)
            else:
                target.touch()
        site_data = Path(temporary) / "site-data"
        (site_data / "servicelayer").mkdir(parents=True)
        (site_data / "servicelayer" / "apiclient.json").write_text("{}")
        readme = copy / "README.md"
        original = readme.read_text()
        readme.write_text(original + "\n" + "\n".join(good) + "\n")
        problems, _, _ = check(copy, site_data)
        if problems:
            print("links self-test: the copy with only good links failed:")
            print("\n".join(problems))
            return 1
        readme.write_text(original + "\n" + "\n".join(good + list(planted)) + "\n")
        problems, _, _ = check(copy, site_data)
        missed = [link for link, reason in planted.items()
                  if not any(link.split("](")[1].rstrip(")") in p and reason in p for p in problems)]
        if missed or len(problems) != len(planted):
            print("links self-test: expected exactly the planted links to fail; reported:")
            print("\n".join(problems) or "(nothing)")
            print("missed:", ", ".join(missed) or "none")
            return 1
    print(f"links self-test: all {len(planted)} planted broken links were reported, the good ones passed")
    return 0


def main():
    if "--self-test" in sys.argv[1:]:
        return self_test()
    problems, checked, external = check(ROOT, ROOT / ".build/docs-site/data/documentation")
    for problem in problems:
        print(problem)
    print(f"links: {checked} links checked in {len(pages(ROOT))} pages ({external} external, not checked), "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
