"""Reading a rendered permalink page as a reader sees it: elements found by class, their
text with the markup taken out and the spaces collapsed."""

import lxml.html


def parse(response):
    assert response.status_code == 200
    return lxml.html.fromstring(response.content.decode())


def by_class(tree, cls):
    """Every element under `tree` (itself included) whose class list holds `cls`, in
    document order."""
    return tree.xpath(
        f'descendant-or-self::*[contains(concat(" ", normalize-space(@class), " "), " {cls} ")]'
    )


def text(element):
    return " ".join(element.text_content().split())


def carried(tree):
    """The sentence saying who carried the statement."""
    (sentence,) = by_class(tree, "carried")
    return text(sentence)
