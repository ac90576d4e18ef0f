"""The repository stands alone: what its files cite is inside it.

Code, tests, scripts and the README may refer to the design and the rules only as
docs/DESIGN.md and docs/RULES.md, those files must exist, and every ruling id cited anywhere
(`C-7`, `PR-11`, ...) must be one docs/RULES.md defines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs/RULES.md"
#: Folders that are not the project's own files (tools' caches, local data, the virtualenv).
NOT_OURS = {".git", ".venv", "venv", "__pycache__", "data", ".pytest_cache", ".ruff_cache",
            ".hypothesis", ".benchmarks", "gallery", "node_modules"}

# Spelt in pieces so that this file does not match its own patterns.
OUTSIDE = re.compile("|".join(re.escape(p) for p in ("../" + "shared", "/work/" + "shared",
                                                     "seeds" + "/")))
#: A design or rules document named without docs/ in front: a file outside the repository.
BARE_DOC = re.compile(r"(?<!docs/)(?<![\w-])(?:RULES|DESIGN)\.md")
DOC_PATH = re.compile(r"(?<![\w/.-])docs/[\w./-]+?\.md\b")
MARKDOWN_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
RULING_ID = re.compile(r"\b(?:G|C|PC|CR|PR|PP)-\d+\b")
RULING_DEFINED = re.compile(r"^- \*\*((?:G|C|PC|CR|PR|PP)-\d+)\*\*", re.MULTILINE)


def text_files() -> Iterator[tuple[Path, str]]:
    """Every text file of the project, with its contents (binary files are skipped)."""
    for path in sorted(ROOT.rglob("*")):
        relative = path.relative_to(ROOT)
        if not path.is_file() or NOT_OURS.intersection(relative.parts):
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue
        try:
            yield relative, data.decode("utf-8")
        except UnicodeDecodeError:
            continue


def lines_matching(pattern: re.Pattern[str], *, outside_docs: bool) -> list[str]:
    found = []
    for relative, text in text_files():
        if outside_docs and relative.parts[0] == "docs":
            continue
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{relative}:{number}: {m.group(0)}" for m in pattern.finditer(line)]
    return found


def defined_rulings() -> list[str]:
    return RULING_DEFINED.findall(RULES.read_text(encoding="utf-8"))


def test_the_walk_reads_the_project_files() -> None:
    names = {str(relative) for relative, _ in text_files()}
    assert {"README.md", "docs/DESIGN.md", "docs/RULES.md", "engine/contract.py",
            "tests/test_docs.py"} <= names
    assert not any(name.startswith(".venv/") for name in names)


def test_no_file_points_outside_the_repository() -> None:
    assert lines_matching(OUTSIDE, outside_docs=False) == []


def test_design_and_rules_are_cited_by_their_place_in_docs() -> None:
    assert lines_matching(BARE_DOC, outside_docs=True) == []


def test_every_cited_docs_file_exists() -> None:
    cited = lines_matching(DOC_PATH, outside_docs=False)
    assert cited, "the README points to docs/"
    missing = [c for c in cited if not (ROOT / c.rsplit(": ", 1)[1]).is_file()]
    assert missing == []


def test_every_relative_link_in_markdown_resolves() -> None:
    broken = []
    for relative, text in text_files():
        if relative.suffix != ".md":
            continue
        for target in MARKDOWN_LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            if not (ROOT / relative.parent / target).exists():
                broken.append(f"{relative}: {target}")
    assert broken == []


def test_rulings_are_numbered_once_each_and_in_order_per_game() -> None:
    ids = defined_rulings()
    assert len(ids) == len(set(ids))
    by_section: dict[str, list[int]] = {}
    for ruling in ids:
        section, number = ruling.split("-")
        by_section.setdefault(section, []).append(int(number))
    assert set(by_section) == {"G", "C", "PC", "CR", "PR", "PP"}
    for section, numbers in by_section.items():
        assert numbers == sorted(numbers), section  # a retired number stays unused, so gaps may be


def test_every_ruling_cited_anywhere_exists() -> None:
    defined = set(defined_rulings())
    cited = lines_matching(RULING_ID, outside_docs=False)
    assert any(c.startswith("engine/") for c in cited), "code cites rulings by id"
    unknown = [c for c in cited if c.rsplit(": ", 1)[1] not in defined]
    assert unknown == []


def test_every_gamespec_field_is_in_the_design_table() -> None:
    """A new game's author reads docs/DESIGN.md's GameSpec table for what a spec may say:
    every field of engine.spec.GameSpec has a row there."""
    from dataclasses import fields

    from engine.spec import GameSpec

    design = (ROOT / "docs/DESIGN.md").read_text("utf-8")
    table = design[design.index("### GameSpec"):design.index("## How a game plugs in")]
    rows = " ".join(line.split("|")[1] for line in table.splitlines()
                    if line.startswith("| `"))
    documented = set(re.findall(r"`(\w+)`", rows))
    assert {f.name for f in fields(GameSpec)} - documented == set()
