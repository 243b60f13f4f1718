"""The spread of a statement drawn as an indented tree: the statement at the top, each
printing under the printing it took its words from (or under the statement), one row each,
so that it grows down rather than across and stays readable on a narrow screen."""

from dataclasses import dataclass

ROW = 28  # height of a row, in SVG units
INDENT = 18  # how far a copy stands right of its source
LEFT = 10
WIDTH = 360


@dataclass
class Node:
    key: object
    parent: object
    depth: int
    row: int

    @property
    def x(self) -> int:
        return LEFT + self.depth * INDENT

    @property
    def y(self) -> int:
        return ROW // 2 + self.row * ROW


def layout(edges: list[tuple[object, object]], order: list) -> list[Node]:
    """Nodes for `edges` ((copy, source or None)), the statement itself first (key None,
    row 0), each copy below its source, siblings in `order` (the printings' order). A
    source missing from `edges` or an edge that would make a circle hangs from the
    statement."""
    parents = dict(edges)
    known = set(parents)
    children: dict[object, list] = {}
    rank = {key: n for n, key in enumerate(order)}
    for copy, source in edges:
        if source not in known or _circles(copy, parents):
            source = None
        children.setdefault(source, []).append(copy)
    nodes: list[Node] = []
    stack = [(None, None, -1)]
    while stack:
        key, parent, depth = stack.pop()
        nodes.append(Node(key, parent, depth + 1, len(nodes)))
        below = sorted(children.get(key, []), key=lambda k: rank.get(k, 0), reverse=True)
        stack.extend((child, key, depth + 1) for child in below)
    return nodes


def _circles(copy, parents) -> bool:
    seen, current = {copy}, parents.get(copy)
    while current is not None:
        if current in seen:
            return True
        seen.add(current)
        current = parents.get(current)
    return False


def height(nodes: list[Node]) -> int:
    return ROW * len(nodes)
