"""Typed reads of a schema mapping's values: a wrong value is a
SchemaError at the line of its key."""
from __future__ import annotations

from typing import Any

from .errors import Location, SchemaError
from .yaml_source import Node


def string(node: Node, key: str, required: bool = False) -> str | None:
    value = node.get(key)
    if value is None:
        if required:
            raise SchemaError(node.where, f"missing required key '{key}'")
        return None
    if not isinstance(value, str) or not value.strip():
        raise SchemaError(node.at(key), f"'{key}' must be a non-empty string")
    return value


def mapping(value: Any, where: Location, what: str) -> Node:
    if not isinstance(value, Node):
        raise SchemaError(where, f"{what} must be a mapping")
    return value
