"""Loads YAML keeping the file:line of every mapping, sequence and scalar.

PyYAML's composer gives nodes with marks; we build plain Python values
from them, but mappings become `Node`s that remember where each key was,
so every later error can point at the line that caused it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import yaml

from .errors import Location, SchemaError


class Node:
    """A YAML mapping: its entries and the location of each key."""

    def __init__(self, where: Location, items: dict[str, Any], key_lines: dict[str, Location]):
        self.where = where
        self.items = items
        self.key_lines = key_lines

    def at(self, key: str) -> Location:
        return self.key_lines.get(key, self.where)

    def get(self, key: str, default: Any = None) -> Any:
        return self.items.get(key, default)

    def __contains__(self, key: str) -> bool:
        return key in self.items

    def keys(self) -> Iterator[str]:
        return iter(self.items)

    def require(self, key: str) -> Any:
        if key not in self.items:
            raise SchemaError(self.where, f"missing required key '{key}'")
        return self.items[key]

    def check_keys(self, allowed: set[str], what: str) -> None:
        for key in self.items:
            if key not in allowed:
                hint = ", ".join(sorted(allowed))
                raise SchemaError(self.at(key), f"unknown key '{key}' in {what} (allowed: {hint})")


class Seq(list):
    """A YAML sequence that remembers the location of each element."""

    def __init__(self, where: Location, values: list[Any], lines: list[Location]):
        super().__init__(values)
        self.where = where
        self.lines = lines


def _where(file: str, node: yaml.Node) -> Location:
    return Location(file, node.start_mark.line + 1)


def _scalar(file: str, node: yaml.ScalarNode) -> Any:
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def _build(file: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return _scalar(file, node)
    if isinstance(node, yaml.MappingNode):
        items: dict[str, Any] = {}
        lines: dict[str, Location] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise SchemaError(_where(file, key_node), "mapping keys must be plain strings")
            key = str(key_node.value)
            if key in items:
                raise SchemaError(_where(file, key_node), f"duplicate key '{key}'")
            items[key] = _build(file, value_node)
            lines[key] = _where(file, key_node)
        return Node(_where(file, node), items, lines)
    assert isinstance(node, yaml.SequenceNode)
    return Seq(_where(file, node), [_build(file, n) for n in node.value],
               [_where(file, n) for n in node.value])


def load(path: Path, display: str) -> Any:
    """Parses one YAML file; `display` is the path shown in errors."""
    text = path.read_text(encoding="utf-8")
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 1
        raise SchemaError(Location(display, line), f"YAML syntax error: {err.problem}") from None
    if root is None:
        raise SchemaError(Location(display, 1), "empty schema file")
    return _build(display, root)
