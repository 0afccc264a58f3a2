"""MkDocs hooks for the documentation site (mkdocs.yml): pages made from files outside docs/.

- ``index.md`` is README.md, its links into docs/ made relative to the site;
- ``benchmarks.md`` is benchmarks/README.md, its links to the scripts made plain text;
- files under examples/ that a page links to (``../examples/...``) are published beside it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
_EXAMPLE_LINK = re.compile(r"\]\(\.\./(examples/[^)#\s]*)")


def _readme() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    text = text.replace("](benchmarks/README.md)", "](benchmarks.md)")
    return re.sub(r"\]\(docs/", "](", text)


def _benchmarks() -> str:
    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    # links to the scripts themselves (not pages of the site) become code
    return re.sub(r"\[([^\]]+)\]\((?!https?:)[^)]*\.py\)", r"\1", text)


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    files.append(File.generated(config, "index.md", content=_readme()))
    files.append(File.generated(config, "benchmarks.md", content=_benchmarks()))
    linked: set[str] = set()
    for page in Path(config.docs_dir).glob("*.md"):
        linked.update(_EXAMPLE_LINK.findall(page.read_text(encoding="utf-8")))
    published: set[Path] = set()
    for target in sorted(linked):
        source = ROOT / target
        published.update(p for p in (source.iterdir() if source.is_dir() else [source]))
    for path in sorted(p for p in published if p.is_file()):
        uri = path.relative_to(ROOT).as_posix()
        files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Links to ``../examples/X`` point at the copy published with the site; a link to a folder
    (which a static site cannot list) points at the folder's first file."""

    def local(match: re.Match[str]) -> str:
        target = match.group(1)
        if target.endswith("/"):
            first = sorted(p for p in (ROOT / target).iterdir() if p.is_file())[0]
            target = first.relative_to(ROOT).as_posix()
        return f"]({target}"

    return _EXAMPLE_LINK.sub(local, markdown)
