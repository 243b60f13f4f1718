"""Long articles: a live blog or a transcript printing a thousand quotations or more, archived
through `import_articles` into an empty archive and into the built one, each rolled back.

Two fictional articles, made of invented words: about 200 KB with 1,000 quotations (a short
narrative line after each), and about 1.6 MB with 3,000 (a paragraph after each), where
MAX_ARTICLE_QUOTATIONS stops. Forty invented speakers take turns, each introduced now and then,
so that extraction attributes them as it does in a real live blog, and linking meets a speaker's
earlier statements in the same article.
"""

import json
import random
from pathlib import Path

from .transfer import run_import, write_warm_up

# (label, quotations, narrative sentences after each, target seconds into either archive)
SIZES = (("200 KB", 1000, 1, 3.0), ("1.6 MB", 3000, 7, 25.0))
SYLLABLES = "ka lo mi ne ru ta vo si de pa gu fe zo ba ni te".split()
GIVEN = "Amra Belo Ciran Dovi Eska Faro Gilen Hano Ivra Jasko".split()
FAMILY = "Tomek Varun Sadol Pemra Okani Lutvi Kravo Genda".split()


def write(folder: Path, quotations: int, narrative: int, *, seed: int) -> int:
    """One fictional live blog in `folder`, with its manifest; its size in bytes."""
    rng = random.Random(seed)

    def word():
        return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3)))

    def sentence(length):
        return " ".join(word() for _ in range(length)).capitalize()

    people = [f"{given} {family}" for given in GIVEN for family in FAMILY][:40]
    paragraphs = ["Live: the fictional summit, hour by hour", ""]
    for i in range(quotations):
        name = rng.choice(people)
        if i % 10 == 0:
            paragraphs += [f"{name}, who chairs the fictional committee, spoke at the session.", ""]
        words = sentence(rng.randint(8, 18)) + ", " + sentence(rng.randint(4, 10)).lower()
        paragraphs += [f"“{words},” {name.split()[-1]} said.", ""]
        if narrative:
            paragraphs += [". ".join(sentence(12) for _ in range(narrative)) + ".", ""]
    paragraphs.append("This is a fictional article generated for the Verbatim benchmark.")
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    text = "\n".join(paragraphs) + "\n"
    (folder / "live.txt").write_text(text, encoding="utf-8")
    manifest = {
        "file": "live.txt",
        "outlet": "Bench Live",
        "url": f"https://bench-live.example/{seed}/{quotations}",
        "title": "Live: the fictional summit",
        "published": "2025-06-01",
    }
    (folder / "manifest.jsonl").write_text(json.dumps(manifest) + "\n", encoding="utf-8")
    write_warm_up(folder.parent)
    return len(text.encode())


def measure(output: Path, env: dict, empty_env: dict, *, seed: int, log) -> dict:
    """Each long article imported into the empty archive (made anew) and into the built one
    (vacuumed after): seconds, quotations a second, and the full archive's time over the
    empty one's."""
    from . import database

    results = {}
    for label, quotations, narrative, target in SIZES:
        folder = output / "long" / label.replace(" ", "").replace(".", "_")
        size = write(folder, quotations, narrative, seed=seed)
        database.make_empty(empty_env["DATABASE_URL"], empty_env)
        log(f"long article {label} ({size:,} bytes, {quotations:,} quotations): empty archive")
        empty = run_import(empty_env, folder)
        log(f"  {empty['seconds']} s; into the built archive")
        full = run_import(env, folder)
        database.vacuum(env["DATABASE_URL"])
        log(f"  {full['seconds']} s")
        results[label] = {
            "bytes": size,
            "quotations": quotations,
            "target_seconds": target,
            "empty_seconds": empty["seconds"],
            "full_seconds": full["seconds"],
            "full_over_empty": round(full["seconds"] / empty["seconds"], 2),
        }
    return results
