"""The one error type of the generator: a schema problem at a file:line."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class SchemaError(Exception):
    """Stops generation; prints as `file:line: message`."""

    def __init__(self, where: Location, message: str):
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message
